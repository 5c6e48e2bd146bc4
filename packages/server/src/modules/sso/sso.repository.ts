import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ssoConfigs, ssoDomains, ssoLogins } from '../../db/schema';

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;
export type SsoLoginRow = typeof ssoLogins.$inferSelect;

/** A configuration with its domains (sorted). */
export interface SsoConfigWithDomains {
  config: SsoConfigRow;
  domains: string[];
}

/** The only place that reads and writes the single sign-on tables (issue 59). */
export const ssoRepository = {
  async configOf(db: DbOrTx, organisationId: string): Promise<SsoConfigWithDomains | undefined> {
    const rows = await db.select().from(ssoConfigs).where(eq(ssoConfigs.organisationId, organisationId)).limit(1);
    const config = rows[0];
    if (!config) return undefined;
    const domains = await db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.organisationId, organisationId)).orderBy(ssoDomains.domain);
    return { config, domains: domains.map((d) => d.domain) };
  },

  /** The configuration that covers an e-mail domain, in one indexed lookup. */
  async configOfDomain(db: DbOrTx, domain: string): Promise<SsoConfigRow | undefined> {
    const rows = await db
      .select({ config: ssoConfigs })
      .from(ssoDomains)
      .innerJoin(ssoConfigs, eq(ssoConfigs.organisationId, ssoDomains.organisationId))
      .where(eq(ssoDomains.domain, domain))
      .limit(1);
    return rows[0]?.config;
  },

  /** Of these domains, those another organisation's single sign-on covers. */
  async domainsTakenByOthers(db: DbOrTx, organisationId: string, domains: readonly string[]): Promise<string[]> {
    if (domains.length === 0) return [];
    const rows = await db
      .select({ domain: ssoDomains.domain })
      .from(ssoDomains)
      .where(and(inArray(ssoDomains.domain, [...domains]), ne(ssoDomains.organisationId, organisationId)))
      .orderBy(ssoDomains.domain);
    return rows.map((r) => r.domain);
  },

  async insertConfig(db: DbOrTx, row: typeof ssoConfigs.$inferInsert): Promise<SsoConfigRow | undefined> {
    const rows = await db.insert(ssoConfigs).values(row).onConflictDoNothing().returning();
    return rows[0];
  },

  /** Updates the configuration when it is still at `version`; undefined when it changed (or is gone). */
  async updateConfig(
    db: DbOrTx,
    organisationId: string,
    version: number,
    set: Pick<SsoConfigRow, 'issuer' | 'clientId' | 'clientSecretBox' | 'requireSso' | 'updatedBy' | 'updatedAt'>,
  ): Promise<SsoConfigRow | undefined> {
    const rows = await db
      .update(ssoConfigs)
      .set({ ...set, version: sql`${ssoConfigs.version} + 1` })
      .where(and(eq(ssoConfigs.organisationId, organisationId), eq(ssoConfigs.version, version)))
      .returning();
    return rows[0];
  },

  async deleteConfig(db: DbOrTx, organisationId: string, version: number): Promise<boolean> {
    const rows = await db
      .delete(ssoConfigs)
      .where(and(eq(ssoConfigs.organisationId, organisationId), eq(ssoConfigs.version, version)))
      .returning({ id: ssoConfigs.organisationId });
    return rows.length === 1;
  },

  /** The organisation's domains become exactly these (a domain of another organisation fails on its key). */
  async replaceDomains(db: DbOrTx, organisationId: string, domains: readonly string[], now: Date): Promise<void> {
    await db.delete(ssoDomains).where(eq(ssoDomains.organisationId, organisationId));
    if (domains.length > 0) await db.insert(ssoDomains).values(domains.map((domain) => ({ domain, organisationId, createdAt: now })));
  },

  /** Whether a password is refused for this e-mail domain (an organisation requires single sign-on for it). */
  async ssoRequiredForDomain(db: DbOrTx, domain: string): Promise<boolean> {
    const rows = await db
      .select({ one: sql<number>`1` })
      .from(ssoDomains)
      .innerJoin(ssoConfigs, eq(ssoConfigs.organisationId, ssoDomains.organisationId))
      .where(and(eq(ssoDomains.domain, domain), eq(ssoConfigs.requireSso, true)))
      .limit(1);
    return rows.length > 0;
  },

  async insertLogin(db: DbOrTx, row: typeof ssoLogins.$inferInsert): Promise<void> {
    await db.insert(ssoLogins).values(row);
  },

  /**
   * Uses a started sign-in up, in one statement: unused and unexpired at `now`; undefined when it
   * is unknown, expired or was used (a replayed callback).
   */
  async claimLogin(db: DbOrTx, stateHash: string, now: Date): Promise<SsoLoginRow | undefined> {
    const rows = await db
      .update(ssoLogins)
      .set({ usedAt: now })
      .where(and(eq(ssoLogins.stateHash, stateHash), isNull(ssoLogins.usedAt), gt(ssoLogins.expiresAt, now)))
      .returning();
    return rows[0];
  },

  /** Started sign-ins that ended before `before` (used or expired), which nothing reads again. */
  async deleteLoginsBefore(db: DbOrTx, before: Date): Promise<void> {
    await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, before));
  },
};

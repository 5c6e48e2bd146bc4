import type { Language } from '@palisade/domain/i18n/catalogue';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { UserType } from '@palisade/domain/user-types';
import type { DbOrTx } from '../../db/client';
import { organisations, userOrganisations, users } from '../../db/schema';
import type { UserRow } from '../auth/auth.repository';

export type OrganisationRow = typeof organisations.$inferSelect;

const assocOf = sql<string[]>`coalesce((select array_agg(uo.organisation_id order by uo.created_at, uo.organisation_id) from ${userOrganisations} uo where uo.user_id = ${users.id}), '{}')`;
const disabledInOf = sql<string[]>`coalesce((select array_agg(uo.organisation_id order by uo.organisation_id) from ${userOrganisations} uo where uo.user_id = ${users.id} and uo.disabled_at is not null), '{}')`;

export const usersRepository = {
  async findOrganisation(db: DbOrTx, id: string): Promise<OrganisationRow | undefined> {
    const rows = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
    return rows[0];
  },

  /** True when the user is a contractor that serves the organisation. */
  async contractorServes(db: DbOrTx, contractorId: string, organisationId: string): Promise<boolean> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userOrganisations, eq(userOrganisations.userId, users.id))
      .where(and(eq(users.id, contractorId), eq(users.type, UserType.CONTRACTOR), eq(userOrganisations.organisationId, organisationId)))
      .limit(1);
    return rows.length > 0;
  },

  /** Users with their assoc_companies and those of them that disabled the account for themselves, in one query. */
  async findManyWithOrgs(db: DbOrTx, ids: readonly string[]): Promise<{ user: UserRow; assoc: string[]; disabledIn: string[] }[]> {
    if (ids.length === 0) return [];
    return db.select({ user: users, assoc: assocOf, disabledIn: disabledInOf }).from(users).where(inArray(users.id, [...ids]));
  },

  async updateProfile(
    db: DbOrTx,
    id: string,
    values: { name: string; phone: string | null; location: string | null },
    now: Date,
  ): Promise<UserRow | undefined> {
    const rows = await db.update(users).set({ ...values, updatedAt: now }).where(eq(users.id, id)).returning();
    return rows[0];
  },

  async setProfileImage(db: DbOrTx, id: string, image: FileRecord, now: Date): Promise<UserRow | undefined> {
    const rows = await db.update(users).set({ profileImage: image, updatedAt: now }).where(eq(users.id, id)).returning();
    return rows[0];
  },

  async setLanguage(db: DbOrTx, id: string, language: Language, now: Date): Promise<UserRow | undefined> {
    const rows = await db.update(users).set({ language, updatedAt: now }).where(eq(users.id, id)).returning();
    return rows[0];
  },

  async setPreferences(db: DbOrTx, id: string, emailNotifications: boolean, now: Date): Promise<UserRow | undefined> {
    const rows = await db.update(users).set({ emailNotifications, updatedAt: now }).where(eq(users.id, id)).returning();
    return rows[0];
  },
};

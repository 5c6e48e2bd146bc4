import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { SIGN_IN_LOCK_FAILURES } from '@palisade/domain/constants';
import { UserType } from '@palisade/domain/user-types';
import type { DbOrTx } from '../../db/client';
import {
  organisationSecurity,
  organisations,
  signInFailures,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  userOrganisations,
  users,
  userTwoFactor,
} from '../../db/schema';
import { EVERY_ADDRESS } from './sign-in-guard';

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;
export type ChallengeRow = typeof twoFactorChallenges.$inferSelect;

/** The only place that reads and writes the second factors, their challenges and the organisations' sign-in rules. */
export const twoFactorRepository = {
  async find(db: DbOrTx, userId: string): Promise<TwoFactorRow | undefined> {
    const rows = await db
      .select()
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, userId))
      .limit(1);
    return rows[0];
  },

  /** Whether the user has two-factor on (a confirmed set-up). */
  async isOn(db: DbOrTx, userId: string): Promise<boolean> {
    const rows = await db
      .select({ userId: userTwoFactor.userId })
      .from(userTwoFactor)
      .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)))
      .limit(1);
    return rows.length > 0;
  },

  /** Starts a set-up: a new pending secret, unless two-factor is on (then false, nothing changes). */
  async savePending(db: DbOrTx, userId: string, secret: string, now: Date): Promise<boolean> {
    const rows = await db
      .insert(userTwoFactor)
      .values({
        userId,
        secret,
        enabledAt: null,
        lastUsedStep: null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: userTwoFactor.userId,
        set: { secret, lastUsedStep: null, createdAt: now, updatedAt: now },
        setWhere: isNull(userTwoFactor.enabledAt),
      })
      .returning({ userId: userTwoFactor.userId });
    return rows.length === 1;
  },

  /**
   * Takes the time step of a code that was accepted: true when it is later than the last one used
   * (in one statement, so that two requests with the same code cannot both pass); false: used.
   */
  async useStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(userTwoFactor)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(userTwoFactor.userId, userId),
          or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
        ),
      )
      .returning({ userId: userTwoFactor.userId });
    return rows.length === 1;
  },

  /** Turns a pending set-up on; false when there was none (or it is on already). */
  async enable(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(userTwoFactor)
      .set({ enabledAt: now, updatedAt: now })
      .where(and(eq(userTwoFactor.userId, userId), isNull(userTwoFactor.enabledAt)))
      .returning({ userId: userTwoFactor.userId });
    return rows.length === 1;
  },

  /** Removes the second factor and its recovery codes; whether there was one that was on. */
  async remove(db: DbOrTx, userId: string): Promise<boolean> {
    await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await db
      .delete(twoFactorChallenges)
      .where(
        and(eq(twoFactorChallenges.userId, userId), eq(twoFactorChallenges.purpose, 'verify')),
      );
    const rows = await db
      .delete(userTwoFactor)
      .where(eq(userTwoFactor.userId, userId))
      .returning({ enabledAt: userTwoFactor.enabledAt });
    return rows.some((r) => r.enabledAt !== null);
  },

  /** Replaces the user's recovery codes with these (hashes). */
  async replaceRecoveryCodes(
    db: DbOrTx,
    userId: string,
    codeHashes: readonly string[],
    now: Date,
  ): Promise<void> {
    await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    if (codeHashes.length > 0) {
      await db
        .insert(twoFactorRecoveryCodes)
        .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
    }
  },

  /** Uses a recovery code up; false when it is not the user's, or was used already. */
  async useRecoveryCode(db: DbOrTx, userId: string, codeHash: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, codeHash),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ codeHash: twoFactorRecoveryCodes.codeHash });
    return rows.length === 1;
  },

  async recoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
    const rows = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
    return rows[0]?.n ?? 0;
  },

  async createChallenge(db: DbOrTx, row: typeof twoFactorChallenges.$inferInsert): Promise<void> {
    await db.insert(twoFactorChallenges).values(row);
  },

  /** A challenge unexpired at `now` (the app's clock, that set its expiry). */
  async findChallenge(db: DbOrTx, id: string, now: Date): Promise<ChallengeRow | undefined> {
    const rows = await db
      .select()
      .from(twoFactorChallenges)
      .where(and(eq(twoFactorChallenges.id, id), gt(twoFactorChallenges.expiresAt, now)))
      .limit(1);
    return rows[0];
  },

  /** Uses a challenge up; false when another request did first. Expired ones of the user go too. */
  async useChallenge(db: DbOrTx, id: string, userId: string, now: Date): Promise<boolean> {
    const rows = await db
      .delete(twoFactorChallenges)
      .where(eq(twoFactorChallenges.id, id))
      .returning({ id: twoFactorChallenges.id });
    await db
      .delete(twoFactorChallenges)
      .where(and(eq(twoFactorChallenges.userId, userId), lt(twoFactorChallenges.expiresAt, now)));
    return rows.length === 1;
  },

  /**
   * Gives back the try that a right password claimed (authRepository.claimSignInTry counts each
   * try as a failure before the check) without clearing the count, when a code is still to come:
   * the count starts again only once the code is right too, so that wrong codes add up across
   * sign-ins with the right password (the same limit as wrong passwords, its hold unchanged).
   */
  async releaseSignInTry(db: DbOrTx, userId: string, address: string): Promise<void> {
    const f = signInFailures;
    const next = sql`greatest(${f.failures} - 1, 0)`;
    await db
      .update(f)
      .set({
        failures: next,
        // The lock that this very try set (it reached the lock count) is lifted with it; an older one stays.
        lockedUntil: sql`case when ${f.address} <> ${EVERY_ADDRESS} and ${next} >= ${SIGN_IN_LOCK_FAILURES} then ${f.lockedUntil} else null end`,
      })
      .where(and(eq(f.userId, userId), inArray(f.address, [address, EVERY_ADDRESS])));
  },

  /**
   * Whether an organisation the user belongs to requires two-factor of it: its own organisation
   * for an organisation user (an admin), every organisation it serves (and has not disabled it)
   * for an auditor. Others are never required.
   */
  async requiredFor(
    db: DbOrTx,
    user: { id: string; type: number; organisationId: string | null },
  ): Promise<boolean> {
    if (user.type === UserType.ORGANISATION) {
      if (!user.organisationId) return false;
      const rows = await db
        .select({ on: organisationSecurity.requireTwoFactor })
        .from(organisationSecurity)
        .where(
          and(
            eq(organisationSecurity.organisationId, user.organisationId),
            eq(organisationSecurity.requireTwoFactor, true),
          ),
        )
        .limit(1);
      return rows.length > 0;
    }
    if (user.type === UserType.AUDITOR) {
      const rows = await db
        .select({ on: organisationSecurity.requireTwoFactor })
        .from(userOrganisations)
        .innerJoin(
          organisationSecurity,
          eq(organisationSecurity.organisationId, userOrganisations.organisationId),
        )
        .where(
          and(
            eq(userOrganisations.userId, user.id),
            isNull(userOrganisations.disabledAt),
            eq(organisationSecurity.requireTwoFactor, true),
          ),
        )
        .limit(1);
      return rows.length > 0;
    }
    return false;
  },

  /** An organisation's sign-in rules (the defaults before its admin changed them). */
  async securityOf(
    db: DbOrTx,
    organisationId: string,
  ): Promise<{ requireTwoFactor: boolean; version: number }> {
    const rows = await db
      .select({
        requireTwoFactor: organisationSecurity.requireTwoFactor,
        version: organisationSecurity.version,
      })
      .from(organisationSecurity)
      .where(eq(organisationSecurity.organisationId, organisationId))
      .limit(1);
    return rows[0] ?? { requireTwoFactor: false, version: 0 };
  },

  /** Saves the rules if `version` is still the current one; the new version, or null when stale. */
  async saveSecurity(
    db: DbOrTx,
    organisationId: string,
    requireTwoFactor: boolean,
    version: number,
    now: Date,
  ): Promise<number | null> {
    if (version === 0) {
      const inserted = await db
        .insert(organisationSecurity)
        .values({ organisationId, requireTwoFactor, version: 1, updatedAt: now })
        .onConflictDoNothing()
        .returning({ version: organisationSecurity.version });
      return inserted[0]?.version ?? null;
    }
    const rows = await db
      .update(organisationSecurity)
      .set({ requireTwoFactor, version: sql`${organisationSecurity.version} + 1`, updatedAt: now })
      .where(
        and(
          eq(organisationSecurity.organisationId, organisationId),
          eq(organisationSecurity.version, version),
        ),
      )
      .returning({ version: organisationSecurity.version });
    return rows[0]?.version ?? null;
  },

  /**
   * The user that an organisation's admin may reset: one of its organisation users or employees,
   * or a contractor or auditor that serves it (and that it has not removed); deleted ones are not.
   */
  async userOfOrganisation(
    db: DbOrTx,
    userId: string,
    organisationId: string,
  ): Promise<{ id: string; name: string; email: string; type: number; language: string | null } | undefined> {
    const rows = await db
      .select({ id: users.id, name: users.name, email: users.email, type: users.type, language: users.language })
      .from(users)
      .where(
        and(
          eq(users.id, userId),
          isNull(users.deletedAt),
          or(
            and(
              inArray(users.type, [UserType.ORGANISATION, UserType.EMPLOYEE]),
              eq(users.organisationId, organisationId),
            ),
            and(
              inArray(users.type, [UserType.CONTRACTOR, UserType.AUDITOR]),
              sql`exists (select 1 from ${userOrganisations} uo where uo.user_id = ${users.id} and uo.organisation_id = ${organisationId})`,
            ),
          ),
        ),
      )
      .limit(1);
    return rows[0];
  },

  async organisationName(db: DbOrTx, organisationId: string): Promise<string | null> {
    const rows = await db
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .limit(1);
    return rows[0]?.name ?? null;
  },
};

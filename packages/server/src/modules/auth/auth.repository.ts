import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { authCodes, organisations, sessions, signInFailures, userOrganisations, users } from '../../db/schema';
import { SIGN_IN_FREE_FAILURES, SIGN_IN_LOCK_FAILURES, SIGN_IN_LOCK_MS, SIGN_IN_MAX_BACKOFF_MS } from '@palisade/domain/constants';
import { EVERY_ADDRESS, type SignInFailures } from './sign-in-guard';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** A user with the organisations it serves (assoc_companies). */
export interface UserWithOrgs {
  user: UserRow;
  organisationIds: string[];
}

export interface OrganisationRef {
  id: string;
  name: string;
  /** Its time zone (issue 60); null while never set (DEFAULT_TIME_ZONE). */
  timeZone: string | null;
}

/**
 * The organisations of a user with their names, in one sub-select: assoc_companies for
 * contractors and auditors (but those that disabled it for themselves), the own organisation for
 * everyone else.
 */
const organisationsOfUser = sql<OrganisationRef[]>`coalesce((
  select json_agg(json_build_object('id', o.id, 'name', o.name, 'timeZone', o.time_zone) order by m.ord, o.id)
  from (
    select uo.organisation_id as oid, uo.created_at as ord from ${userOrganisations} uo
      where uo.user_id = ${users.id} and ${users.type} in (3, 4) and uo.disabled_at is null
    union all
    select ${users.organisationId}, ${users.createdAt}
      where ${users.type} not in (3, 4) and ${users.organisationId} is not null
  ) m join ${organisations} o on o.id = m.oid), '[]'::json)`;

/** The only place that reads and writes users, sessions and auth codes for sign-in. */
export const authRepository = {
  async findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return rows[0];
  },

  async findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
    const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return rows[0];
  },

  /**
   * True when every organisation the account serves has disabled it for itself (and it serves
   * one at least): then it may not sign in, as a disabled account.
   */
  async everyMembershipDisabled(db: DbOrTx, userId: string): Promise<boolean> {
    const rows = await db
      .select({
        all: sql<number>`count(*)`.mapWith(Number),
        disabled: sql<number>`count(${userOrganisations.disabledAt})`.mapWith(Number),
      })
      .from(userOrganisations)
      .where(eq(userOrganisations.userId, userId));
    const row = rows[0];
    return row !== undefined && row.all > 0 && row.all === row.disabled;
  },

  async createSession(db: DbOrTx, row: typeof sessions.$inferInsert): Promise<void> {
    await db.insert(sessions).values(row);
  },

  /** One query: the live session, its user and the user's organisations. */
  async findSession(
    db: DbOrTx,
    sessionId: string,
  ): Promise<{ session: SessionRow; user: UserRow; organisations: OrganisationRef[] } | undefined> {
    const rows = await db
      .select({ session: sessions, user: users, organisations: organisationsOfUser })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`)))
      .limit(1);
    return rows[0];
  },

  /**
   * findSession as a prepared statement of this database, for the lookup every signed-in request
   * makes: built once, and on PostgreSQL parsed and planned once per connection (re-planning the
   * lookup cost more than running it, and capped every call far below the SELECT 1 baseline).
   */
  prepareFindSession(db: Db) {
    const query = db
      .select({ session: sessions, user: users, organisations: organisationsOfUser })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sql.placeholder('sessionId')), gt(sessions.expiresAt, sql`now()`)))
      .limit(1)
      .prepare('auth_find_session');
    return async (sessionId: string): Promise<{ session: SessionRow; user: UserRow; organisations: OrganisationRef[] } | undefined> => {
      const rows = await query.execute({ sessionId });
      return rows[0];
    };
  },

  /**
   * Of these sessions, those still live (not expired, their user active and not deleted), each
   * with its user's organisations now (open sockets re-read them when a membership changed).
   */
  async liveSessionOrganisations(db: DbOrTx, sessionIds: readonly string[]): Promise<Map<string, OrganisationRef[]>> {
    if (sessionIds.length === 0) return new Map();
    const rows = await db
      .select({ id: sessions.id, organisations: organisationsOfUser })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(sessions.id, [...sessionIds]), gt(sessions.expiresAt, sql`now()`), eq(users.isActive, true), isNull(users.deletedAt)));
    return new Map(rows.map((r) => [r.id, r.organisations]));
  },

  async setSessionOrganisation(db: DbOrTx, sessionId: string, organisationId: string): Promise<void> {
    await db.update(sessions).set({ organisationId }).where(eq(sessions.id, sessionId));
  },

  async deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
  },

  /** Ends every session of a user (password reset, disabled account). */
  async deleteSessionsOfUser(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.userId, userId));
  },

  /** Ends every session of a user but one (password change, "sign out of all other devices"). */
  async deleteOtherSessionsOfUser(db: DbOrTx, userId: string, keepSessionId: string): Promise<number> {
    const rows = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
      .returning({ id: sessions.id });
    return rows.length;
  },

  async signInFailures(db: DbOrTx, userId: string, address: string): Promise<SignInFailures | undefined> {
    const rows = await db
      .select({ failures: signInFailures.failures, lastFailedAt: signInFailures.lastFailedAt, lockedUntil: signInFailures.lockedUntil })
      .from(signInFailures)
      .where(and(eq(signInFailures.userId, userId), eq(signInFailures.address, address)));
    return rows[0];
  },

  /**
   * Claims one sign-in try for the account, before its password is checked, in one statement: when
   * the account is neither locked nor in its backoff (the rule of sign-in-guard.ts), the try is
   * counted as a failure at once (a success clears it) and true is returned; else nothing changes
   * and false is returned. Tries at the same moment are claimed one after the other (the row's
   * lock on PostgreSQL, the FIFO on PGlite), so that no more than the rule allows reach the
   * password check. The count starts again once a lock has run out or after a lock's length
   * without a failure, and reaching the lock count locks the account from that address (`lock`;
   * the count from every address, EVERY_ADDRESS, only ever waits).
   */
  async claimSignInTry(db: DbOrTx, userId: string, address: string, lock: boolean): Promise<boolean> {
    const lockSeconds = SIGN_IN_LOCK_MS / 1000;
    const f = signInFailures;
    const fresh = sql`((${f.lockedUntil} is not null and ${f.lockedUntil} <= now()) or ${f.lastFailedAt} < now() - make_interval(secs => ${lockSeconds}))`;
    const next = sql`case when ${fresh} then 1 else ${f.failures} + 1 end`;
    // backoffMs of sign-in-guard.ts, in seconds.
    const backoffSeconds = sql`case when ${f.failures} <= ${SIGN_IN_FREE_FAILURES} then 0
      else least(power(2, least(${f.failures} - ${SIGN_IN_FREE_FAILURES} - 1, 30)), ${SIGN_IN_MAX_BACKOFF_MS / 1000}) end`;
    // No wait at all is no wait: on PostgreSQL now() is when this statement's transaction began,
    // which may be a moment before a concurrent try that got the row first wrote its lastFailedAt.
    const mayTry = sql`not (${f.lockedUntil} is not null and ${f.lockedUntil} > now())
      and (${fresh} or ${backoffSeconds} = 0 or ${f.lastFailedAt} + make_interval(secs => ${backoffSeconds}) <= now())`;
    const rows = await db
      .insert(f)
      .values({ userId, address, failures: 1, lastFailedAt: sql`now()`, lockedUntil: null })
      .onConflictDoUpdate({
        target: [f.userId, f.address],
        set: {
          failures: next,
          lastFailedAt: sql`now()`,
          lockedUntil: lock ? sql`case when ${next} >= ${SIGN_IN_LOCK_FAILURES} then now() + make_interval(secs => ${lockSeconds}) else null end` : null,
        },
        setWhere: mayTry,
      })
      .returning({ failures: f.failures });
    return rows.length > 0;
  },

  /**
   * After a success from `address`: its count and the account's from every address start again
   * (another address's lock stays). Without an address (a password reset): every count of the account.
   */
  async clearSignInFailures(db: DbOrTx, userId: string, address?: string): Promise<void> {
    const which = address === undefined ? undefined : inArray(signInFailures.address, [address, EVERY_ADDRESS]);
    await db.delete(signInFailures).where(and(eq(signInFailures.userId, userId), which));
  },

  /** Voids every outstanding code of a user (but `keepCodeHash`, when given), as used at `now`. */
  async voidCodesOfUser(db: DbOrTx, userId: string, now: Date, keepCodeHash?: string): Promise<void> {
    await db
      .update(authCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(authCodes.userId, userId),
          isNull(authCodes.usedAt),
          ...(keepCodeHash ? [ne(authCodes.codeHash, keepCodeHash)] : []),
        ),
      );
  },

  async deleteExpiredSessions(db: DbOrTx): Promise<void> {
    await db.delete(sessions).where(sql`${sessions.expiresAt} <= now()`);
  },

  async setPasswordHash(db: DbOrTx, userId: string, passwordHash: string, now: Date): Promise<void> {
    await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  },

  async createCode(db: DbOrTx, row: typeof authCodes.$inferInsert): Promise<void> {
    await db.insert(authCodes).values(row);
  },

  /** An unused code, unexpired at `now` (the app's clock, that set its expiry), and its user. */
  async findLiveCode(
    db: DbOrTx,
    codeHash: string,
    now: Date,
  ): Promise<{ code: typeof authCodes.$inferSelect; user: UserRow } | undefined> {
    const rows = await db
      .select({ code: authCodes, user: users })
      .from(authCodes)
      .innerJoin(users, eq(users.id, authCodes.userId))
      .where(and(eq(authCodes.codeHash, codeHash), isNull(authCodes.usedAt), gt(authCodes.expiresAt, now)))
      .limit(1);
    return rows[0];
  },

  /** Marks a code used at `now`; false when another request used it first. */
  async useCode(db: DbOrTx, codeHash: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(authCodes)
      .set({ usedAt: now })
      .where(and(eq(authCodes.codeHash, codeHash), isNull(authCodes.usedAt)))
      .returning({ codeHash: authCodes.codeHash });
    return rows.length === 1;
  },

  async organisationNames(db: DbOrTx, ids: readonly string[]): Promise<OrganisationRef[]> {
    if (ids.length === 0) return [];
    return db
      .select({ id: organisations.id, name: organisations.name, timeZone: organisations.timeZone })
      .from(organisations)
      .where(sql`${organisations.id} in ${ids}`);
  },
};

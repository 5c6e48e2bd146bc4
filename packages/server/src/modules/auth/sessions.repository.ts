import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema';

/** One live session of a user as the Account page lists it. */
export interface SessionListRow {
  id: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date | null;
}

/** Last-seen times written in one statement at most (a flush writes more in several). */
const TOUCH_BATCH = 500;

/** The sessions' own reads and writes for the Account page (issue 59); sign-in's are in auth.repository.ts. */
export const sessionsRepository = {
  /** The user's live sessions (the database's now(), as the session lookup checks them). */
  async listOfUser(db: DbOrTx, userId: string): Promise<SessionListRow[]> {
    return db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(asc(sessions.createdAt), asc(sessions.id));
  },

  /** Ends one session of the user; false when it was gone already. */
  async deleteOfUser(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
    const rows = await db
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .returning({ id: sessions.id });
    return rows.length === 1;
  },

  /** Writes the sessions' last-seen times, never moving one back; one statement a batch. */
  async touch(db: DbOrTx, seen: ReadonlyArray<{ id: string; at: Date }>): Promise<void> {
    for (let i = 0; i < seen.length; i += TOUCH_BATCH) {
      const batch = seen.slice(i, i + TOUCH_BATCH);
      const values = sql.join(
        batch.map((s) => sql`(${s.id}::text, ${s.at.toISOString()}::timestamptz)`),
        sql`, `,
      );
      await db.execute(
        sql`update ${sessions} set last_seen_at = v.at from (values ${values}) as v(id, at)
            where ${sessions.id} = v.id and (${sessions.lastSeenAt} is null or ${sessions.lastSeenAt} < v.at)`,
      );
    }
  },
};

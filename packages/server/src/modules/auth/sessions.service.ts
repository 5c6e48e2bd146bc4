import crypto from 'node:crypto';
import Bowser from 'bowser';
import { AppError } from '@palisade/domain/errors';
import type { SessionItem } from '@palisade/domain/auth/two-factor.schema';
import { SESSION_LAST_SEEN_INTERVAL_MS } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import type { SessionRow } from './auth.repository';
import { sessionsRepository } from './sessions.repository';

const m = messages.twoFactor;

/**
 * The reference of a session that the Account page names: not its id (the SHA-256 of the cookie's
 * token, which the session lookup keys on), but a hash of it, so a reply never carries it.
 */
export function sessionRef(sessionId: string): string {
  return crypto
    .createHash('sha256')
    .update(`session-ref:${sessionId}`)
    .digest('base64url')
    .slice(0, 32);
}

/** "Chrome 120 on Windows 10" from a user agent; null when nothing is known of it. */
export function deviceOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]]
    .filter(Boolean)
    .join(' ');
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || null;
}

export interface SessionsDeps {
  db: Db;
  clock: Clock;
}

/**
 * One's own sessions (issue 59): the Account page lists them and signs one out. Each request's
 * session is marked seen (plugins/auth-context.ts); the times are kept here and written together
 * by flush (app.ts runs it every SESSION_LAST_SEEN_INTERVAL_MS, and before a list), so a session
 * costs at most one write a minute, and all of an instance's sessions one statement: a write to
 * the sessions table makes every instance reload its kept session lookups (db/freshness.ts).
 */
export function createSessionsService(deps: SessionsDeps) {
  const { db, clock } = deps;
  /** Sessions seen since the last flush, with when. */
  const pending = new Map<string, Date>();

  async function flush(): Promise<void> {
    if (pending.size === 0) return;
    const seen = [...pending].map(([id, at]) => ({ id, at }));
    pending.clear();
    await sessionsRepository.touch(db, seen);
  }

  return {
    /** A request of this session: its last-seen time is due again once a minute has passed. */
    seen(session: Pick<SessionRow, 'id' | 'createdAt' | 'lastSeenAt'>): void {
      if (pending.has(session.id)) return;
      const now = clock.now();
      const last = session.lastSeenAt ?? session.createdAt;
      if (now.getTime() - last.getTime() < SESSION_LAST_SEEN_INTERVAL_MS) return;
      pending.set(session.id, now);
    },

    flush,

    /** The user's live sessions, this request's first. */
    async list(ctx: AuthContext): Promise<SessionItem[]> {
      await flush();
      const rows = await sessionsRepository.listOfUser(db, ctx.user.id);
      const items = rows.map((r) => ({
        _id: sessionRef(r.id),
        device: deviceOf(r.userAgent),
        address: r.ip,
        startedAt: r.createdAt.toISOString(),
        lastSeenAt: r.lastSeenAt ? r.lastSeenAt.toISOString() : null,
        current: r.id === ctx.sessionId,
      }));
      return [...items.filter((i) => i.current), ...items.filter((i) => !i.current).reverse()];
    },

    /** Signs out one other session of the user's own (its own is Log out). */
    async revoke(ctx: AuthContext, ref: string): Promise<void> {
      const rows = await sessionsRepository.listOfUser(db, ctx.user.id);
      const row = rows.find((r) => sessionRef(r.id) === ref);
      if (!row) throw new AppError('NOT_FOUND', m.sessionNotFound);
      if (row.id === ctx.sessionId)
        throw new AppError('BAD_REQUEST', m.thisSession, { field: 'sessionId' });
      await db.transaction(async (tx) => {
        if (!(await sessionsRepository.deleteOfUser(tx, ctx.user.id, row.id)))
          throw new AppError('NOT_FOUND', m.sessionNotFound);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: ctx.organisationId,
          action: 'sessions.revoke',
          entity: 'user',
          entityId: ctx.user.id,
          before: { device: deviceOf(row.userAgent), address: row.ip },
        });
      });
      pending.delete(row.id);
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;

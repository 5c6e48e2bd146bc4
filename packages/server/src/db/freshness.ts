import type { Database } from './client';
import type { PgListener } from './pg-listener';
import { NO_GENERATION, type Generation } from './read-memo';

/**
 * The PostgreSQL channel on which the database itself tells every instance that sessions, users,
 * their organisations or organisations changed: the triggers of migration 0004 notify it after
 * any write to those tables, whoever made it.
 */
export const AUTH_CHANNEL = 'palisade_auth';

/** What the read memos of this process go by (read-memo.ts). */
export interface Freshness {
  /** Response data (the responses' version lookups). */
  data: Generation;
  /** Sessions with their users and organisations (the session lookup of every request). */
  auth: Generation;
}

/**
 * - PGlite: this process is the database's only writer, so its own writes tell for both: every
 *   write for the data, those of the tables a session lookup reads for auth (authWrites).
 * - PostgreSQL: other instances write too. Data: nothing is kept (the responses' reply cache asks
 *   the database for row versions instead). Auth: this instance's own writes of the tables a
 *   session lookup reads count at once (authWrites), every other instance's through the triggers'
 *   notifications; while the LISTEN connection is down nothing is kept, and once it is back
 *   everything kept before is stale.
 */
export function freshnessOf(database: Database, listener: PgListener | null): Freshness {
  if (database.kind === 'pglite') return { data: database.localWrites, auth: database.authWrites };
  if (!listener) return { data: NO_GENERATION, auth: NO_GENERATION };
  let heard = 0;
  listener.on(AUTH_CHANNEL, () => {
    heard += 1;
  });
  listener.onBack(() => {
    heard += 1;
  });
  return {
    data: NO_GENERATION,
    auth: () => (listener.listening() ? database.authWrites() + heard : null),
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database as repositories see it: the same API on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL (for connections of their own, e.g. the chat's LISTEN); null on PGlite. */
  url: string | null;
  /**
   * PGlite only, where this process is the database's one writer: a number that changes whenever
   * a statement that may write runs and whenever a transaction ends. A value read while it stayed
   * the same is still what the database holds (read-memo.ts). Null on PostgreSQL: other instances
   * write too, and only the database itself can tell.
   */
  writeGeneration: (() => number) | null;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** PostgreSQL when a URL is given, else PGlite in a folder (or in memory). */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  pgliteDir: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, a dropped test database) is reported
    // here; unheard, it would end the process. The pool drops that client and opens a new one on
    // demand, and a query that fails reports its own error.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      writeGeneration: null,
      migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (opts.pgliteDir !== 'memory') fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = opts.pgliteDir === 'memory' ? new PGlite() : new PGlite(opts.pgliteDir);
  await client.waitReady;
  const counted = countingWrites(client);
  // Drizzle calls only query and transaction of its client (drizzle-orm/pglite/session.js).
  const pdb = drizzlePglite({ client: counted.client as unknown as PGlite, schema });
  return {
    db: pdb as unknown as Db,
    kind: 'pglite',
    url: null,
    writeGeneration: counted.generation,
    migrate: () => migratePglite(pdb, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** A statement that only reads: a SELECT naming no writing keyword or function (else it counts as a write). */
const READ_ONLY = /^\s*select\b/i;
const WRITES = /\b(insert|update|delete|merge|truncate|nextval|setval|pg_notify|lo_\w+)\b/i;

/** What drizzle uses of a PGlite client or of one of its transactions. */
interface Queryable {
  query: PGlite['query'];
}

/**
 * The PGlite client behind a counter of writes: every statement that may write (anything but a
 * plain SELECT) and the end of every transaction move it on. A false alarm (a SELECT that names
 * "update" in a string) only costs a cache a reload. PGlite runs one statement or transaction at
 * a time, so a read that saw the same number before and after it could not overlap a write.
 */
function countingWrites(pglite: PGlite): { client: Queryable & { transaction: PGlite['transaction'] }; generation: () => number } {
  let generation = 0;
  const counting = <T extends Queryable>(target: T): Queryable => ({
    query: ((text: string, ...rest: unknown[]) => {
      if (!READ_ONLY.test(text) || WRITES.test(text)) generation += 1;
      return (target.query as (text: string, ...rest: unknown[]) => ReturnType<PGlite['query']>)(text, ...rest);
    }) as PGlite['query'],
  });
  const client = {
    ...counting(pglite),
    transaction: (async (callback: Parameters<PGlite['transaction']>[0]) => {
      generation += 1;
      try {
        // The transaction as it is (its closed getter stays live), with a counting query.
        return await pglite.transaction((tx) => callback(Object.assign(Object.create(tx) as typeof tx, counting(tx))));
      } finally {
        generation += 1;
      }
    }) as PGlite['transaction'],
  };
  return { client, generation: () => generation };
}

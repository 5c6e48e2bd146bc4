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
      migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (opts.pgliteDir !== 'memory') fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = opts.pgliteDir === 'memory' ? new PGlite() : new PGlite(opts.pgliteDir);
  await client.waitReady;
  const pdb = drizzlePglite({ client, schema });
  return {
    db: pdb as unknown as Db,
    kind: 'pglite',
    url: null,
    migrate: () => migratePglite(pdb, { migrationsFolder }),
    close: () => client.close(),
  };
}

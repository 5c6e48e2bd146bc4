import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createFifo, DEFAULT_DB_QUEUE_TIMEOUT_MS, type Fifo } from './fifo';
import { namedStatements, noteNamedTexts, type NamedTexts } from './pglite-named';
import { DEFAULT_PGLITE_SHARED_BUFFERS } from './pglite-settings';
import * as schema from './schema';
import { serverRoot } from '../paths';

const execFileAsync = promisify(execFile);

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
   * How many statements that may write this process has started and finished (each counted at
   * both ends; a transaction's end is such a statement). An unchanged count around a read means no
   * write of this process overlapped it. On PGlite this process is the only writer, so that means
   * the data read is still current; on PostgreSQL it covers this instance's own writes only.
   */
  localWrites: () => number;
  /**
   * localWrites narrowed to the statements that may write the tables a session lookup reads
   * (AUTH_TABLES), and the ends of transactions that ran one; other writes leave it as it is, so
   * the kept session lookups (freshness.ts) outlive saves, messages and the like.
   */
  authWrites: () => number;
  /** Connections of this instance in use and waited for (the metrics); PGlite is one connection. */
  poolStats(): { total: number; idle: number; waiting: number };
  /** PGlite: a tarball of its data directory, as `pgliteLoadDataDir` takes it; null on PostgreSQL. */
  dumpDataDir: (() => Promise<Blob>) | null;
  /**
   * PGlite: `read` (plain queries on the client) and then dumpDataDir, in one turn of the queue,
   * so that no write falls between the two (the backup's row counts agree with its dump); null on
   * PostgreSQL.
   */
  snapshotDataDir: (<T>(read: (query: (text: string) => Promise<Array<Record<string, unknown>>>) => Promise<T>) => Promise<{ dump: Blob; read: T }>) | null;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Connections of the PostgreSQL pool of one instance. */
export const PG_POOL_MAX = 10;

/** PGlite's own start parameters (PGlite.defaultStartParams) with our memory settings after them. */
export function pgliteStartParams(sharedBuffers: string): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}

/** The generated SQL migrations (and their journal). */
export const migrationsFolder = path.join(serverRoot, 'drizzle');

const INIT_SCRIPT = `const { PGlite } = await import(process.argv[1]);
const db = new PGlite(process.argv[2]);
await db.waitReady;
await db.close();`;

/** Creates a PGlite database in `dir` in a child process (see openDatabase). */
async function initialisePgliteFolder(dir: string): Promise<void> {
  await execFileAsync(process.execPath, ['--input-type=module', '-e', INIT_SCRIPT, import.meta.resolve('@electric-sql/pglite'), dir], {
    timeout: 120_000,
  });
}

/** PostgreSQL when a URL is given, else PGlite in a folder (or in memory). */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  pgliteDir: string;
  /** Work that cannot get the database within this gets 503 (DB_QUEUE_TIMEOUT_MS). */
  queueTimeoutMs?: number;
  /** PGlite's shared_buffers (PGLITE_SHARED_BUFFERS), a PostgreSQL size such as "32MB". */
  pgliteSharedBuffers?: string;
  /** PGlite in memory: start from this dump (dumpDataDir) instead of an empty cluster (the tests' template). */
  pgliteLoadDataDir?: Blob;
}): Promise<Database> {
  const queueTimeoutMs = opts.queueTimeoutMs ?? DEFAULT_DB_QUEUE_TIMEOUT_MS;
  if (opts.databaseUrl) {
    // The pool's own queue is FIFO; waiting longer than queueTimeoutMs for a connection fails
    // (errors.ts answers it 503 with Retry-After).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: PG_POOL_MAX, connectionTimeoutMillis: queueTimeoutMs });
    // An idle connection the server ends (restart, failover, a dropped test database) is reported
    // here; unheard, it would end the process. The pool drops that client and opens a new one on
    // demand, and a query that fails reports its own error.
    pool.on('error', () => undefined);
    const counter = writeCounter();
    const authCounter = writeCounter();
    const db = drizzlePg({ client: countingPool(pool, counter, authCounter), schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      localWrites: counter.count,
      authWrites: authCounter.count,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      dumpDataDir: null,
      snapshotDataDir: null,
      migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (opts.pgliteDir !== 'memory') {
    fs.mkdirSync(opts.pgliteDir, { recursive: true });
    // A new folder is first initialised by PGlite's initdb, whose memory (~500 MB) a process
    // keeps for its life, even once that instance is closed: initialise it in a short-lived
    // process of its own, so the server runs with only the database's memory, as on every later
    // start (issue 17: RSS under load).
    if (!fs.existsSync(path.join(opts.pgliteDir, 'PG_VERSION'))) await initialisePgliteFolder(opts.pgliteDir);
  }
  const pgliteOptions = {
    startParams: pgliteStartParams(opts.pgliteSharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS),
    // Trigram indexes (migration 0018), as on PostgreSQL.
    extensions: { pg_trgm },
    ...(opts.pgliteLoadDataDir ? { loadDataDir: opts.pgliteLoadDataDir } : {}),
  };
  const client = opts.pgliteDir === 'memory' ? new PGlite(pgliteOptions) : new PGlite(opts.pgliteDir, pgliteOptions);
  await client.waitReady;
  const counter = writeCounter();
  const authCounter = writeCounter();
  const fifo = createFifo(queueTimeoutMs);
  // Statements prepared with a name run as named statements, parsed and planned once (pglite-named.ts).
  const namedTexts: NamedTexts = new Set();
  const pdb = drizzlePglite({ client: countingPglite(client, counter, authCounter, fifo, namedTexts), schema });
  noteNamedTexts(pdb._.session, namedTexts);
  return {
    db: pdb as unknown as Db,
    kind: 'pglite',
    url: null,
    localWrites: counter.count,
    authWrites: authCounter.count,
    poolStats: () => ({ total: 1, idle: 1 - fifo.active(), waiting: fifo.waiting() }),
    dumpDataDir: () => fifo.run(() => client.dumpDataDir('none')),
    snapshotDataDir: (read) =>
      fifo.run(async () => {
        const got = await read(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
        return { dump: await client.dumpDataDir('none'), read: got };
      }),
    migrate: () => migratePglite(pdb, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** A statement that only reads: a SELECT naming no writing keyword or function. */
const READ_ONLY = /^\s*select\b/i;
const WRITES = /\b(insert|update|delete|merge|truncate|nextval|setval|pg_notify|lo_\w+)\b/i;

/**
 * Whether a statement may write: anything but a plain SELECT (begin, commit and rollback too). A
 * false alarm (a SELECT that names "update" in a string) only costs a kept read a reload.
 */
export function mayWrite(text: string): boolean {
  return !READ_ONLY.test(text) || WRITES.test(text);
}

interface WriteCounter {
  count: () => number;
  /** Counts once (the end of a transaction that wrote). */
  bump(): void;
  /** Runs a statement, counting it before and after when it may write. */
  around<T>(text: string, run: () => Promise<T>): Promise<T>;
}

function writeCounter(): WriteCounter {
  let n = 0;
  return {
    count: () => n,
    bump() {
      n += 1;
    },
    async around(text, run) {
      if (!mayWrite(text)) return run();
      n += 1;
      try {
        return await run();
      } finally {
        n += 1;
      }
    },
  };
}

type PgliteQuery = (text: string, ...rest: unknown[]) => ReturnType<PGlite['query']>;

/**
 * The PGlite client as drizzle uses it (query and transaction: drizzle-orm/pglite/session.js),
 * with its statements counted: every one that may write by `counter` (a transaction at its start
 * and end too), and by `authCounter` those that may write AUTH_TABLES and the end of a
 * transaction that ran one, as on PostgreSQL (countingPool). The statements prepared with a name
 * (namedTexts) run as named statements, parsed and planned once (pglite-named.ts).
 */
function countingPglite(pglite: PGlite, counter: WriteCounter, authCounter: WriteCounter, fifo: Fifo, namedTexts: NamedTexts): PGlite {
  const named = namedStatements(pglite);
  const countingQuery = (target: { query: PGlite['query'] }, transaction?: { wroteAuth: boolean }) => {
    const unnamed = target.query.bind(target) as PgliteQuery;
    const query: PgliteQuery = (text, ...rest) =>
      namedTexts.has(text) ? named(text, rest[0] as unknown[] | undefined, rest[1] as QueryOptions | undefined) : unnamed(text, ...rest);
    return (text: string, ...rest: unknown[]) => {
      const run = () => counter.around(text, () => query(text, ...rest));
      if (!writesAuthTables(text)) return run();
      if (transaction) transaction.wroteAuth = true;
      return authCounter.around(text, run);
    };
  };
  const topQuery = countingQuery(pglite);
  /** A transaction, its end counted by authCounter too when it wrote AUTH_TABLES. */
  const transaction = async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    const state = { wroteAuth: false };
    const run = () => pglite.transaction((tx) => callback(overriding(tx, { query: countingQuery(tx, state) })));
    try {
      return await counter.around('begin', run);
    } finally {
      if (state.wroteAuth) authCounter.bump();
    }
  };
  // Statements and whole transactions take their turn in the FIFO (fifo.ts); a transaction's own
  // statements run inside its turn.
  return overriding(pglite, {
    query: (text: string, ...rest: unknown[]) => fifo.run(() => topQuery(text, ...rest)),
    transaction: (callback: Parameters<PGlite['transaction']>[0]) => fifo.run(() => transaction(callback)),
  });
}

type PgQuery = (config: string | pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;
const textOf = (config: string | pg.QueryConfig) => (typeof config === 'string' ? config : config.text);

/**
 * The target with some members replaced; every other member is the target's own, functions bound
 * to it (so that the pool's and the client's internals keep their `this`), and instanceof holds.
 */
function overriding<T extends object>(target: T, members: Record<string, unknown>): T {
  return new Proxy(target, {
    get(t, key, _receiver) {
      if (typeof key === 'string' && key in members) return members[key];
      const value: unknown = Reflect.get(t, key, t);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(t) : value;
    },
  });
}

/**
 * The tables a session lookup reads (authRepository.findSession). Only a statement that names one
 * as what it writes writes them: no trigger or function writes them, and their foreign keys point
 * at one another only, so no cascade from another table reaches them (migrations 0004 and after).
 */
const AUTH_TABLES = /\b(sessions|users|user_organisations|organisations)\b/i;
/**
 * A statement (or a CTE of one) that writes one of AUTH_TABLES: INSERT INTO, UPDATE, DELETE FROM
 * or MERGE INTO it, as drizzle writes them (quoted, unqualified) or by hand. Not a write that only
 * reads them (a save whose reply names the auditor from users), nor a lock (FOR UPDATE) nor ON
 * CONFLICT … DO UPDATE, whose target is the INSERT's.
 */
const AUTH_WRITE =
  /\b(?:insert\s+into|update|delete\s+from|merge\s+into)\s+(?:only\s+)?(?:"?public"?\.)?"?(?:sessions|users|user_organisations|organisations)"?(?![\w".])/i;
/** TRUNCATE names only what it empties (tests between cases). */
const TRUNCATE = /^\s*truncate\b/i;

/** Whether a statement may write AUTH_TABLES (a false alarm only costs kept session lookups a reload). */
export function writesAuthTables(text: string): boolean {
  if (!mayWrite(text)) return false;
  return TRUNCATE.test(text) ? AUTH_TABLES.test(text) : AUTH_WRITE.test(text);
}
/** The end of a transaction (not of a savepoint: "rollback to savepoint" goes on). */
const TRANSACTION_END = /^\s*(commit|rollback)\s*;?\s*$/i;

/**
 * The pool as drizzle uses it (query, and connect for a transaction's client:
 * drizzle-orm/node-postgres/session.js), with the statements of this instance counted: every one
 * that may write by `counter`, and by `authCounter` those that may write AUTH_TABLES and the end
 * of a transaction that ran one (its changes are seen by others from then on).
 */
function countingPool(pool: pg.Pool, counter: WriteCounter, authCounter: WriteCounter): pg.Pool {
  const countingQuery = (target: pg.Pool | pg.PoolClient) => {
    const query = target.query.bind(target) as unknown as PgQuery;
    // Whether the client's transaction under way has written AUTH_TABLES.
    let wroteAuth = false;
    return (config: string | pg.QueryConfig, values?: unknown[]) => {
      const text = textOf(config);
      const run = () => counter.around(text, () => query(config, values));
      const ends = TRANSACTION_END.test(text);
      const auth = writesAuthTables(text) || (ends && wroteAuth);
      wroteAuth = ends ? false : wroteAuth || auth;
      return auth ? authCounter.around(text, run) : run();
    };
  };
  return overriding(pool, {
    query: countingQuery(pool),
    connect: async () => {
      const client = await pool.connect();
      return overriding(client, { query: countingQuery(client) });
    },
  });
}

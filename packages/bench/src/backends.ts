import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '@palisade/server/db/client';

/** A fresh, empty database for one benchmark run, and how to get rid of it. */
export interface BenchBackend {
  label: string;
  /** A temporary folder: PGlite's data (PGlite), the mail outbox and files (both). */
  dataDir: string;
  /** Set on PostgreSQL. */
  databaseUrl: string | undefined;
  /** The bench's own client (generation, sessions, counts); closed while `suspended`. */
  readonly database: Database;
  /**
   * Lets another process open the database: PGlite serves one process at a time, so its client
   * closes until `resume`; PostgreSQL's stays open.
   */
  suspend(): Promise<void>;
  resume(): Promise<void>;
  /** Closes the database and deletes it and the folder; safe to call twice. */
  dispose(): Promise<void>;
}

/**
 * How long the bench's own PGlite client lets work wait for the database. PGlite runs one
 * statement at a time; the generator's chunks (two in flight) each take longer than the server's
 * 10 s at --responses 200000, so the second one's turn would be refused as "busy".
 */
const BENCH_CLIENT_QUEUE_TIMEOUT_MS = 30 * 60_000;

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'palisade-bench-'));
}

/** The URL without its password, for printing. */
export function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** PGlite in a new temporary folder. */
export async function openPglite(): Promise<BenchBackend> {
  const dataDir = tempDir();
  try {
    const pgliteDir = path.join(dataDir, 'pglite');
    let database = await openDatabase({ pgliteDir, queueTimeoutMs: BENCH_CLIENT_QUEUE_TIMEOUT_MS });
    let open = true;
    let disposed = false;
    return {
      label: 'PGlite',
      dataDir,
      databaseUrl: undefined,
      get database() {
        return database;
      },
      async suspend() {
        if (!open) return;
        open = false;
        await database.close();
      },
      async resume() {
        if (open) return;
        database = await openDatabase({ pgliteDir, queueTimeoutMs: BENCH_CLIENT_QUEUE_TIMEOUT_MS });
        open = true;
      },
      async dispose() {
        if (disposed) return;
        disposed = true;
        try {
          if (open) await database.close();
        } finally {
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database palisade_bench_<random> on the server of serverUrl, and how to drop it. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `palisade_bench_${crypto.randomBytes(5).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  return { url: url.toString(), drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** A new database palisade_bench_<random> on the server of serverUrl, dropped by dispose. */
export async function openPostgres(serverUrl: string): Promise<BenchBackend> {
  const created = await createPostgresDatabase(serverUrl);
  const databaseUrl = created.url;
  const dataDir = tempDir();
  const drop = async () => {
    try {
      await created.drop();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl, pgliteDir: 'memory' });
  } catch (err) {
    await drop();
    throw err;
  }
  let disposed = false;
  return {
    label: `PostgreSQL (${redactUrl(databaseUrl)})`,
    dataDir,
    databaseUrl,
    database,
    async suspend() {},
    async resume() {},
    async dispose() {
      if (disposed) return;
      disposed = true;
      try {
        await database.close();
      } finally {
        await drop();
      }
    },
  };
}

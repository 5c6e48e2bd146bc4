// The database half of a restore: is the target empty, put the dump in, count what is there.
import { openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../../config';
import { openDatabase, pgliteStartParams } from '../../db/client';
import { processAlive, readBackupEndpoint } from './backup-endpoint';
import type { BackupManifest } from './backup-manifest';
import { backupRepository, type RawQuery } from './backup.repository';
import { BackupRefused, connectionFor, runPgTool } from './pg-tools';

/** Where the configured database is, in words (messages). */
export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `the PGlite folder ${config.pgliteDir}`;
  const url = new URL(config.databaseUrl);
  return `the PostgreSQL database ${url.pathname.replace(/^\//, '')} on ${url.host}`;
}

async function withPgClient<T>(url: string, work: (query: RawQuery) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.end();
  }
}

/**
 * Why the target database is not empty (null when it is): a PostgreSQL database holding the
 * portal's tables, or a PGlite folder holding anything. A PGlite folder a portal runs on is
 * refused whatever --force says: its database is that process's.
 */
export async function databaseNotEmpty(config: Config): Promise<string | null> {
  if (config.databaseUrl) {
    const tables = await withPgClient(config.databaseUrl, (query) => backupRepository.tables(query));
    return tables.length > 0 ? `${describeDatabase(config)} holds ${tables.length} tables` : null;
  }
  const door = await readBackupEndpoint(config.dataDir);
  if (door && processAlive(door.pid)) throw new BackupRefused(`A portal (process ${door.pid}) runs on ${config.dataDir}: stop it before restoring into its data folder`);
  const entries = await fs.readdir(config.pgliteDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return entries.length > 0 ? `${describeDatabase(config)} is not empty` : null;
}

/** --force: what the target held goes (the PGlite folder's contents; PostgreSQL's portal schemas). */
async function emptyDatabase(config: Config): Promise<void> {
  if (config.databaseUrl) {
    await withPgClient(config.databaseUrl, async (query) => {
      await query('drop schema if exists drizzle cascade');
      await query('drop schema if exists public cascade');
      await query('create schema public');
    });
    return;
  }
  await fs.rm(config.pgliteDir, { recursive: true, force: true });
}

/**
 * Puts the archive's dump (a file) into the configured database: pg_restore into PostgreSQL, or
 * PGlite's loadDataDir into the data folder. The archive's backend must be the target's.
 */
export async function restoreDatabase(opts: { config: Config; backend: BackupManifest['backend']; dumpFile: string; force: boolean; env?: NodeJS.ProcessEnv }): Promise<void> {
  const { config } = opts;
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (opts.backend !== target) {
    throw new BackupRefused(
      opts.backend === 'pglite'
        ? 'This archive holds a PGlite database: restore it without DATABASE_URL (into DATA_DIR), then move it to PostgreSQL with pg_dump from a portal running on it if you need to'
        : 'This archive holds a PostgreSQL database (pg_dump): restore it with DATABASE_URL set to an empty database',
    );
  }
  if (opts.force) await emptyDatabase(config);
  if (config.databaseUrl) {
    const { dbname, env } = connectionFor(config.databaseUrl);
    // Owners and grants are the source's; the target's user owns what it restores.
    await runPgTool('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, opts.dumpFile], {
      env: { ...opts.env, ...env },
    });
    return;
  }
  await fs.mkdir(config.pgliteDir, { recursive: true });
  const client = new PGlite(config.pgliteDir, {
    loadDataDir: await openAsBlob(opts.dumpFile),
    startParams: pgliteStartParams(config.pgliteSharedBuffers),
    extensions: { pg_trgm },
  });
  await client.waitReady;
  await client.close();
  if (!(await fs.stat(path.join(config.pgliteDir, 'PG_VERSION')).catch(() => null))) throw new Error(`PGlite did not restore into ${config.pgliteDir}`);
}

/** Rows per table of the restored database, read by opening it as the portal does. */
export async function restoredRowCounts(config: Config): Promise<Record<string, number>> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, pgliteSharedBuffers: config.pgliteSharedBuffers });
  try {
    return await backupRepository.rowCounts(async (text) => {
      const res: unknown = await database.db.execute(sql.raw(text));
      return (res as { rows: Array<Record<string, unknown>> }).rows;
    });
  } finally {
    await database.close();
  }
}

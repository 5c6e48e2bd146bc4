// The database half of a backup: a dump and the row counts of the very moment it was taken.
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import pg from 'pg';
import type { Config } from '../../config';
import { openDatabase } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { processAlive, readBackupEndpoint, ROW_COUNTS_HEADER, SNAPSHOT_AT_HEADER } from './backup-endpoint';
import { ENTRY, type BackupManifest } from './backup-manifest';
import { backupRepository, type RawQuery } from './backup.repository';
import { BackupRefused, connectionFor, runPgTool } from './pg-tools';

/** A database dump ready to be archived: its bytes (read once), their size, and the counts of its moment. */
export interface DatabaseDump {
  entry: string;
  source: BackupManifest['source'];
  createdAt: string;
  rowCounts: Record<string, number>;
  size: number;
  body(): Readable | AsyncIterable<Uint8Array>;
  /** Removes what the dump left (a temporary file), whatever happened. */
  cleanup(): Promise<void>;
}

/** A Blob read in slices (PGlite's dump), so that nothing but the Blob itself is held. */
async function* blobChunks(blob: Blob, chunkBytes = 1024 * 1024): AsyncIterable<Uint8Array> {
  for (let at = 0; at < blob.size; at += chunkBytes) yield new Uint8Array(await blob.slice(at, at + chunkBytes).arrayBuffer());
}

/** The running server's dump, through its backup door (backup-endpoint.ts). */
function dumpFromServer(info: { port: number; token: string }): Promise<DatabaseDump> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: info.port, path: '/backup', headers: { authorization: `Bearer ${info.token}` } }, (res) => {
      if (res.statusCode !== 200) {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => reject(new BackupRefused(`The running portal refused the backup (${res.statusCode}): ${text}`)));
        return;
      }
      const counts = res.headers[ROW_COUNTS_HEADER];
      const at = res.headers[SNAPSHOT_AT_HEADER];
      const size = Number(res.headers['content-length']);
      if (typeof counts !== 'string' || typeof at !== 'string' || !Number.isSafeInteger(size)) {
        res.destroy();
        reject(new Error('The running portal answered without the dump\'s size, time or row counts'));
        return;
      }
      const rowCounts = JSON.parse(Buffer.from(counts, 'base64url').toString('utf8')) as Record<string, number>;
      resolve({ entry: ENTRY.pgliteDump, source: 'running-server', createdAt: at, rowCounts, size, body: () => res, cleanup: async () => void res.destroy() });
    });
    req.once('error', reject);
  });
}

/** The data folder opened by this process (no server runs on it). */
async function dumpFromFolder(config: Config, clock: Clock): Promise<DatabaseDump> {
  if (!(await fs.stat(path.join(config.pgliteDir, 'PG_VERSION')).catch(() => null))) {
    throw new BackupRefused(`There is no PGlite database in ${config.pgliteDir} (DATA_DIR=${config.dataDir}); nothing to back up`);
  }
  const database = await openDatabase({ pgliteDir: config.pgliteDir, pgliteSharedBuffers: config.pgliteSharedBuffers });
  try {
    if (!database.snapshotDataDir) throw new Error('PGlite dumps its data directory');
    const { dump, read } = await database.snapshotDataDir((query) => backupRepository.rowCounts(query));
    return {
      entry: ENTRY.pgliteDump,
      source: 'data-folder',
      createdAt: clock.now().toISOString(),
      rowCounts: read,
      size: dump.size,
      body: () => blobChunks(dump),
      cleanup: async () => undefined,
    };
  } finally {
    await database.close();
  }
}

/**
 * PGlite: through the running server when one runs on DATA_DIR (its door's file names a live
 * process), else from the folder itself. A door file whose process is gone is a crash's leftover.
 */
async function dumpPglite(config: Config, clock: Clock, log: (line: string) => void): Promise<DatabaseDump> {
  const door = await readBackupEndpoint(config.dataDir);
  if (door && processAlive(door.pid)) {
    log(`Dumping the database through the running portal (process ${door.pid})…`);
    try {
      return await dumpFromServer(door);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ECONNREFUSED')
        throw new BackupRefused(`A portal (process ${door.pid}) runs on ${config.dataDir} but its backup door does not answer; try again once it has started`);
      throw err;
    }
  }
  log(`Dumping the database from ${config.pgliteDir} (no portal runs on it)…`);
  return dumpFromFolder(config, clock);
}

/**
 * PostgreSQL: a REPEATABLE READ transaction exports its snapshot, counts the rows in it, and
 * pg_dump (custom format) dumps that same snapshot (--snapshot), while the portal goes on writing.
 * The dump goes to a file beside the archive (its size must be known before the tar entry).
 */
async function dumpPostgres(url: string, clock: Clock, tempFile: string, env: NodeJS.ProcessEnv | undefined, log: (line: string) => void): Promise<DatabaseDump> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query: RawQuery = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
  try {
    await client.query('begin isolation level repeatable read read only');
    const [row] = await query('select pg_export_snapshot() as id');
    const snapshot = String(row?.id);
    const createdAt = clock.now().toISOString();
    const rowCounts = await backupRepository.rowCounts(query);
    log('Dumping the database with pg_dump…');
    const { dbname, env: secret } = connectionFor(url);
    await runPgTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${tempFile}`, `--dbname=${dbname}`], { env: { ...env, ...secret } });
    await client.query('commit');
    const { size } = await fs.stat(tempFile);
    return { entry: ENTRY.postgresDump, source: 'pg_dump', createdAt, rowCounts, size, body: () => createReadStream(tempFile), cleanup: () => fs.rm(tempFile, { force: true }) };
  } catch (err) {
    await fs.rm(tempFile, { force: true });
    throw err;
  } finally {
    await client.end();
  }
}

/** The configured database's dump: PostgreSQL (DATABASE_URL) or the PGlite folder of DATA_DIR. */
export function dumpDatabase(opts: { config: Config; clock: Clock; tempFile: string; env?: NodeJS.ProcessEnv; log: (line: string) => void }): Promise<DatabaseDump> {
  const { config } = opts;
  return config.databaseUrl ? dumpPostgres(config.databaseUrl, opts.clock, opts.tempFile, opts.env, opts.log) : dumpPglite(config, opts.clock, opts.log);
}

// The running server's side of `npm run backup` on PGlite. PGlite lives inside the server's
// process and its data folder cannot be opened by a second process, so the server itself dumps it
// (dumpDataDir) and hands the dump over an operator-only door: an HTTP listener on 127.0.0.1 only
// (never the portal's HOST), on a port the system picks, that answers only a bearer token the
// server makes at start. Both are written to DATA_DIR/backup-endpoint.json, readable by the
// server's user alone (0600): whoever may read the data folder may take a backup, nobody else.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { backupRepository } from './backup.repository';

/** The file in DATA_DIR that tells the backup command where the running server listens. */
export const BACKUP_ENDPOINT_FILE = 'backup-endpoint.json';
/** The dump's row counts (JSON, base64url) and the time it was taken travel as headers beside it. */
export const ROW_COUNTS_HEADER = 'x-palisade-row-counts';
export const SNAPSHOT_AT_HEADER = 'x-palisade-snapshot-at';

export interface BackupEndpointInfo {
  port: number;
  token: string;
  /** The server's process, so that a file left by a crash is told from a live server. */
  pid: number;
}

export interface BackupEndpoint {
  readonly port: number;
  close(): Promise<void>;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const given = crypto.createHash('sha256').update(match[1].trim()).digest();
  const expected = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(given, expected);
}

/**
 * Starts the door on 127.0.0.1 and writes its file; GET /backup with the token answers the data
 * directory's dump (a tar, as PGlite's loadDataDir takes it), with the row counts of the same
 * moment: both are taken in one turn of the database queue, so no write falls between them. The
 * dump is held in memory while it is sent (PGlite dumps into a Blob). Only for PGlite on disk.
 */
export async function startBackupEndpoint(opts: { dataDir: string; database: Database; clock: Clock; log?: (line: string) => void }): Promise<BackupEndpoint> {
  const { database, clock } = opts;
  const snapshot = database.snapshotDataDir;
  if (!snapshot) throw new Error('the backup endpoint serves PGlite only');
  const token = crypto.randomBytes(32).toString('hex');
  let busy = false;
  const server = http.createServer((req, res) => {
    const fail = (status: number, message: string) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(message);
    };
    if (req.method !== 'GET' || req.url !== '/backup') return fail(404, 'Not found');
    if (!tokenMatches(req.headers.authorization, token)) return fail(401, 'The backup token does not match');
    // One dump at a time: each holds the whole data directory in memory.
    if (busy) return fail(409, 'A backup is being taken already');
    busy = true;
    const done = () => {
      busy = false;
    };
    snapshot((query) => backupRepository.rowCounts(query)).then(
      ({ dump, read }) => {
        const at = clock.now().toISOString();
        res.writeHead(200, {
          'content-type': 'application/x-tar',
          'content-length': String(dump.size),
          [ROW_COUNTS_HEADER]: Buffer.from(JSON.stringify(read)).toString('base64url'),
          [SNAPSHOT_AT_HEADER]: at,
        });
        const body = dump.stream();
        void (async () => {
          try {
            for await (const chunk of body) if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
            res.end();
          } catch {
            res.destroy();
          } finally {
            done();
          }
        })();
        res.once('close', done);
      },
      (err: unknown) => {
        done();
        opts.log?.(`backup dump failed: ${err instanceof Error ? err.message : String(err)}`);
        fail(500, 'The database could not be dumped');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the backup endpoint is not listening');
  const file = path.join(opts.dataDir, BACKUP_ENDPOINT_FILE);
  const info: BackupEndpointInfo = { port: address.port, token, pid: process.pid };
  await fs.mkdir(opts.dataDir, { recursive: true });
  // Written under another name and renamed, so that a reader never sees half of it; 0600 from the start.
  await fs.writeFile(`${file}.tmp`, JSON.stringify(info), { mode: 0o600 });
  await fs.rename(`${file}.tmp`, file);
  return {
    port: address.port,
    async close() {
      await fs.rm(file, { force: true });
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The running server's door from its file in the data folder, or null when there is none. */
export async function readBackupEndpoint(dataDir: string): Promise<BackupEndpointInfo | null> {
  const text = await fs.readFile(path.join(dataDir, BACKUP_ENDPOINT_FILE), 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (text === null) return null;
  const parsed = JSON.parse(text) as Partial<BackupEndpointInfo>;
  if (typeof parsed.port !== 'number' || typeof parsed.token !== 'string' || typeof parsed.pid !== 'number') {
    throw new Error(`${path.join(dataDir, BACKUP_ENDPOINT_FILE)} is not a backup endpoint file`);
  }
  return { port: parsed.port, token: parsed.token, pid: parsed.pid };
}

/** Whether a process with this id runs (signal 0 tests without sending). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

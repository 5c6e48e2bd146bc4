import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadEntry } from 'tar';
import type { Config } from '../../config';
import { createFileStore } from '../../storage/create-file-store';
import { BACKUP_FORMAT_VERSION, backupManifestSchema, ENTRY, type BackupManifest } from './backup-manifest';
import { databaseNotEmpty, describeDatabase, restoreDatabase, restoredRowCounts } from './database-restore';
import { BackupRefused } from './pg-tools';
import { storeReaderFor } from './stored-files';
import { readTarGz } from './tar-reader';

/** One table's rows: as the manifest says, and as the restored database holds. */
export interface TableCheck {
  table: string;
  expected: number | null;
  restored: number | null;
  ok: boolean;
}

/** A file whose restored bytes are not the manifest's (missing: restored null). */
export interface FileMismatch {
  key: string;
  expected: { size: number; sha256: string };
  restored: { size: number; sha256: string } | null;
}

export interface RestoreReport {
  manifest: BackupManifest;
  tables: TableCheck[];
  filesChecked: number;
  fileBytes: number;
  fileMismatches: FileMismatch[];
  /** The database entry's bytes against the manifest's hash. */
  databaseIntact: boolean;
  ok: boolean;
}

/** Hashes what passes through. */
function hashing(): { stream: Transform; result: () => { size: number; sha256: string } } {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

async function readAll(entry: ReadEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Why the configured file store is not empty (null when it is). */
async function storeNotEmpty(config: Config): Promise<string | null> {
  const reader = storeReaderFor(config);
  try {
    const keys = await reader.keys();
    if (keys.length === 0) return null;
    return config.s3 ? `the bucket ${config.s3.bucket} holds ${keys.length} objects` : `the folder ${path.join(config.dataDir, 'files')} holds ${keys.length} files`;
  } finally {
    reader.close();
  }
}

/**
 * `npm run restore -- --from FILE [--force]` (issue 61): restores an archive of `npm run backup`
 * into the configured database and file store, which must be empty (else refused, unless
 * --force: the database is replaced, the archive's files are written over the store's keys, other
 * keys stay), then checks what it restored against the manifest: every table's rows, and every
 * file's size and SHA-256 read back from the store.
 */
export async function restoreBackup(
  deps: { config: Config; log?: (line: string) => void; env?: NodeJS.ProcessEnv },
  input: { from: string; force: boolean },
): Promise<RestoreReport> {
  const { config } = deps;
  const log = deps.log ?? (() => undefined);
  const from = path.resolve(input.from);
  if (!(await fs.stat(from).catch(() => null))?.isFile()) throw new BackupRefused(`There is no archive at ${from}`);
  const reasons = [await databaseNotEmpty(config), await storeNotEmpty(config)].filter((r): r is string => r !== null);
  if (reasons.length > 0) {
    if (!input.force) {
      throw new BackupRefused(
        `The restore target is not empty: ${reasons.join('; ')}. Restore into an empty database and file store, or add --force to replace the database and write the archive's files over the store (this deletes what the database holds).`,
      );
    }
    log(`--force: ${reasons.join('; ')}; replacing.`);
  }
  const store = createFileStore(config);
  const temp = await fs.mkdtemp(path.join(os.tmpdir(), 'palisade-restore-'));
  let manifestText: string | null = null;
  let databaseReceived: { entry: string; size: number; sha256: string } | null = null;
  const received = new Map<string, { size: number; sha256: string }>();
  try {
    await readTarGz(from, async (entry) => {
      const name = entry.path;
      if (entry.type !== 'File') {
        entry.resume();
        return;
      }
      if (name === ENTRY.pgliteDump || name === ENTRY.postgresDump) {
        const dumpFile = path.join(temp, 'database');
        const hash = hashing();
        await pipeline(entry, hash.stream, createWriteStream(dumpFile));
        databaseReceived = { entry: name, ...hash.result() };
        log(`Restoring the database into ${describeDatabase(config)}…`);
        await restoreDatabase({ config, backend: name === ENTRY.pgliteDump ? 'pglite' : 'postgres', dumpFile, force: input.force && reasons.length > 0, env: deps.env });
        await fs.rm(dumpFile, { force: true });
        log('Restoring the files…');
        return;
      }
      if (name.startsWith(ENTRY.filesPrefix)) {
        if (!databaseReceived) throw new BackupRefused('The archive holds files before its database: it was not made by npm run backup');
        const key = name.slice(ENTRY.filesPrefix.length);
        const hash = hashing();
        const body = entry.pipe(hash.stream);
        await store.put(key, body, Number.MAX_SAFE_INTEGER);
        received.set(key, hash.result());
        return;
      }
      if (name === ENTRY.manifest) {
        manifestText = (await readAll(entry)).toString('utf8');
        return;
      }
      log(`Skipped ${name}: not an entry of a backup`);
      entry.resume();
    });
  } finally {
    await store.close();
    await fs.rm(temp, { recursive: true, force: true });
  }
  if (manifestText === null) throw new BackupRefused(`${from} has no manifest.json: it is not a whole archive of npm run backup`);
  const parsed = backupManifestSchema.safeParse(JSON.parse(manifestText));
  if (!parsed.success) throw new BackupRefused(`${from} has a manifest this version does not read: ${parsed.error.issues[0]?.message ?? ''}`);
  const manifest = parsed.data;
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) throw new BackupRefused(`The archive's format ${manifest.formatVersion} is newer than this portal's (${BACKUP_FORMAT_VERSION})`);
  const db = databaseReceived as { entry: string; size: number; sha256: string } | null;
  if (!db) throw new BackupRefused(`${from} holds no database`);
  log('Checking what was restored…');
  return verifyRestore(config, manifest, db);
}

/** Compares the restored database and files with the manifest. */
async function verifyRestore(config: Config, manifest: BackupManifest, db: { entry: string; size: number; sha256: string }): Promise<RestoreReport> {
  const restored = await restoredRowCounts(config);
  const names = [...new Set([...Object.keys(manifest.rowCounts), ...Object.keys(restored)])].sort();
  const tables: TableCheck[] = names.map((table) => {
    const expected = manifest.rowCounts[table] ?? null;
    const got = restored[table] ?? null;
    return { table, expected, restored: got, ok: expected !== null && expected === got };
  });
  const reader = storeReaderFor(config);
  const fileMismatches: FileMismatch[] = [];
  let fileBytes = 0;
  try {
    for (const file of manifest.files) {
      const opened = await reader.open(file.key);
      if (!opened) {
        fileMismatches.push({ key: file.key, expected: { size: file.size, sha256: file.sha256 }, restored: null });
        continue;
      }
      const hash = hashing();
      await pipeline(opened.body, hash.stream, async (source: AsyncIterable<unknown>) => {
        for await (const chunk of source) void chunk;
      });
      const got = hash.result();
      fileBytes += got.size;
      if (got.size !== file.size || got.sha256 !== file.sha256) fileMismatches.push({ key: file.key, expected: { size: file.size, sha256: file.sha256 }, restored: got });
    }
  } finally {
    reader.close();
  }
  const databaseIntact = db.entry === manifest.database.entry && db.size === manifest.database.size && db.sha256 === manifest.database.sha256;
  return {
    manifest,
    tables,
    filesChecked: manifest.files.length,
    fileBytes,
    fileMismatches,
    databaseIntact,
    ok: databaseIntact && tables.every((t) => t.ok) && fileMismatches.length === 0,
  };
}

/** The result table the command prints. */
export function formatRestoreReport(r: RestoreReport): string {
  const width = Math.max(5, ...r.tables.map((t) => t.table.length));
  const show = (n: number | null) => (n === null ? '-' : String(n)).padStart(9);
  const lines = [
    `Archive of ${r.manifest.createdAt} (${r.manifest.backend}, ${r.manifest.source}): database entry ${r.databaseIntact ? 'intact' : 'DIFFERS FROM ITS MANIFEST HASH'}`,
    '',
    `${'table'.padEnd(width)}  ${'archive'.padStart(9)}  ${'restored'.padStart(9)}`,
    ...r.tables.map((t) => `${t.table.padEnd(width)}  ${show(t.expected)}  ${show(t.restored)}  ${t.ok ? 'ok' : 'MISMATCH'}`),
    '',
    `files: ${r.filesChecked} checked (${r.fileBytes} bytes), ${r.filesChecked - r.fileMismatches.length} match${r.fileMismatches.length > 0 ? `, ${r.fileMismatches.length} DO NOT` : ''}`,
    ...r.fileMismatches.map((m) => `  ${m.key}: expected ${m.expected.size} bytes ${m.expected.sha256}, restored ${m.restored ? `${m.restored.size} bytes ${m.restored.sha256}` : 'nothing'}`),
    '',
    r.ok ? 'Restore verified: every table and file matches the archive.' : 'Restore NOT verified: see the mismatches above.',
  ];
  return lines.join('\n');
}

import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig, type Config } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { systemClock } from '../../lib/clock';
import { writeDemoComplianceFiles } from '../../seed/demo-compliance';
import { writeDemoDocumentFiles } from '../../seed/demo-documents';
import { writeDemoLearningFiles } from '../../seed/demo-learning';
import { writeDemoObservationPhotos } from '../../seed/demo-observation-photos';
import { createFileStore } from '../../storage/create-file-store';
import { formBody, PDF_BYTES } from '../../test/documents-helpers';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { createDatabaseNamed, databaseUrlNamed, dropDatabaseNamed, testPostgresUrl } from '../../test/test-database';
import { signInThrough } from '../../test/test-app';
import { startBackupEndpoint } from './backup-endpoint';
import { backupRepository, type RawQuery } from './backup.repository';
import { createBackup } from './backup.service';
import { BackupRefused } from './pg-tools';
import { restoreBackup } from './restore.service';
import { storeReaderFor } from './stored-files';

/**
 * Issue 61, backup and restore: a seeded portal with its files (PGlite with files on disk; on the
 * PostgreSQL pass, PostgreSQL with files in an S3 bucket) is backed up while it goes on writing,
 * and again once it is quiet; each archive is restored into an empty target (a new data folder, or
 * a new database and bucket) and checked: every table's rows and every file's bytes are the
 * source's, and the counts of the archive taken under writes are what its restore holds. A
 * non-empty target is refused unless --force.
 */
const pgServer = testPostgresUrl();
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function tempDir(name: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `palisade-${name}-`));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

function configOf(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web'), PUBLIC_URL: 'http://localhost:3000', AUTH_RATE_LIMIT: '1000', ...env });
}

/** Every row of every table, each as the md5 of its text, by table. */
async function tableRows(query: RawQuery): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await backupRepository.tables(query)) {
    const [schema = '', name = ''] = table.split('.');
    const rows = await query(`select md5(x::text) as h from "${schema}"."${name}" x order by 1`);
    out[table] = rows.map((r) => String(r.h));
  }
  return out;
}

async function rowsOfDatabase(database: Database): Promise<Record<string, string[]>> {
  return tableRows(async (text) => {
    const res: unknown = await database.db.execute(sql.raw(text));
    return (res as { rows: Array<Record<string, unknown>> }).rows;
  });
}

async function rowsOfConfig(config: Config): Promise<Record<string, string[]>> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    return await rowsOfDatabase(database);
  } finally {
    await database.close();
  }
}

/** Every stored file's SHA-256 by key. */
async function filesOf(config: Config): Promise<Record<string, string>> {
  const reader = storeReaderFor(config);
  const out: Record<string, string> = {};
  try {
    for (const key of await reader.keys()) {
      const opened = await reader.open(key);
      if (!opened) continue;
      const hash = crypto.createHash('sha256');
      for await (const chunk of opened.body) hash.update(chunk as Buffer);
      out[key] = hash.digest('hex');
    }
  } finally {
    reader.close();
  }
  return out;
}

/** The portal on the source: the seeded demo with the bytes of its files, and an admin session. */
async function startPortal(config: Config, database: Database): Promise<{ app: FastifyInstance; admin: string; close: () => Promise<void> }> {
  const store = createFileStore(config);
  const { app } = await buildApp({ config, database, store, mailQueue: false, rankingSweepMs: false, notificationSweepMs: 3_600_000, unattachedSweepMs: 3_600_000 });
  await app.ready();
  for (const write of [writeDemoDocumentFiles, writeDemoObservationPhotos, writeDemoLearningFiles, writeDemoComplianceFiles]) await write(database.db, store);
  const admin = await signInThrough(app, 'admin@demo.test');
  return {
    app,
    admin,
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}

interface Writer {
  count: () => number;
  failure: () => Error | null;
  stop: () => Promise<void>;
}

/** Writes through the portal (a policy document with a PDF: rows, an audit entry and a stored file each) until stopped. */
function keepWriting(app: FastifyInstance, admin: string): Writer {
  let n = 0;
  let stopping = false;
  let failure: Error | null = null;
  const loop = (async () => {
    while (!stopping) {
      const { payload, contentType } = formBody([['title', `Rules ${n}`], ['description', 'Written during the backup']], [{ name: `rules-${n}.pdf`, content: PDF_BYTES }]);
      const res = await app.inject({ method: 'POST', url: '/api/document/createDocument', payload, headers: { 'content-type': contentType, cookie: admin } });
      if (res.statusCode !== 200) throw new Error(`a write failed: ${res.body}`);
      n += 1;
    }
  })().catch((err: unknown) => {
    failure = err instanceof Error ? err : new Error(String(err));
  });
  return {
    count: () => n,
    failure: () => failure,
    stop: async () => {
      stopping = true;
      await loop;
    },
  };
}

async function policyDocuments(database: Database): Promise<number> {
  const rows = await rowsOfDatabase(database);
  return rows['public.policy_documents']?.length ?? 0;
}

/** Waits until the writer has made some writes (so that the backup starts among them). */
async function writesUnderWay(writer: Writer, atLeast: number): Promise<void> {
  while (writer.count() < atLeast) {
    const failure = writer.failure();
    if (failure) throw failure;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(!pgServer)('npm run backup / restore on PGlite with files on disk', () => {
  let source: Config;
  let database: Database;
  let portal: Awaited<ReturnType<typeof startPortal>>;
  let door: Awaited<ReturnType<typeof startBackupEndpoint>>;
  let live: Awaited<ReturnType<typeof createBackup>>;
  let liveRows: Record<string, string[]>;
  let target: Config;

  beforeAll(async () => {
    source = configOf(await tempDir('backup-source'));
    // The source's data folder: the run's seeded template, loaded into a folder as a portal keeps it.
    await fs.mkdir(source.pgliteDir, { recursive: true });
    const seeded = new PGlite(source.pgliteDir, { loadDataDir: new Blob([await fs.readFile(seededDump())]), extensions: { pg_trgm } });
    await seeded.waitReady;
    await seeded.close();
    database = await openDatabase({ pgliteDir: source.pgliteDir });
    portal = await startPortal(source, database);
    door = await startBackupEndpoint({ dataDir: source.dataDir, database, clock: systemClock });
  });

  it('backs up the running portal through its door while it writes; the restore holds the archive\'s counts', async () => {
    const writer = keepWriting(portal.app, portal.admin);
    await writesUnderWay(writer, 2);
    const before = await policyDocuments(database);
    live = await createBackup({ config: source, clock: systemClock }, { to: path.join(await tempDir('archives'), 'live.tar.gz') });
    await writesUnderWay(writer, writer.count() + 2);
    await writer.stop();
    expect(writer.failure()).toBeNull();
    const after = await policyDocuments(database);
    expect(live.manifest.source).toBe('running-server');
    expect(live.manifest.backend).toBe('pglite');
    expect(live.manifest.fileStore).toBe('local');
    expect(live.manifest.files.length).toBeGreaterThan(10);
    const inArchive = live.manifest.rowCounts['public.policy_documents'] ?? -1;
    expect(inArchive).toBeGreaterThanOrEqual(before);
    expect(inArchive).toBeLessThan(after);

    const liveTarget = configOf(await tempDir('restore-live'));
    const liveReport = await restoreBackup({ config: liveTarget }, { from: live.file, force: false });
    expect(liveReport.tables.filter((t) => !t.ok)).toEqual([]);
    expect(liveReport.fileMismatches).toEqual([]);
    expect(liveReport.ok).toBe(true);
    // The archive's counts are the restored database's own (one moment, taken under writes).
    liveRows = await rowsOfConfig(liveTarget);
    for (const [table, count] of Object.entries(live.manifest.rowCounts)) expect(liveRows[table]?.length, table).toBe(count);
    expect(Object.keys(await filesOf(liveTarget)).sort()).toEqual(live.manifest.files.map((f) => f.key).sort());
  });

  it('backs up a stopped portal from its folder; the restore is every row and file of the source', async () => {
    await door.close();
    await portal.close();
    await database.close();
    const quiet = await createBackup({ config: source, clock: systemClock }, { to: path.join(await tempDir('archives'), 'quiet.tar.gz') });
    expect(quiet.manifest.source).toBe('data-folder');
    target = configOf(await tempDir('restore-quiet'));
    const report = await restoreBackup({ config: target }, { from: quiet.file, force: false });
    expect(report.ok).toBe(true);
    expect(await rowsOfConfig(target)).toEqual(await rowsOfConfig(source));
    expect(await filesOf(target)).toEqual(await filesOf(source));
  });

  it('refuses a folder that holds a database, unless --force', async () => {
    await expect(restoreBackup({ config: target }, { from: live.file, force: false })).rejects.toThrow(
      /The restore target is not empty: the PGlite folder .* is not empty; the folder .* holds \d+ files/,
    );
    await expect(restoreBackup({ config: target }, { from: live.file, force: false })).rejects.toBeInstanceOf(BackupRefused);
    const forced = await restoreBackup({ config: target }, { from: live.file, force: true });
    expect(forced.ok).toBe(true);
    expect(await rowsOfConfig(target)).toEqual(liveRows);
  });
});

function seededDump(): string {
  const template = inject('seededTemplate');
  if (template.kind !== 'pglite') throw new Error('the PGlite pass has a PGlite template');
  return template.dump;
}

describe.runIf(pgServer)('npm run backup / restore on PostgreSQL with files in S3', () => {
  /** A new database on the test server (empty, or a copy of the run's seeded template). */
  async function newDatabase(seeded: boolean): Promise<string> {
    if (!pgServer) throw new Error('PostgreSQL pass only');
    const name = `palisade_backup_${crypto.randomBytes(6).toString('hex')}`;
    const template = inject('seededTemplate');
    await createDatabaseNamed(pgServer, name, seeded && template.kind === 'postgres' ? template.name : undefined);
    cleanups.push(() => dropDatabaseNamed(pgServer, name));
    return databaseUrlNamed(pgServer, name);
  }
  async function newBucket(name: string): Promise<TestS3> {
    const s3 = await startTestS3(name);
    cleanups.push(() => s3.close());
    return s3;
  }

  it('backs up with pg_dump in one snapshot while the portal writes; restores into an empty database and bucket; refuses a non-empty one', async () => {
    const sourceBucket = await newBucket('palisade-source');
    const source = configOf(await tempDir('backup-source'), { DATABASE_URL: await newDatabase(true), ...sourceBucket.env });
    const database = await openDatabase({ databaseUrl: source.databaseUrl, pgliteDir: 'memory' });
    cleanups.push(() => database.close());
    const portal = await startPortal(source, database);
    cleanups.push(() => portal.close());

    const writer = keepWriting(portal.app, portal.admin);
    await writesUnderWay(writer, 2);
    const before = await policyDocuments(database);
    const live = await createBackup({ config: source, clock: systemClock }, { to: path.join(await tempDir('archives'), 'live.tar.gz') });
    await writesUnderWay(writer, writer.count() + 2);
    await writer.stop();
    expect(writer.failure()).toBeNull();
    const after = await policyDocuments(database);
    expect(live.manifest.source).toBe('pg_dump');
    expect(live.manifest.backend).toBe('postgres');
    expect(live.manifest.fileStore).toBe('s3');
    expect(live.manifest.files.length).toBeGreaterThan(10);
    const inArchive = live.manifest.rowCounts['public.policy_documents'] ?? -1;
    expect(inArchive).toBeGreaterThanOrEqual(before);
    expect(inArchive).toBeLessThan(after);

    const liveBucket = await newBucket('palisade-live');
    const liveTarget = configOf(await tempDir('restore-live'), { DATABASE_URL: await newDatabase(false), ...liveBucket.env });
    const liveReport = await restoreBackup({ config: liveTarget }, { from: live.file, force: false });
    expect(liveReport.tables.filter((t) => !t.ok)).toEqual([]);
    expect(liveReport.fileMismatches).toEqual([]);
    expect(liveReport.ok).toBe(true);
    const liveRows = await rowsOfConfig(liveTarget);
    for (const [table, count] of Object.entries(live.manifest.rowCounts)) expect(liveRows[table]?.length, table).toBe(count);
    expect(await liveBucket.keys()).toEqual(live.manifest.files.map((f) => f.key).sort());

    // Quiet: every table and file of the source, in a new database and bucket.
    const quiet = await createBackup({ config: source, clock: systemClock }, { to: path.join(await tempDir('archives'), 'quiet.tar.gz') });
    const bucket = await newBucket('palisade-target');
    const target = configOf(await tempDir('restore-quiet'), { DATABASE_URL: await newDatabase(false), ...bucket.env });
    const report = await restoreBackup({ config: target }, { from: quiet.file, force: false });
    expect(report.ok).toBe(true);
    expect(await rowsOfConfig(target)).toEqual(await rowsOfDatabase(database));
    expect(await filesOf(target)).toEqual(await filesOf(source));

    // Not into a database that holds the portal's tables, unless --force.
    await expect(restoreBackup({ config: target }, { from: live.file, force: false })).rejects.toThrow(
      /The restore target is not empty: the PostgreSQL database .* holds \d+ tables; the bucket palisade-target holds \d+ objects/,
    );
    const forced = await restoreBackup({ config: target }, { from: live.file, force: true });
    expect(forced.ok).toBe(true);
    expect(await rowsOfConfig(target)).toEqual(liveRows);
  });

  it('says so when pg_dump is not on PATH', async () => {
    const source = configOf(await tempDir('backup-nopath'), { DATABASE_URL: await newDatabase(false) });
    const empty = await tempDir('no-tools');
    const to = path.join(empty, 'x.tar.gz');
    await expect(createBackup({ config: source, clock: systemClock, env: { PATH: empty } }, { to })).rejects.toThrow(
      'pg_dump was not found on PATH; install the PostgreSQL client tools',
    );
    // Nothing is left behind.
    expect(await fs.readdir(empty)).toEqual([]);
  });
});

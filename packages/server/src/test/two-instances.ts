import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { createSeededTestDatabase, signInThrough } from './test-app';

/** Two instances of the app on one new PostgreSQL database, each listening on its own port. */
export interface TwoInstances {
  apps: [FastifyInstance, FastifyInstance];
  /** http://127.0.0.1:port of each. */
  bases: [string, string];
  /** The database's URL (for connections of a test's own). */
  dbUrl: string;
  /** The data folder both share (files, mail outbox). */
  dataDir: string;
  /** Signs in through instance i; the session cookie ("palisade_session=…"). */
  signIn(i: 0 | 1, email: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts two instances on one fresh PostgreSQL database (PALISADE_TEST_BACKEND=postgres and
 * TEST_DATABASE_URL must be set), migrated and seeded once, as several `npm start` on one
 * DATABASE_URL would be.
 */
export async function startTwoInstances(): Promise<TwoInstances> {
  const first = await createSeededTestDatabase();
  if (first.database.url === null || !first.dropDatabase) throw new Error('two instances need PostgreSQL');
  const dbUrl = first.database.url;
  const second = await openDatabase({ databaseUrl: dbUrl, pgliteDir: 'memory' });
  const databases: Database[] = [first.database, second];
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'palisade-two-'));
  const apps: FastifyInstance[] = [];
  const bases: string[] = [];
  for (const database of databases) {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web'), PUBLIC_URL: 'http://localhost:3000', AUTH_RATE_LIMIT: '1000' });
    const { app } = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    apps.push(app);
    bases.push(`http://127.0.0.1:${address.port}`);
  }
  const [a0, a1] = apps;
  const [b0, b1] = bases;
  if (!a0 || !a1 || !b0 || !b1) throw new Error('two instances did not start');
  return {
    apps: [a0, a1],
    bases: [b0, b1],
    dbUrl,
    dataDir,
    signIn: (i, email) => signInThrough(i === 0 ? a0 : a1, email),
    async close() {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await first.dropDatabase?.();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Two instances of the app (inject only) on one database, each with its own DATA_DIR. */
export interface SharedInstances {
  apps: [FastifyInstance, FastifyInstance];
  /** Each instance's DATA_DIR (its local files folder would be `files/` in it). */
  dataDirs: [string, string];
  db: Database['db'];
  /** The first instance's database (the second's is the same one, or a pool of its own on it). */
  database: Database;
  signIn(i: 0 | 1, email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Two instances on one fresh, migrated and seeded database of the test backend (PGlite: one
 * in-memory database both use; PostgreSQL: a connection pool each), with the given variables
 * (e.g. the S3_* of a test server) and a DATA_DIR of their own: what one instance keeps on its
 * disk, the other cannot see.
 */
export async function startInstancesSharing(env: Record<string, string>): Promise<SharedInstances> {
  const first = await createSeededTestDatabase();
  const second = first.database.url !== null ? await openDatabase({ databaseUrl: first.database.url, pgliteDir: 'memory' }) : first.database;
  const databases = [...new Set([first.database, second])];
  const apps: FastifyInstance[] = [];
  const dataDirs: string[] = [];
  for (const database of [first.database, second]) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'palisade-instance-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web'), PUBLIC_URL: 'http://localhost:3000', AUTH_RATE_LIMIT: '1000', ...env });
    const { app } = await buildApp({ config, database });
    await app.ready();
    apps.push(app);
    dataDirs.push(dataDir);
  }
  const [a0, a1] = apps;
  const [d0, d1] = dataDirs;
  if (!a0 || !a1 || !d0 || !d1) throw new Error('two instances did not start');
  return {
    apps: [a0, a1],
    dataDirs: [d0, d1],
    db: first.database.db,
    database: first.database,
    signIn: (i, email, password) => signInThrough(i === 0 ? a0 : a1, email, password),
    async close() {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await first.dropDatabase?.();
      for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

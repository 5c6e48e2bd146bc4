import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, type SQL } from 'drizzle-orm';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database, type Db } from '../db/client';
import { users } from '../db/schema';
import { DEMO_PASSWORD } from '../seed/demo';
import { SESSION_COOKIE } from '../plugins/auth-context';
import type { Services } from '../services';
import { inject } from 'vitest';
import { createDatabaseNamed, databaseUrlNamed, dropDatabaseNamed, testPostgresUrl } from './test-database';

export interface Reply<T = unknown> {
  status: number;
  body: { code: number; message: string; data: T };
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  db: Db;
  dataDir: string;
  backend: 'pglite' | 'postgres';
  /** The PostgreSQL database's URL (a second instance's connections); null on PGlite. */
  dbUrl: string | null;
  /** The writes that end this process's kept session lookups (Database.authWrites). */
  authWrites(): number;
  /** The rows of a query of the test's own (figures counted by the test, not by the service). */
  rows<T>(query: SQL): Promise<T[]>;
  /** Signs in and returns the session cookie ("palisade_session=…"). */
  signIn(email: string, password?: string): Promise<string>;
  post<T = unknown>(url: string, body?: unknown, cookie?: string, headers?: Record<string, string>): Promise<Reply<T>>;
  get<T = unknown>(url: string, cookie?: string): Promise<Reply<T>>;
  /** Sends one file as multipart field `file`. */
  upload<T = unknown>(url: string, file: { name: string; content: Buffer; type?: string }, cookie?: string): Promise<Reply<T>>;
  /** The id of a seeded user by email. */
  userId(email: string): Promise<string>;
  /** The links found in the outbox mails to that address, oldest first. */
  outboxLinks(to: string): Promise<string[]>;
  /** Listens on a free port of 127.0.0.1 (for tests over real sockets); resolves with the port. */
  listen(): Promise<number>;
  close(): Promise<void>;
}

/** Signs in through the app; the session cookie ("palisade_session=…"). */
export async function signInThrough(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signIn', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

type DatabaseOptions = { queueTimeoutMs?: number; pgliteSharedBuffers?: string };

/** A new PostgreSQL database of the test server (a copy of `template` when given); dropped by the returned function. */
async function newPostgresDatabase(serverUrl: string, template: string | undefined, opts: DatabaseOptions): Promise<{ database: Database; dropDatabase: () => Promise<void> }> {
  const name = `palisade_test_${crypto.randomBytes(6).toString('hex')}`;
  await createDatabaseNamed(serverUrl, name, template);
  return {
    database: await openDatabase({ databaseUrl: databaseUrlNamed(serverUrl, name), pgliteDir: 'memory', ...opts }),
    dropDatabase: () => dropDatabaseNamed(serverUrl, name),
  };
}

/**
 * A fresh, empty database of the test backend: PGlite in memory, or, when
 * PALISADE_TEST_BACKEND=postgres and TEST_DATABASE_URL are set, a new PostgreSQL database;
 * dropDatabase (null on PGlite) drops it once it is closed.
 */
export async function createTestDatabase(opts: DatabaseOptions = {}): Promise<{ database: Database; dropDatabase: (() => Promise<void>) | null }> {
  const pgUrl = testPostgresUrl();
  if (!pgUrl) return { database: await openEmptyPglite(opts), dropDatabase: null };
  return newPostgresDatabase(pgUrl, undefined, opts);
}

/** An empty PGlite in memory, whatever the pass: loaded from the run's dump of a new cluster (its initdb is done once). */
export async function openEmptyPglite(opts: DatabaseOptions = {}): Promise<Database> {
  return openDatabase({ pgliteDir: 'memory', pgliteLoadDataDir: new Blob([await fs.readFile(inject('emptyPglite'))]), ...opts });
}

/**
 * A fresh database of the test backend, migrated and holding the demo data: a copy of the run's
 * template (test/global-setup.ts), made in a fraction of the time migrating and seeding take.
 */
export async function createSeededTestDatabase(opts: DatabaseOptions = {}): Promise<{ database: Database; dropDatabase: (() => Promise<void>) | null }> {
  const template = inject('seededTemplate');
  const pgUrl = testPostgresUrl();
  if (template.kind === 'postgres') {
    if (!pgUrl) throw new Error('the PostgreSQL template outlived its pass');
    return newPostgresDatabase(pgUrl, template.name, opts);
  }
  const dump = new Blob([await fs.readFile(template.dump)]);
  return { database: await openDatabase({ pgliteDir: 'memory', pgliteLoadDataDir: dump, ...opts }), dropDatabase: null };
}

/**
 * The real app on a fresh database: PGlite in memory, or, when PALISADE_TEST_BACKEND=postgres and
 * TEST_DATABASE_URL are set, a new PostgreSQL database that is dropped at close.
 */
export async function createTestApp(env: Record<string, string> = {}, build: Pick<BuildOptions, 'onRoute' | 'unattachedSweepMs' | 'mailQueue' | 'exportQueue' | 'notificationSweepMs' | 'clock' | 'rankingSweepMs'> = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'palisade-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_RATE_LIMIT: '1000',
    ...env,
  });
  // As main.ts opens it: DB_QUEUE_TIMEOUT_MS bounds the wait for the database, and PGlite runs with
  // the server's shared_buffers.
  const { database, dropDatabase } = await createSeededTestDatabase({ queueTimeoutMs: config.dbQueueTimeoutMs, pgliteSharedBuffers: config.pgliteSharedBuffers });
  // Every reply of every API test is checked against its route's reply schema.
  // No ranking sweep: a test rebuilds the rankings itself (services.rankings.rebuildDue), when it means to.
  const { app, services } = await buildApp({ config, database, checkReplies: true, rankingSweepMs: false, ...build });
  await app.ready();

  const wrap = <T>(res: LightMyRequestResponse): Reply<T> => ({
    status: res.statusCode,
    body: res.json<Reply<T>['body']>(),
    headers: res.headers,
    raw: res,
  });

  const t: TestApp = {
    app,
    services,
    db: database.db,
    dataDir,
    backend: database.kind,
    dbUrl: database.url,
    authWrites: () => database.authWrites(),
    async rows<T>(query: SQL): Promise<T[]> {
      const res: unknown = await database.db.execute(query);
      return (res as { rows: T[] }).rows;
    },
    signIn: (email, password) => signInThrough(app, email, password),
    async post(url, body, cookie, headers = {}) {
      return wrap(
        await app.inject({ method: 'POST', url, payload: body as object, headers: { ...(cookie ? { cookie } : {}), ...headers } }),
      );
    },
    async get(url, cookie) {
      return wrap(await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }));
    },
    async upload(url, file, cookie) {
      const boundary = `----palisade${crypto.randomBytes(8).toString('hex')}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        file.content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return wrap(
        await app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
        }),
      );
    },
    async userId(email) {
      const rows = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const id = rows[0]?.id;
      if (!id) throw new Error(`no user ${email}`);
      return id;
    },
    async outboxLinks(to) {
      const dir = path.join(dataDir, 'outbox');
      const names = (await fs.readdir(dir).catch(() => [])).filter((n) => n.endsWith(`-${to}.eml`)).sort();
      const links: string[] = [];
      for (const n of names) {
        const text = (await fs.readFile(path.join(dir, n), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const match = text.match(/https?:\/\/\S+reset_password\?\S+/);
        if (match) links.push(match[0]);
      }
      return links;
    },
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      return address.port;
    },
    async close() {
      await app.close();
      await database.close();
      if (dropDatabase) await dropDatabase();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

/** The oobCode query parameter of a reset or invitation link. */
export function oobCodeOf(link: string): string {
  const code = new URL(link).searchParams.get('oobCode');
  if (!code) throw new Error(`no oobCode in ${link}`);
  return code;
}

/** A valid 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

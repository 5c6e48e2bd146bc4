// Health, readiness, metrics, request ids and what never reaches the log (#20).
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@palisade/domain/messages';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DEMO_PASSWORD } from '../seed/demo';
import { createSeededTestDatabase, createTestApp, createTestDatabase, oobCodeOf, openEmptyPglite, signInThrough, type TestApp } from '../test/test-app';
import { redactUrl } from './logging';

const METRICS_TOKEN = 'metrics-Token-7f3a9c';
const NEW_PASSWORD = 'Fresh!Passw0rd9';
const WRONG_PASSWORD = 'Wr0ng!Secret77';

/** A port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function tempDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'palisade-ops-'));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health and /api/ready', () => {
  it('health answers while the process lives; ready checks the database, its migrations and the storage', async () => {
    const health = await t.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.data).toMatchObject({ status: 'ok', database: t.backend, storage: 'local' });
    const ready = await t.get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ code: 200, message: messages.http.ready, data: { database: 'ok', migrations: 'ok', storage: 'ok' } });
  });

  it('503 naming the database when it cannot be reached (a stopped port)', async () => {
    const dataDir = await tempDir();
    const database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/palisade`, pgliteDir: 'memory', queueTimeoutMs: 2000 });
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') });
    const { app } = await buildApp({ config, database });
    try {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ code: 503, message: messages.http.notReady(['database']), data: { database: 'failing', migrations: 'unknown', storage: 'ok' } });
    } finally {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('503 naming the migrations when the database is behind this build', async () => {
    const dataDir = await tempDir();
    const { database, dropDatabase } = await createTestDatabase();
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') });
    const { app } = await buildApp({ config, database });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ code: 503, message: messages.http.notReady(['migrations']), data: { database: 'ok', migrations: 'failing', storage: 'ok' } });
      await database.migrate();
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await dropDatabase?.();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/metrics', () => {
  it('serves Prometheus text only to the bearer of METRICS_TOKEN', async () => {
    await t.get('/api/health');
    const none = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 401, message: messages.http.metricsToken });
    const wrong = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(text).toMatch(/palisade_db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toMatch(/palisade_websockets_open 0/);
    expect(text).toMatch(/palisade_mails_queued 0/);
  });

  it('is not served at all without METRICS_TOKEN', async () => {
    const dataDir = await tempDir();
    const database = await openEmptyPglite();
    const { app } = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') }), database });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer anything' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('request ids and the log', () => {
  let app: FastifyInstance;
  let dataDir: string;
  const lines: string[] = [];
  let close: () => Promise<void>;

  beforeAll(async () => {
    dataDir = await tempDir();
    const { database, dropDatabase } = await createSeededTestDatabase();
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter((l) => l !== ''));
        done();
      },
    });
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace',
      WEB_DIST: path.join(dataDir, 'no-web'),
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_RATE_LIMIT: '1000',
      METRICS_TOKEN,
    });
    const built = await buildApp({ config, database, logStream: sink });
    app = built.app;
    // A route that fails as a bug would (a 500), before the app is ready (public: every route
    // under /api names its policy).
    app.get('/api/test/fail', { config: { policy: null } }, async () => {
      throw new Error('a bug');
    });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
      await dropDatabase?.();
      await fs.rm(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(async () => {
    await close();
  });

  it('a 5xx reply carries the request id of its log lines; every reply names its id', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const failed = await app.inject({ method: 'GET', url: '/api/test/fail' });
    expect(failed.statusCode).toBe(500);
    const requestId = failed.headers['x-request-id'];
    expect(failed.json()).toEqual({ code: 500, message: messages.http.internal, data: { requestId } });
    const errorLine = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string }).find((l) => l.msg === 'request failed');
    expect(errorLine?.reqId).toBe(requestId);
  });

  it('no password, cookie, reset code or token of a whole journey reaches the log', async () => {
    const secrets: string[] = [DEMO_PASSWORD, NEW_PASSWORD, WRONG_PASSWORD, METRICS_TOKEN];
    // Sign-in, a wrong password, a reset by mail, the reset page's link, a new password, metrics.
    const admin = await signInThrough(app, 'admin@demo.test');
    secrets.push(admin.split('=')[1] ?? admin);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: admin } })).statusCode).toBe(200);
    const wrong = await app.inject({ method: 'POST', url: '/api/auth/signIn', payload: { email: 'contractor1@demo.test', password: WRONG_PASSWORD } });
    expect(wrong.statusCode).toBe(401);
    const forgot = await app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { email: 'contractor1@demo.test' } });
    expect(forgot.statusCode).toBe(200);
    const outbox = path.join(dataDir, 'outbox');
    const mail = (await fs.readdir(outbox)).find((n) => n.endsWith('-contractor1@demo.test.eml')) ?? '';
    const text = (await fs.readFile(path.join(outbox, mail), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /https?:\/\/\S+reset_password\?\S+/.exec(text)?.[0] ?? '';
    const oobCode = oobCodeOf(link);
    secrets.push(oobCode);
    const page = new URL(link);
    await app.inject({ method: 'GET', url: `${page.pathname}${page.search}` });
    expect((await app.inject({ method: 'POST', url: '/api/auth/verifyResetCode', payload: { oobCode } })).statusCode).toBe(200);
    const reset = await app.inject({ method: 'POST', url: '/api/auth/confirmPasswordReset', payload: { oobCode, newPassword: NEW_PASSWORD } });
    expect(reset.statusCode).toBe(200);
    const contractor = await signInThrough(app, 'contractor1@demo.test', NEW_PASSWORD);
    secrets.push(contractor.split('=')[1] ?? contractor);
    const metrics = await app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/signOut', headers: { cookie: contractor } })).statusCode).toBe(200);

    const log = lines.join('\n');
    // The journey was logged (the reset page's address too, its code blanked)...
    expect(log).toContain('/api/auth/confirmPasswordReset');
    expect(log).toContain('oobCode=[redacted]');
    // ...without any of its secrets.
    for (const secret of secrets) expect(log, `the log holds ${secret}`).not.toContain(secret);
    // Every line about a request names it.
    const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string; req?: unknown; res?: unknown });
    const aboutRequests = parsed.filter((l) => l.req !== undefined || l.res !== undefined);
    expect(aboutRequests.length).toBeGreaterThan(10);
    for (const line of aboutRequests) expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
    // Also a line a service wrote through the app's logger while serving a request (the mail).
    const mailLine = parsed.find((l) => (l as { msg?: string }).msg?.startsWith('mail written to the outbox'));
    expect(mailLine?.reqId).toBe(forgot.headers['x-request-id']);
  });
});

describe('redactUrl', () => {
  it('blanks the values of secret-looking query parameters only', () => {
    expect(redactUrl('/reset_password?oobCode=abc&continueUrl=%2Fhome')).toBe('/reset_password?oobCode=[redacted]&continueUrl=%2Fhome');
    expect(redactUrl('/x?access_token=t1&page=2&api%5Fkey=k')).toBe('/x?access_token=[redacted]&page=2&api%5Fkey=[redacted]');
    expect(redactUrl('/api/files/1?download')).toBe('/api/files/1?download');
    expect(redactUrl('/plain')).toBe('/plain');
  });
});

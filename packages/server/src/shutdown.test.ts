// Graceful shutdown and readiness of the real server process (#20): main.ts runs as `node` (its
// PID is its own, so the signal reaches the server itself), on a database this file prepares.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@palisade/domain/messages';
import { openDatabase } from './db/client';
import { DEMO_PASSWORD, seedDemo } from './seed/demo';
import { WS_GOING_AWAY } from './app';
import { createSeededTestDatabase } from './test/test-app';

const root = path.resolve(import.meta.dirname, '../../..');
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Starting the server through tsx on a busy machine takes seconds. */
const START_TIMEOUT_MS = 60_000;

interface Server {
  port: number;
  /** Resolves with the first output line at or after `from` that matches. */
  waitFor(pattern: RegExp, from?: number): Promise<string>;
  /** Output lines so far (stdout and stderr). */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  kill(signal: NodeJS.Signals): void;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    // Only what the server needs: none of the test runner's variables (DATABASE_URL and alike).
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), TMPDIR: os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let partial = '';
  const take = (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    for (const wake of waiters) wake();
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => {
    child.on('exit', (code, signal) => {
      done = true;
      resolve({ code, signal, at: Date.now() });
      for (const wake of waiters) wake();
    });
  });
  const waitFor = (pattern: RegExp, from = 0) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no line matched ${pattern} within ${START_TIMEOUT_MS} ms:\n${lines.slice(-20).join('\n')}`));
      }, START_TIMEOUT_MS);
      function check() {
        const found = lines.slice(from).find((l) => pattern.test(l));
        if (found !== undefined || done) {
          waiters.delete(check);
          clearTimeout(timer);
          if (found !== undefined) resolve(found);
          else reject(new Error(`the server exited before ${pattern}:\n${lines.slice(-20).join('\n')}`));
        }
      }
      waiters.add(check);
      check();
    });
  const listening = await waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
  const port = Number(/127\.0\.0\.1:(\d+)/.exec(listening)?.[1]);
  return { port, waitFor, lines, exited, kill: (signal) => child.kill(signal) };
}

/** A POST whose body is sent in two steps: the request is in flight between them. */
function postInTwoSteps(port: number, url: string, body: string) {
  let resolveReply!: (r: { status: number; headers: http.IncomingHttpHeaders; body: string }) => void;
  let rejectReply!: (err: Error) => void;
  const reply = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    resolveReply = resolve;
    rejectReply = reject;
  });
  const req = http.request(
    { host: '127.0.0.1', port, method: 'POST', path: url, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
    (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolveReply({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    },
  );
  req.on('error', rejectReply);
  req.write(body.slice(0, 10));
  return { reply, finish: () => req.end(body.slice(10)) };
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

let dataDir: string;
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | null = null;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'palisade-shutdown-'));
  env = {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    WEB_DIST: path.join(dataDir, 'no-web'),
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    AUTH_RATE_LIMIT: '1000',
  };
  // The demo users, seeded here once (the server then finds the database seeded and starts at once).
  if (process.env.PALISADE_TEST_BACKEND === 'postgres' && process.env.TEST_DATABASE_URL) {
    const created = await createSeededTestDatabase();
    await created.database.close();
    dropDatabase = created.dropDatabase;
    env.DATABASE_URL = created.database.url ?? '';
  } else {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await database.migrate();
    await seedDemo(database.db);
    await database.close();
  }
});

afterAll(async () => {
  await dropDatabase?.();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Signs in over HTTP; the session cookie. */
async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'contractor1@demo.test', password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('palisade_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0] ?? '';
}

describe('SIGTERM', () => {
  it('answers the request in flight, closes the open socket with 1001, and exits 0 within the deadline', async () => {
    const server = await startServer(env);
    const cookie = await signIn(server.port);
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/api/realtime`, { headers: { cookie } });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    const from = server.lines.length;
    const inFlight = postInTwoSteps(server.port, '/api/auth/signIn', JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }));
    // The server has the request (its first log line) before the signal is sent.
    await server.waitFor(/"url":"\/api\/auth\/signIn".*"msg":"incoming request"/, from);
    const signalledAt = Date.now();
    server.kill('SIGTERM');
    await server.waitFor(/SIGTERM: shutting down/, from);
    expect(await closed).toBe(WS_GOING_AWAY);

    inFlight.finish();
    const reply = await inFlight.reply;
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ code: 200 });
    expect(reply.headers.connection).toBe('close');

    const exit = await server.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalledAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
  });

  it('a second signal ends the process at once', async () => {
    const server = await startServer(env);
    const from = server.lines.length;
    // A request that will never finish holds the graceful close open.
    const stuck = postInTwoSteps(server.port, '/api/auth/signIn', JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }));
    stuck.reply.catch(() => undefined);
    await server.waitFor(/"url":"\/api\/auth\/signIn".*"msg":"incoming request"/, from);
    server.kill('SIGTERM');
    await server.waitFor(/SIGTERM: shutting down/, from);
    const secondAt = Date.now();
    server.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit.signal).toBe('SIGTERM');
    expect(exit.at - secondAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS / 2);
  });
});

describe('a database that cannot be reached', () => {
  it('the server starts anyway: /api/health 200, /api/ready 503 naming the database; SIGTERM exits 0', async () => {
    const server = await startServer({ ...env, DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/palisade` });
    const health = await fetch(`http://127.0.0.1:${server.port}/api/health`);
    expect(health.status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${server.port}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ code: 503, message: messages.http.notReady(['database']), data: { database: 'failing' } });
    server.kill('SIGTERM');
    expect(await server.exited).toMatchObject({ code: 0, signal: null });
  });
});

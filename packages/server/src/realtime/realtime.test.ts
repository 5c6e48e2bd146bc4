import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { responses } from '../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@palisade/domain/chat/chat.schema';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { multipart, questionIds, seededResponses, sendChat } from '../test/chat-helpers';
import { createSeededTestDatabase, createTestApp, signInThrough, type TestApp } from '../test/test-app';
import { startTwoInstances, type TwoInstances } from '../test/two-instances';
import { REALTIME_CLOSE_FORBIDDEN as CLOSE_FORBIDDEN, REALTIME_CLOSE_UNAUTHENTICATED as CLOSE_UNAUTHENTICATED } from '@palisade/domain/constants';
import { isError, isPong, isSubscribed, TestSocket } from './test-socket';
import { EVENTUALLY_MS } from '../test/waits';

const m = messages.chat;

let t: TestApp;
let base: string;
let c1: string;
let c2: string;
let auditor1: string;
let otherAdmin: string;
let employee: string;
let r1: ResponseReply;
let q: string[];
const open: TestSocket[] = [];

async function socket(cookie?: string, origin?: string | null): Promise<TestSocket> {
  const s = await TestSocket.open(base, cookie, origin === undefined ? base : origin);
  open.push(s);
  return s;
}

const say = async (cookie: string, questionId: string, message: string): Promise<ChatMessage> => {
  const res = await sendChat(t, cookie, { responseId: r1._id, questionId, message });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await createTestApp();
  c1 = await t.signIn('contractor1@demo.test');
  c2 = await t.signIn('contractor2@demo.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  employee = await t.signIn('employee1@demo.test');
  const mine = await seededResponses(t, c1, await t.userId('contractor1@demo.test'));
  const r = mine['Environmental Compliance Review'];
  if (!r) throw new Error('the demo seed lacks the response');
  r1 = r;
  // It is COMPLETED in the seed, whose chat is read-only (issue 19): these tests chat on it as SUBMITTED.
  await t.db.update(responses).set({ status: 'SUBMITTED' }).where(eq(responses.id, r1._id));
  q = questionIds(r1);
  base = `http://127.0.0.1:${await t.listen()}`;
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

describe('GET /api/realtime', () => {
  it('closes without a session (4401), from another site (4403) and for user types without chat (4403)', async () => {
    expect((await (await socket()).closedWith()).code).toBe(CLOSE_UNAUTHENTICATED);
    expect((await (await socket(c1, 'https://evil.example')).closedWith()).code).toBe(CLOSE_FORBIDDEN);
    expect((await (await socket(c1, 'null')).closedWith()).code).toBe(CLOSE_FORBIDDEN);
    expect((await (await socket(employee)).closedWith()).code).toBe(CLOSE_FORBIDDEN);
    // PUBLIC_URL's origin is accepted as well as this host's; no Origin (not a browser) too.
    const publicOrigin = await socket(c1, 'http://localhost:3000');
    publicOrigin.send({ type: 'ping' });
    await publicOrigin.next(isPong);
    const noOrigin = await socket(c1, null);
    noOrigin.send({ type: 'ping' });
    await noOrigin.next(isPong);
  });

  it('delivers every new message of a followed response, live, to its readers', async () => {
    const contractor = await socket(c1);
    const auditor = await socket(auditor1);
    contractor.send({ type: 'subscribe', responseId: r1._id });
    auditor.send({ type: 'subscribe', responseId: r1._id });
    await contractor.next(isSubscribed(r1._id));
    await auditor.next(isSubscribed(r1._id));

    const sent = await say(auditor1, q[0] ?? '', 'Live from the auditor');
    expect((await contractor.message(sent._id)).message).toEqual(sent);
    await auditor.message(sent._id);
    // Any room of the response.
    const other = await say(c1, q[1] ?? '', 'Another question');
    await auditor.message(other._id);

    contractor.send({ type: 'unsubscribe', responseId: r1._id });
    contractor.send({ type: 'ping' });
    await contractor.next(isPong);
    const after = await say(auditor1, q[0] ?? '', 'Nobody there');
    await auditor.message(after._id);
    await pause(150);
    expect(contractor.messageIds()).not.toContain(after._id);
  });

  it("refuses another contractor's, another tenant's or an unknown response: an error frame, and no messages", async () => {
    const spy = await socket(c2);
    const tenant = await socket(otherAdmin);
    for (const s of [spy, tenant]) {
      s.send({ type: 'subscribe', responseId: r1._id });
      const refused = await s.next(isError);
      expect(refused).toEqual({ type: 'error', responseId: r1._id, message: m.notSubscribable });
    }
    spy.send({ type: 'subscribe', responseId: 'no-such-response' });
    await spy.next((f): f is Extract<typeof f, { type: 'error' }> => f.type === 'error' && f.responseId === 'no-such-response');
    const secret = await say(c1, q[0] ?? '', 'Not for competitors');
    await pause(200);
    for (const s of [spy, tenant]) {
      expect(s.messageIds()).not.toContain(secret._id);
      expect(s.frames.some((f) => f.type === 'subscribed')).toBe(false);
    }
  });

  it('resumes with since: every message newer than it, then live ones, none twice', async () => {
    const a = await say(c1, q[2] ?? '', 'resume 1');
    const b = await say(auditor1, q[2] ?? '', 'resume 2');
    const c = await say(auditor1, q[3] ?? '', 'resume 3');
    const s = await socket(c1);
    s.send({ type: 'subscribe', responseId: r1._id, since: a.createdAt });
    await s.next(isSubscribed(r1._id));
    await s.message(c._id);
    expect(s.messageIds()).toEqual([b._id, c._id]);
    const d = await say(auditor1, q[2] ?? '', 'resume 4');
    await s.message(d._id);
    expect(s.messageIds()).toEqual([b._id, c._id, d._id]);
    // The subscribed frame comes first.
    expect(s.frames[0]).toEqual({ type: 'subscribed', responseId: r1._id });
  });

  it('answers bad frames with an error frame and keeps the connection', async () => {
    const s = await socket(c1);
    s.ws.send('not json');
    await s.next(isError);
    s.send({ type: 'subscribe' });
    const missing = await s.next(isError, EVENTUALLY_MS, 1);
    expect(missing.message).toBe('responseId is required');
    s.send({ type: 'subscribe', responseId: r1._id, since: 'yesterday' });
    expect((await s.next(isError, EVENTUALLY_MS, 2)).message).toBe(m.sinceInvalid);
    // A NUL (or a broken character) never reaches the database: refused as in a request body (issue 64).
    s.send({ type: 'subscribe', responseId: `${r1._id}\u0000` });
    const nul = await s.next(isError, EVENTUALLY_MS, 3);
    expect(nul).toEqual({ type: 'error', responseId: null, message: messages.http.unsafeText('responseId') });
    s.send({ type: 'subscribe', responseId: r1._id, since: '2026-01-01T00:00:00Z\uD800' });
    expect((await s.next(isError, EVENTUALLY_MS, 4)).message).toBe(messages.http.unsafeText('since'));
    s.send({ type: 'ping' });
    await s.next(isPong);
  });

  it('closes the sockets when the app closes', async () => {
    // Covered by afterAll: t.close() must not hang on open sockets (vitest's hook timeout).
    const s = await socket(c1);
    s.send({ type: 'subscribe', responseId: r1._id });
    await s.next(isSubscribed(r1._id));
  });
});

describe('a socket whose session ends', () => {
  // An app of its own with a fast heartbeat, built in the hooks: a whole app and its seed is
  // setup, and on a busy machine it can take longer than one test may.
  let database: Database;
  let dropDatabase: (() => Promise<void>) | null;
  let dir: string;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  let services: Awaited<ReturnType<typeof buildApp>>['services'];
  let heartbeatBase: string;
  beforeAll(async () => {
    ({ database, dropDatabase } = await createSeededTestDatabase());
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'palisade-hb-'));
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dir, 'no-web'), PUBLIC_URL: 'http://localhost:3000' });
    ({ app, services } = await buildApp({ config, database, realtimeHeartbeatMs: 150 }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    heartbeatBase = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await dropDatabase?.();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('is closed with 4401 at the next heartbeat (sign-out); a live one stays open', async () => {
    const stays = await signInThrough(app, 'auditor1@demo.test');
    const leaves = await signInThrough(app, 'auditor2@demo.test');
    const a = await TestSocket.open(heartbeatBase, stays);
    const b = await TestSocket.open(heartbeatBase, leaves);
    open.push(a, b);
    expect((await app.inject({ method: 'POST', url: '/api/auth/signOut', headers: { cookie: leaves } })).statusCode).toBe(200);
    expect((await b.closedWith()).code).toBe(CLOSE_UNAUTHENTICATED);
    // Pings are answered, so a live socket stays open across heartbeats.
    await pause(400);
    expect(a.closed).toBeNull();
  });

  it('a socket opened while a heartbeat checks the sessions stays open (it was not checked)', async () => {
    const first = await signInThrough(app, 'auditor1@demo.test');
    const a = await TestSocket.open(heartbeatBase, first);
    open.push(a);
    // The heartbeats' session checks are held until a second socket is open.
    const chat = services.chat;
    const real = chat.liveSessions.bind(chat);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let checking: () => void = () => {};
    const started = new Promise<void>((resolve) => (checking = resolve));
    chat.liveSessions = async (ids) => {
      checking();
      await held;
      return real(ids);
    };
    try {
      await started;
      const b = await TestSocket.open(heartbeatBase, await signInThrough(app, 'auditor1@demo.test'));
      open.push(b);
      // Answered, so the server has taken the socket in.
      b.send({ type: 'ping' });
      await b.next(isPong);
      release();
      await pause(450);
      expect(b.closed).toBeNull();
      expect(a.closed).toBeNull();
    } finally {
      chat.liveSessions = real;
      release();
    }
  });
});

// ------------------------------------------------------------------------- two instances
const pgUrl = process.env.TEST_DATABASE_URL;

describe.runIf(pgUrl !== undefined && process.env.PALISADE_TEST_BACKEND === 'postgres')('two instances on one PostgreSQL', () => {
  let two: TwoInstances;
  beforeAll(async () => {
    two = await startTwoInstances();
  });
  afterAll(async () => {
    await two.close();
  });

  it('a message sent through the first arrives at a socket of the second; a lost LISTEN connection catches up', async () => {
    const [first] = two.apps;
    const contractor = await two.signIn(0, 'contractor1@demo.test');
    const auditor = await two.signIn(1, 'auditor1@demo.test');
    const list = await first.inject({
      method: 'POST',
      url: '/api/assessment/responses/getResponsesByContractorId',
      headers: { cookie: contractor },
      payload: { contractorId: (await first.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: contractor } })).json<{ data: { _id: string } }>().data._id, include: { sections_category: true, sections_questions_question: true } },
    });
    // Chat is read-only on a COMPLETED response (issue 19).
    const response = list.json<{ data: ResponseReply[] }>().data.find((r) => r.status !== 'COMPLETED');
    if (!response) throw new Error('no response');
    const questionId = questionIds(response)[0] ?? '';

    const s = await TestSocket.open(two.bases[1], auditor);
    open.push(s);
    s.send({ type: 'subscribe', responseId: response._id });
    await s.next(isSubscribed(response._id));
    const send = async (message: string) => {
      const body = multipart({ responseId: response._id, questionId, message });
      const res = await first.inject({ method: 'POST', url: '/api/chat/sendMessage', payload: body.payload, headers: { 'content-type': body.contentType, cookie: contractor } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: ChatMessage }>().data;
    };
    const sent = await send('Across instances');
    expect((await s.message(sent._id)).message).toEqual(sent);

    // The second instance's LISTEN connection is cut (as by a failover): it reconnects, and what
    // was sent meanwhile still arrives.
    const killer = new pg.Client({ connectionString: two.dbUrl });
    await killer.connect();
    const killed = await killer.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`);
    expect(killed.rowCount).toBe(2);
    await killer.end();
    const during = await send('While the second was deaf');
    const after = await send('After');
    await s.message(during._id);
    await s.message(after._id);
    expect(s.messageIds().filter((id) => id === during._id)).toHaveLength(1);
  });
});

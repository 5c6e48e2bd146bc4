import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { MAX_JSON_BODY_BYTES } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import { questions } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { PERMISSIONS_POLICY, securityPlugin } from './security';

/** #17, bad input: what the framework and the HTTP parser refuse leaves in the envelope too. */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  port = await t.listen();
});
afterAll(async () => {
  await t.close();
});

/** One raw HTTP/1.1 exchange: the status and the body of the reply. */
function rawRequest(head: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' && text ? undefined : reject(err)));
    socket.on('close', () => {
      const [headers = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]), headers, body });
    });
    socket.write(head);
  });
}

describe('errors before a route runs', () => {
  it('headers too large: 431 in the envelope', async () => {
    const res = await rawRequest(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ code: 431, message: messages.http.headersTooLarge, data: null });
  });

  it('a path parameter over the limit: 414 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/files/${'x'.repeat(2000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 414, message: messages.http.uriTooLong, data: null });
  });

  it('a path parameter within the limit (a stored link with a long file name) reaches its route', async () => {
    // Fastify's own limit is 100 characters; the app's (1 024) is given in its router options.
    const res = await t.app.inject({ method: 'GET', url: `/api/files/${crypto.randomUUID()}/${'x'.repeat(500)}.pdf` });
    expect(res.statusCode).toBe(401);
  });

  it('a malformed or cut-short upload form: 400 with a clear text', async () => {
    const cookie = await t.signIn('contractor1@demo.test');
    for (const [contentType, payload] of [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="attachments"; filename="a.png"\r\n\r\n\x89PNG'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/feedback/createFeedback', headers: { cookie, 'content-type': contentType }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: messages.http.malformedUpload, data: null });
    }
  });

  it('a request line the parser refuses: 400 in the envelope', async () => {
    const res = await rawRequest('GET /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: x\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 400, data: null });
  });
});

/** One POST of `body` over a new connection (declared length, or chunked): the reply, or the socket's error. */
function postOverSocket(body: Buffer, chunked: boolean): Promise<{ status: number; json: unknown } | { error: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/auth/signIn', agent: false, headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(body.length) }) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as unknown }));
        res.on('error', (err) => resolve({ error: err.message }));
      },
    );
    req.on('error', (err) => resolve({ error: err.message }));
    // Sent in pieces, as a browser on a real network does: the reply may come while it is still sending.
    const piece = 64 * 1024;
    for (let at = 0; at < body.length; at += piece) req.write(body.subarray(at, at + piece));
    req.end();
  });
}

describe('a JSON body over the limit', () => {
  it('is always answered 413 with a message about the request size, never a cut connection (issue 64)', async () => {
    // 8 MB: a client still sending when the reply comes (at 2 MB loopback often takes it all first).
    const big = Buffer.from(JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(8 * MAX_JSON_BODY_BYTES) }));
    const expected = { code: 413, message: messages.http.bodyTooLarge, data: null };
    for (let i = 0; i < 20; i += 1) {
      expect(await postOverSocket(big, false)).toEqual({ status: 413, json: expected });
      expect(await postOverSocket(big, true)).toEqual({ status: 413, json: expected });
      // A client that writes the whole request before it reads.
      const raw = await rawRequest(`POST /api/auth/signIn HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\nConnection: close\r\n\r\n${big.toString('utf8')}`);
      expect({ status: raw.status, json: JSON.parse(raw.body) as unknown }).toEqual({ status: 413, json: expected });
    }
    // The server still serves.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('headers', () => {
  it('API replies are never cached and name the features the portal does not use', async () => {
    const cookie = await t.signIn('admin@demo.test');
    for (const res of [await t.get('/api/auth/me', cookie), await t.get('/api/auth/me'), await t.get('/api/nowhere')]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    }
  });

  it('no HSTS when the portal is served over http, HSTS over https', async () => {
    expect((await t.get('/api/health')).headers['strict-transport-security']).toBeUndefined();
    const app = Fastify();
    await app.register(securityPlugin, { publicUrl: 'https://portal.example' });
    app.get('/api/ping', async () => ({ ok: true }));
    const res = await app.inject({ method: 'GET', url: '/api/ping' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    await app.close();
  });

  it('a 429 that knows its wait says it in Retry-After', async () => {
    const email = 'contractor2@demo.test';
    for (let i = 0; i < 4; i += 1) await t.post('/api/auth/signIn', { email, password: 'Wrong@123' });
    const res = await t.post('/api/auth/signIn', { email, password: 'Wrong@123' });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
  });
});

describe('a NUL character or a lone surrogate in a string field', () => {
  it('is 400 naming the field, on create calls (flat and nested fields), and nothing is created', async () => {
    const admin = await t.signIn('admin@demo.test');
    const companyId = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
    const countQuestions = async () => (await t.db.select().from(questions)).length;
    const before = await countQuestions();
    const bad = ['Are ladders\u0000 inspected?', 'Are ladders \uD83D inspected?', '\uDE00 Are ladders inspected?'];
    for (const questText of bad) {
      const res = await t.post('/api/assessment/questions/createQuestion', { companyId, questText }, admin);
      expect(res.status, res.body.message).toBe(400);
      expect(res.body.message).toBe(messages.http.unsafeText('questText'));
      expect(res.body.message).toMatch(/^questText /);
      expect(res.body.data).toEqual({ field: 'questText' });

      const bulk = await t.post(
        '/api/assessment/questions/createBulkQuestions',
        { questionsData: [{ companyId, questText: 'Is the site fenced?' }, { companyId, questText }] },
        admin,
      );
      expect(bulk.status, bulk.body.message).toBe(400);
      expect(bulk.body.message).toBe(messages.http.unsafeText('questionsData.1.questText'));
    }
    const category = await t.post('/api/assessment/categories/createAssessCategory', { companyId, name: 'Fire \uD800 Safety' }, admin);
    expect(category.status).toBe(400);
    expect(category.body.message).toBe(messages.http.unsafeText('name'));
    // Raw JSON escapes reach the server as the same characters.
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/assessment/questions/createQuestion',
      payload: `{"companyId":"${companyId}","questText":"Are ladders \\ud800 inspected?"}`,
      headers: { 'content-type': 'application/json', cookie: admin },
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json<{ message: string }>().message).toBe(messages.http.unsafeText('questText'));
    expect(await countQuestions()).toBe(before);
    // The same text without the bad character is created.
    const fine = await t.post('/api/assessment/questions/createQuestion', { companyId, questText: 'Are ladders inspected daily?' }, admin);
    expect(fine.status, fine.body.message).toBe(200);
  });
});

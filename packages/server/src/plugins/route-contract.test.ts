import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app';
import { replyOf, routeContractPlugin, type ZodTypeProvider } from './route-contract';

/**
 * Issue 62: a route's schemas and policy, declared on the route, are what checks its calls, in the
 * order every call had: no session 401, a role the policy refuses 403, then a refused input 400 in
 * the envelope with the schema's text, then the handler with the schema's output.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a route declared with its schemas and policy', () => {
  // audit/list: policy audit.list (organisation admins), body auditListSchema (pageSize one of 10, 25, 50).
  const bad = { pageSize: 7 };

  it('refuses no session (401) and a role the policy refuses (403) before looking at the input', async () => {
    const anonymous = await t.post('/api/audit/list', bad);
    expect(anonymous.status).toBe(401);
    const contractor = await t.signIn('contractor1@demo.test');
    const wrongRole = await t.post('/api/audit/list', bad, contractor);
    expect(wrongRole.status).toBe(403);
  });

  it('refuses a bad input with 400 in the envelope, naming the field', async () => {
    const admin = await t.signIn('admin@demo.test');
    const res = await t.post('/api/audit/list', bad, admin);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.message).toMatch(/pageSize/);
    expect(res.body.data).toMatchObject({ field: 'pageSize' });
    // NUL in any string is refused before the schema (lib/text-safety.ts), as before.
    const nul = await t.post('/api/audit/list', { entity: 'a\u0000b' }, admin);
    expect(nul.status).toBe(400);
    expect(nul.body.data).toMatchObject({ field: 'entity' });
    expect((await t.post('/api/audit/list', {}, admin)).status).toBe(200);
  });
});

describe('registering a route under /api', () => {
  it('refuses a route that names no policy, and takes one that does (null: public), its handler given the schema’s output', async () => {
    const app = Fastify();
    await app.register(routeContractPlugin);
    await app.register(
      async (api) => {
        const typed = api.withTypeProvider<ZodTypeProvider>();
        typed.post('/open', { schema: { body: z.object({ n: z.number().default(3) }) }, config: { policy: null } }, async (request) => ({ twice: request.body.n * 2 }));
        expect(() => typed.post('/forgotten', async () => ({}))).toThrow(/names its policy/);
      },
      { prefix: '/api' },
    );
    await app.ready();
    expect(app.routeContracts.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /open']);
    const res = await app.inject({ method: 'POST', url: '/api/open', payload: { n: 4 } });
    expect(res.json()).toEqual({ twice: 8 });
    // The default filled in by the schema reaches the handler.
    expect((await app.inject({ method: 'POST', url: '/api/open', payload: {} })).json()).toEqual({ twice: 6 });
    await app.close();
  });
});

describe('checking replies (tests)', () => {
  it('passes a reply its schema describes and fails one it does not', async () => {
    const app = Fastify();
    await app.register(routeContractPlugin, { checkReplies: true });
    await app.register(
      async (api) => {
        const typed = api.withTypeProvider<ZodTypeProvider>();
        const response = replyOf(z.object({ n: z.number() }));
        typed.get('/right', { schema: { response }, config: { policy: null } }, async () => ({ code: 200, message: 'Success', data: { n: 1 } }));
        typed.get('/wrong', { schema: { response }, config: { policy: null } }, async () => ({ code: 200, message: 'Success', data: { n: 'one' } }));
      },
      { prefix: '/api' },
    );
    expect((await app.inject({ method: 'GET', url: '/api/right' })).statusCode).toBe(200);
    const wrong = await app.inject({ method: 'GET', url: '/api/wrong' });
    expect(wrong.statusCode).toBe(500);
    await app.close();
  });
});

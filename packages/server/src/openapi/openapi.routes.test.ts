import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { openApiPath } from './openapi-document';

/**
 * #23: the OpenAPI document covers every route the server registers (listed from the server as
 * it registers them, not by hand), and is valid OpenAPI 3.1. The reference at /api/docs is served
 * from the installed package, under the server's CSP. On PGlite and, with
 * PALISADE_TEST_BACKEND=postgres, on PostgreSQL.
 */
const routes: { method: string; url: string }[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, {
    onRoute: ({ method, url }) => {
      for (const m of Array.isArray(method) ? method : [method]) routes.push({ method: m, url });
    },
  });
});
afterAll(async () => {
  await t.close();
});

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }; security?: unknown[]; responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
};

async function fetchDocument(): Promise<Doc> {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  return res.json<Doc>();
}

describe('GET /api/openapi.json', () => {
  it('describes every route the server registers under /api', async () => {
    const doc = await fetchDocument();
    const api = routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    // Enough routes were seen for the check to mean something.
    expect(api.length).toBeGreaterThan(100);
    const missing = api
      .filter((r) => !doc.paths[openApiPath(r.url.slice('/api'.length))]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // …and nothing that the server does not serve.
    const served = new Set(api.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url.slice('/api'.length))}`));
    const extra = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`)).filter((k) => !served.has(k));
    expect(extra).toEqual([]);
  });

  it('validates as OpenAPI 3.1', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences in place: it gets its own copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    // The validator is strict enough to fail: a parameter that says not where it goes is refused.
    const broken = structuredClone(doc);
    Object.assign(broken.paths['/api/audit/list']?.post ?? {}, { parameters: [{ name: 'page' }] });
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it('describes the cookie session, the envelope, the errors and the multipart uploads from the zod schemas', async () => {
    const doc = await fetchDocument();
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'palisade_session' });
    const list = doc.paths['/api/audit/list']?.post;
    expect(list?.security).toEqual([{ session: [] }]);
    // The body is the domain's auditListSchema: its page sizes and entity kinds.
    const body = list?.requestBody?.content['application/json']?.schema as { properties: Record<string, { default?: unknown; enum?: string[] }> };
    expect(body.properties.pageSize?.default).toBe(10);
    expect(body.properties.entity?.enum).toContain('response');
    expect(list?.responses['401']).toEqual({ $ref: '#/components/responses/E401' });
    expect(doc.paths['/api/auth/signIn']?.post?.security).toEqual([]);
    const upload = doc.paths['/api/feedback/createFeedback']?.post?.requestBody?.content['multipart/form-data']?.schema as {
      properties: Record<string, { type: string; items?: { format: string } }>;
    };
    expect(upload.properties.feedbackText?.type).toBe('string');
    expect(upload.properties.attachments?.items?.format).toBe('binary');
    expect(Object.keys(doc.paths['/api/audit/export']?.post?.responses['200'] as object)).toContain('content');
  });
});

describe('GET /api/docs', () => {
  it('serves Swagger UI from the installed package, with no inline script, under the CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // Every script comes from a file of this server (the CSP has no 'unsafe-inline' for scripts).
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const url of assets) {
      expect(url.startsWith('/api/docs/assets/')).toBe(true);
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body.length, url).toBeGreaterThan(100);
    }
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/assets/init.js' });
    expect(init.body).toContain("url: '/api/openapi.json'");
  });

  it('serves nothing else of the package', async () => {
    for (const url of ['/api/docs/assets/package.json', '/api/docs/assets/../package.json', '/api/docs/assets/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 404 });
    }
  });
});

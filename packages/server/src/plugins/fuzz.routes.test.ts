import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * #17: every JSON route the server registers (listed from the server as it registers them, not by
 * hand) gets malformed bodies, as the role that may call it; none may answer 5xx. On PGlite and,
 * with PALISADE_TEST_BACKEND=postgres, on PostgreSQL.
 */
const routes: { method: string; url: string }[] = [];
let t: TestApp;
const sessions: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({}, {
    onRoute: ({ method, url }) => {
      for (const m of Array.isArray(method) ? method : [method]) routes.push({ method: m, url });
    },
  });
  for (const email of ['admin@demo.test', 'contractor1@demo.test', 'auditor1@demo.test', 'employee1@demo.test']) {
    sessions[email] = await t.signIn(email);
  }
});
afterAll(async () => {
  await t.close();
});

/** Keys the calls of the spec use, each given the bad value at once. */
const KEYS = [
  'id', '_id', 'companyId', 'company_id', 'cmp_id', 'contractorId', 'contractor_id', 'tpiId', 'responseId', 'assessmentId',
  'questionId', 'categoryId', 'sectionId', 'docId', 'documentId', 'observationId', 'employeeId', 'feedbackId',
  'email', 'emailid', 'password', 'newPassword', 'currentPassword', 'oobCode', 'name', 'title', 'description',
  'text', 'message', 'questText', 'status', 'action', 'comment', 'remarks', 'marks', 'score', 'seconds', 'completed',
  'start_date', 'end_date', 'from', 'to', 'year', 'dueDate', 'page', 'limit', 'search', 'location', 'mobile', 'phoneNo',
  'code', 'disable', 'updateData', 'answers', 'answer', 'questions', 'categories', 'contractors', 'ids', 'filter',
];

const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) });
const everyKey = (value: unknown) => Object.fromEntries(KEYS.map((k) => [k, value]));

/** At least 30 malformed bodies: wrong types, missing fields, huge, deep, NUL, lone surrogates, bad dates. */
const BAD_BODIES: { name: string; payload: string }[] = [
  { name: 'null', payload: 'null' },
  { name: 'array', payload: '[]' },
  { name: 'string', payload: '"text"' },
  { name: 'number', payload: '42' },
  { name: 'boolean', payload: 'true' },
  { name: 'empty object', payload: '{}' },
  { name: 'not JSON', payload: '{"a":' },
  { name: 'proto pollution', payload: '{"__proto__":{"admin":true}}' },
  { name: 'constructor pollution', payload: '{"constructor":{"prototype":{"admin":true}}}' },
  ...(
    [
      ['nulls', null],
      ['numbers', 1],
      ['negative numbers', -1],
      ['huge numbers', 1e308],
      ['unsafe integers', 2 ** 64],
      ['fractions', 0.5],
      ['booleans', false],
      ['empty strings', ''],
      ['spaces', '   '],
      ['NUL', 'a\u0000b'],
      ['lone high surrogate', 'a\uD800b'],
      ['lone low surrogate', '\uDC00'],
      ['bad dates', '2025-02-30'],
      ['date words', 'yesterday'],
      ['long ids', 'x'.repeat(5000)],
      ['path traversal', '../../etc/passwd'],
      ['SQL', "' or 1=1 --"],
      ['arrays', ['a', 1, null]],
      ['objects', { nested: { deeper: true } }],
      ['big arrays', Array.from({ length: 5000 }, (_, i) => i)],
      ['deep objects', deep(40)],
    ] as [string, unknown][]
  ).map(([name, value]) => ({ name: `every key: ${name}`, payload: JSON.stringify(everyKey(value)) })),
  { name: 'deep nesting', payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { name: 'deep object nesting', payload: JSON.stringify({ updateData: deep(200) }) },
  { name: 'a string near 1 MB', payload: JSON.stringify({ name: 'x'.repeat(1_000_000 - 20) }) },
  { name: 'over the body limit', payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }) },
];

/** Malformed multipart forms, sent to every POST route (the upload routes must answer 4xx). */
const B = 'fuzzboundary';
const BAD_FORMS: { name: string; contentType: string; payload: string }[] = [
  { name: 'no boundary', contentType: 'multipart/form-data', payload: 'x' },
  { name: 'cut short', contentType: `multipart/form-data; boundary=${B}`, payload: `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG` },
  { name: 'file part without a filename', contentType: `multipart/form-data; boundary=${B}`, payload: `--${B}\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: image/png\r\n\r\nhello\r\n--${B}--\r\n` },
  // busboy took such a part for a file with no name (issue 64); each upload route's file field.
  ...['file', 'photo', 'image', 'attachment', 'files'].map((field) => ({
    name: `octet-stream part "${field}" without a filename`,
    contentType: `multipart/form-data; boundary=${B}`,
    payload: `--${B}\r\nContent-Disposition: form-data; name="${field}"\r\nContent-Type: application/octet-stream\r\n\r\n%PDF-1.4 hello\r\n--${B}--\r\n`,
  })),
  { name: 'empty filename', contentType: `multipart/form-data; boundary=${B}`, payload: `--${B}\r\nContent-Disposition: form-data; name="file"; filename=""\r\n\r\nhello\r\n--${B}--\r\n` },
  { name: 'no parts', contentType: `multipart/form-data; boundary=${B}`, payload: `--${B}--\r\n` },
  { name: 'NUL in a field', contentType: `multipart/form-data; boundary=${B}`, payload: `--${B}\r\nContent-Disposition: form-data; name="title"\r\n\r\na\u0000b\r\n--${B}--\r\n` },
  // The parser's limits (issue 64: one rule, a 413 with a catalogue text) and odd file names.
  ...(['file', 'attachments', 'photo'] as const).map((field) => ({
    name: `30 files in "${field}"`,
    contentType: `multipart/form-data; boundary=${B}`,
    payload: `${Array.from({ length: 30 }, (_, i) => `--${B}\r\nContent-Disposition: form-data; name="${field}"; filename="${i}.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`).join('')}--${B}--\r\n`,
  })),
  { name: '100 fields', contentType: `multipart/form-data; boundary=${B}`, payload: `${Array.from({ length: 100 }, (_, i) => `--${B}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('')}--${B}--\r\n` },
  { name: 'path in the file name', contentType: `multipart/form-data; boundary=${B}`, payload: `--${B}\r\nContent-Disposition: form-data; name="file"; filename="../../etc/passwd.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--${B}--\r\n` },
  { name: 'NUL in the file name', contentType: `multipart/form-data; boundary=${B}`, payload: `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--${B}--\r\n` },
  { name: 'a file name of 5 000 characters', contentType: `multipart/form-data; boundary=${B}`, payload: `--${B}\r\nContent-Disposition: form-data; name="file"; filename="${'a'.repeat(5000)}.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--${B}--\r\n` },
  { name: 'a part with no headers', contentType: `multipart/form-data; boundary=${B}`, payload: `--${B}\r\n\r\nhello\r\n--${B}--\r\n` },
];

/** Parameters of routes with path parameters: a few bad shapes. */
const fill = (url: string, value: string) => url.replace(/:[A-Za-z_]+/g, encodeURIComponent(value));

describe('fuzz: malformed input never gives a 5xx', () => {
  it('has the routes and at least 30 bad bodies', () => {
    expect(BAD_BODIES.length).toBeGreaterThanOrEqual(30);
    expect(routes.filter((r) => r.url.startsWith('/api/')).length).toBeGreaterThan(50);
  });

  it('every JSON route, with every bad body, as a role that may call it', { timeout: 900_000 }, async () => {
    const api = routes.filter((r) => r.url.startsWith('/api/') && ['POST', 'PUT', 'PATCH', 'DELETE', 'GET'].includes(r.method) && !r.url.includes('/realtime'));
    const failures: string[] = [];
    for (const route of api) {
      // The first role the route does not refuse outright (401/403) reaches its validation.
      let cookie = sessions['admin@demo.test'] ?? '';
      for (const c of Object.values(sessions)) {
        const probe = await t.app.inject({ method: route.method as 'POST', url: fill(route.url, 'probe'), headers: { cookie: c, 'content-type': 'application/json' }, payload: route.method === 'GET' ? undefined : '{}' });
        if (probe.statusCode !== 401 && probe.statusCode !== 403) {
          cookie = c;
          break;
        }
      }
      const bodies = route.method === 'GET' ? BAD_BODIES.slice(0, 1) : BAD_BODIES;
      for (const param of ['x', '0', "'; drop table users; --", '\u00e9'.repeat(30)]) {
        for (const body of bodies) {
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: fill(route.url, param),
            headers: { cookie, 'content-type': 'application/json' },
            payload: route.method === 'GET' ? undefined : body.payload,
          });
          if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} (${param}) ${body.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        if (route.method === 'POST') {
          for (const form of BAD_FORMS) {
            const res = await t.app.inject({ method: 'POST', url: fill(route.url, param), headers: { cookie, 'content-type': form.contentType }, payload: form.payload });
            if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} (${param}) form ${form.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
        if (!route.url.includes(':')) break; // one pass is enough without path parameters
      }
    }
    expect(failures).toEqual([]);
  });
});

import http from 'node:http';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PNG_BYTES, type TestApp } from '../../test/test-app';

/**
 * Issue 64: observation photos were read whole into memory before the report was checked; sixty
 * employees sending 10 MB photos at once took the server from 360 to 1 047 MB, and some requests
 * went unanswered. They are streamed into the store like every other upload.
 */
const PHOTOS = 60;
const PHOTO_BYTES = 10_000_000;
const MAX_GROWTH_BYTES = 100 * 1024 * 1024;
const EMPLOYEES = [
  'employee1@demo.test',
  'employee2@demo.test',
  'employee3@demo.test',
  'employee4@demo.test',
];

let t: TestApp;
let port: number;
const cookies: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const email of EMPLOYEES) cookies.push(await t.signIn(email));
  port = await t.listen();
});
afterAll(async () => {
  await t.close();
});

/**
 * A report form whose photo comes first and its fields after (what the old code held the photo in
 * memory for), made as it is sent: a PNG head and then zeros, 64 KB at a time, never whole.
 */
function reportForm(boundary: string, size: number): Readable {
  const zeros = Buffer.alloc(64 * 1024);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="site.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const tail = Buffer.from(
    `\r\n${field('category', 'Unsafe Condition')}${field('description', 'Loose scaffold boards')}--${boundary}--\r\n`,
  );
  function* pieces(): Generator<Buffer> {
    yield head;
    yield PNG_BYTES;
    for (let left = size - PNG_BYTES.length; left > 0; left -= zeros.length)
      yield left >= zeros.length ? zeros : zeros.subarray(0, left);
    yield tail;
  }
  return Readable.from(pieces(), { objectMode: false });
}

function sendReport(cookie: string, i: number): Promise<number> {
  const boundary = `----palisade-load-${i}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/observation/createObservation',
        agent: false,
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    reportForm(boundary, PHOTO_BYTES).pipe(req);
  });
}

describe('observation photos under load (issue 64)', () => {
  it(`${PHOTOS} photos of 10 MB at once: every request answered and recorded, the server's memory grows by at most 100 MB`, async () => {
    // One report first, so that what every upload needs once (code, pools) is in place.
    expect(await sendReport(cookies[0] ?? '', -1)).toBe(200);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
    try {
      const statuses = await Promise.all(
        Array.from({ length: PHOTOS }, (_, i) => sendReport(cookies[i % cookies.length] ?? '', i)),
      );
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(
      peak - before,
      `RSS ${Math.round(before / 2 ** 20)} MB → peak ${Math.round(peak / 2 ** 20)} MB`,
    ).toBeLessThanOrEqual(MAX_GROWTH_BYTES);
    // Every report holds its whole photo.
    const stored = await t.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM files WHERE path LIKE 'observations/%' AND size = ${PHOTO_BYTES}`,
    );
    expect(stored[0]?.n).toBe(PHOTOS + 1);
  });
});

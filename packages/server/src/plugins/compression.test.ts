import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKeptEnvelope, KEPT_ENVELOPE_MIN_CHARS, okJson, okSharedJson } from '../lib/envelope';
import { COMPRESS_THRESHOLD_BYTES, createCompressedMemo, plainEncoding } from './compression';
import { FIRST_PAINT_START } from '@palisade/domain/first-paint';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * #25: the web app's files go out in the precompressed copy the browser accepts, and API replies
 * over the threshold are compressed on the fly; both decode to exactly what an uncompressed
 * request receives.
 */
describe('compressed replies', () => {
  let t: TestApp;
  let webDist: string;
  let admin: string;
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};\n`;
  const starter = `if (document.visibilityState === 'hidden') start();\n`.repeat(40);
  const html = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'palisade-web-'));
    await fs.mkdir(path.join(webDist, 'assets'));
    const write = async (file: string, text: string) => {
      const full = path.join(webDist, file);
      await fs.writeFile(full, text);
      await fs.writeFile(`${full}.br`, zlib.brotliCompressSync(text));
      await fs.writeFile(`${full}.gz`, zlib.gzipSync(text));
    };
    await write('index.html', html);
    await write('assets/app-abc123.js', script);
    await write(FIRST_PAINT_START.slice(1), starter);
    t = await createTestApp({ WEB_DIST: webDist });
    admin = await t.signIn('admin@demo.test');
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  const fetchRaw = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('sends a hashed asset in Brotli when the browser accepts it, cached for good', async () => {
    const res = await fetchRaw('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 2);
  });

  it('sends an asset with only the headers that apply to a script, the app page with all of them', async () => {
    const asset = await fetchRaw('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'etag', 'last-modified'])
      expect(asset.headers[name], name).toBeUndefined();
    const headerBytes = Object.entries(asset.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
    expect(headerBytes).toBeLessThan(400);
    const page = await fetchRaw('/sapphire/Dashboard', { 'accept-encoding': 'br' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("sends the first paint's starter script (a fixed name) without the document's headers, revalidated", async () => {
    const res = await fetchRaw(FIRST_PAINT_START, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(starter);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    for (const name of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'referrer-policy'])
      expect(res.headers[name], name).toBeUndefined();
    expect(res.headers.etag).toBeTruthy();
    expect(String(res.headers['cache-control'])).not.toMatch(/immutable/);
    const again = await fetchRaw(FIRST_PAINT_START, { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('falls back to gzip, then to the file itself', async () => {
    const gz = await fetchRaw('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await fetchRaw('/assets/app-abc123.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers 404 for a missing asset (an old hash), neither the app page nor cached for good', async () => {
    for (const url of ['/assets/app-old999.js', '/assets/app-old999.css', '/assets/nested/missing.js?v=1']) {
      const res = await fetchRaw(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(404);
      expect(String(res.headers['content-type']), url).not.toMatch(/html/);
      expect(String(res.headers['cache-control'] ?? ''), url).not.toMatch(/immutable|max-age=31536000/);
    }
  });

  it('sends the app page for a client route compressed and never cached stale', async () => {
    const res = await fetchRaw('/sapphire/Dashboard', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
  });

  it('compresses an API reply over the threshold and decodes to the same JSON', async () => {
    const me = await t.get<{ cmp_id: string }>('/api/auth/me', admin);
    const url = '/api/assessment/questions/getQuestionsByCompanyId';
    const payload = { companyId: me.body.data.cmp_id };
    const plain = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin, 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gz = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a repeated reply the same, and negotiates weighted Accept-Encoding in full', async () => {
    const me = await t.get<{ cmp_id: string }>('/api/auth/me', admin);
    const url = '/api/assessment/questions/getQuestionsByCompanyId';
    const payload = { companyId: me.body.data.cmp_id };
    const plain = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } });
    for (let i = 0; i < 2; i++) {
      const br = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin, 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    }
    const weighted = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin, 'accept-encoding': 'br;q=0, gzip;q=1' } });
    expect(weighted.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(weighted.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small API reply as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

/** The hot reads' texts are compressed once and served again from the memo, keyed by content. */
describe('compressed memo', () => {
  const text = JSON.stringify({ status: 'success', data: Array.from({ length: 300 }, (_, i) => ({ name: `Contractor ${i}`, points: i })) });

  it('compresses a text once per encoding and serves the same bytes again', () => {
    const memo = createCompressedMemo();
    const first = memo.compress(text, 'br');
    const again = memo.compress(text, 'br');
    expect(again).toBe(first);
    expect(memo.stats).toEqual({ hits: 1, misses: 1 });
    expect(zlib.brotliDecompressSync(first).toString()).toBe(text);
    const gz = memo.compress(text, 'gzip');
    expect(zlib.gunzipSync(gz).toString()).toBe(text);
    expect(memo.stats).toEqual({ hits: 1, misses: 2 });
  });

  it('never serves another text’s bytes, even of the same length; a kept envelope found by itself', () => {
    const large = JSON.stringify(Array.from({ length: 3000 }, (_, i) => ({ name: `Contractor ${i}`, points: i })));
    expect(large.length).toBeGreaterThanOrEqual(KEPT_ENVELOPE_MIN_CHARS);
    const kept = okSharedJson(large);
    expect(isKeptEnvelope(kept)).toBe(true);
    expect(isKeptEnvelope(okJson(large))).toBe(true);
    expect(isKeptEnvelope(okJson(text))).toBe(false);
    for (const one of [text, kept]) {
      const memo = createCompressedMemo();
      const other = one.replace('Contractor 7', 'Contractor X');
      expect(other.length).toBe(one.length);
      memo.compress(one, 'br');
      expect(zlib.brotliDecompressSync(memo.compress(other, 'br')).toString()).toBe(other);
      expect(memo.stats.hits).toBe(0);
      // The same text again, in a string of its own: the same bytes, once per encoding.
      const again = memo.compress(`${one.slice(0, 10)}${one.slice(10)}`, 'br');
      expect(again).toBe(memo.compress(one, 'br'));
      expect(zlib.gunzipSync(memo.compress(one, 'gzip')).toString()).toBe(one);
      expect(memo.compress(one, 'br')).toBe(again);
      expect(memo.stats).toEqual({ hits: 3, misses: 3 });
    }
  });

  it('keeps no more than its byte bound, by digest or by kept envelope', () => {
    for (const length of [2000, KEPT_ENVELOPE_MIN_CHARS]) {
      const memo = createCompressedMemo(length * 4);
      const noise = (seed: number) => {
        const data = JSON.stringify(Array.from({ length }, (_, i) => ((i * 7919 + seed) % 9973).toString(36)).join(''));
        return length < KEPT_ENVELOPE_MIN_CHARS ? data : okSharedJson(data);
      };
      for (let i = 0; i < 20; i++) memo.compress(noise(i), 'gzip');
      memo.compress(noise(0), 'gzip');
      expect(memo.stats.hits).toBe(0);
    }
  });

  it('holds what it keeps in buffers of their own size, not in zlib’s 16 KiB chunks', () => {
    const memo = createCompressedMemo();
    for (const encoding of ['br', 'gzip'] as const) {
      const kept = memo.compress(text, encoding);
      expect(kept.length).toBeLessThan(16 * 1024);
      expect(kept.buffer.byteLength).toBe(kept.length);
    }
  });

  it('reads a plain Accept-Encoding list and leaves weighted ones to @fastify/compress', () => {
    expect(plainEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(plainEncoding('gzip')).toBe('gzip');
    expect(plainEncoding('identity')).toBeNull();
    expect(plainEncoding(undefined)).toBeNull();
    expect(plainEncoding('br;q=0, gzip')).toBeNull();
  });
});

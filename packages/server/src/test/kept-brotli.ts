import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'vitest';

/** A reply as a test reads it: its status, headers and raw bytes (light-my-request's). */
interface RawReply {
  statusCode: number;
  headers: Record<string, unknown>;
  rawPayload: Buffer;
  payload: string;
}

/**
 * A reply kept as Brotli (lib/kept-brotli-reply.ts), asked twice with Brotli (built, then kept):
 * both times the same bytes, whose text is `expected`; asked with gzip only, the same text.
 * `ask` makes the call with the Accept-Encoding given.
 */
export async function expectKeptBrotli(ask: (encoding: string) => Promise<RawReply>, expected: unknown): Promise<void> {
  const sent: Buffer[] = [];
  for (let i = 0; i < 2; i += 1) {
    const br = await ask('br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(expected);
    sent.push(br.rawPayload);
  }
  expect(sent[1]?.equals(sent[0] ?? Buffer.alloc(0))).toBe(true);
  // Without Brotli: the text, which the compression plugin gzips from 1 kB on.
  const gzip = await ask('gzip');
  const text = gzip.headers['content-encoding'] === 'gzip' ? gunzipSync(gzip.rawPayload).toString('utf8') : gzip.payload;
  expect(JSON.parse(text)).toEqual(expected);
}

import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { BROTLI_OPTIONS, exactCopy } from '../lib/brotli-text';
import { isKeptEnvelope, KEPT_ENVELOPE_MIN_CHARS } from '../lib/envelope';

/** Replies smaller than this go uncompressed: below it the headers cost more than the saving. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Compressed replies kept by their text (bytes of compressed output held at most). */
export const COMPRESSED_MEMO_BYTES = 16 * 1024 * 1024;

type Encoding = 'br' | 'gzip';

// Brotli at quality 2 (lib/brotli-text.ts); the hot reads' replies are compressed once (the memo
// below); a save's reply is new every time. Gzip for clients without Brotli.
const brotliOptions = BROTLI_OPTIONS;

/**
 * Compressed forms of reply texts, found by a digest of the text: the hot reads serve the same
 * cached JSON text to many requests (a dashboard of a thousand contractors is ~150 kB), and
 * compressing it again for each costs far more (≈1 ms) than hashing it (≈0.06 ms). Keyed by
 * content, so it can never serve another reply's bytes; bounded by the bytes it holds.
 *
 * A kept envelope (lib/envelope.ts okSharedJson: an organisation-wide reply of 64 kB and more,
 * the same string for every request; a shorter text is not looked for, as hashing it to look
 * costs as much as the digest) is found by the text itself instead, which a map finds again
 * without reading it, where its digest cost ~18 % of the server's time for each Engagement page of
 * a thousand contractors. Texts made for one request (a contractor's own leaderboard) keep the
 * digest: held by their text, they would crowd the bound. Held texts count towards it.
 */
export function createCompressedMemo(maxBytes: number = COMPRESSED_MEMO_BYTES) {
  const kept = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (value, key) => value.length + key.length + 64 });
  const large = new LRUCache<string, Partial<Record<Encoding, Buffer>>>({
    maxSize: maxBytes,
    sizeCalculation: (value, text) => 2 * text.length + (value.br?.length ?? 0) + (value.gzip?.length ?? 0) + 64,
  });
  const stats = { hits: 0, misses: 0 };
  const encode = (text: string, encoding: Encoding) =>
    exactCopy(encoding === 'br' ? zlib.brotliCompressSync(text, brotliOptions) : zlib.gzipSync(text));
  return {
    stats,
    compress(text: string, encoding: Encoding): Buffer {
      if (text.length >= KEPT_ENVELOPE_MIN_CHARS && isKeptEnvelope(text)) {
        const forms = large.get(text);
        const hit = forms?.[encoding];
        if (hit) {
          stats.hits += 1;
          return hit;
        }
        stats.misses += 1;
        const out = encode(text, encoding);
        // Set again (not changed in place), so that the bound counts the new form.
        large.set(text, { ...forms, [encoding]: out });
        return out;
      }
      const key = `${encoding}:${crypto.createHash('sha256').update(text).digest('base64')}`;
      const hit = kept.get(key);
      if (hit) {
        stats.hits += 1;
        return hit;
      }
      stats.misses += 1;
      const out = encode(text, encoding);
      if (out.length < maxBytes) kept.set(key, out);
      return out;
    },
  };
}
export type CompressedMemo = ReturnType<typeof createCompressedMemo>;

/**
 * The encoding a plain Accept-Encoding list asks for (Brotli first), or null when the header is
 * missing, names neither, or weighs its entries (q=…): those requests go to @fastify/compress,
 * which negotiates in full.
 */
export function plainEncoding(header: string | undefined): Encoding | null {
  if (!header || header.includes(';')) return null;
  const names = header.split(',').map((x) => x.trim().toLowerCase());
  if (names.includes('br')) return 'br';
  if (names.includes('gzip')) return 'gzip';
  return null;
}

/** Adds Accept-Encoding to the reply's Vary (once). */
export function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('Vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) reply.header('Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compression of replies: API JSON of COMPRESS_THRESHOLD_BYTES and more through the memo above
 * (a hook that runs before @fastify/compress's, which then leaves an encoded reply alone), the
 * rest (streams, weighted Accept-Encoding, other types) through @fastify/compress. Files of the
 * web app are compressed once at build time and sent as they are (preCompressed).
 */
export const compressionPlugin = fp(async (app: FastifyInstance, opts: { memo?: CompressedMemo }) => {
  const memo = opts.memo ?? createCompressedMemo();
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' || payload.length < COMPRESS_THRESHOLD_BYTES) return payload;
    if (reply.statusCode !== 200 || reply.getHeader('Content-Encoding') !== undefined) return payload;
    if (request.headers['x-no-compression'] !== undefined) return payload;
    if (!/json/i.test(String(reply.getHeader('Content-Type') ?? ''))) return payload;
    const encoding = plainEncoding(request.headers['accept-encoding']);
    if (encoding === null) return payload;
    const body = memo.compress(payload, encoding);
    addVary(reply);
    reply.header('Content-Encoding', encoding);
    reply.header('Content-Length', body.length);
    return body;
  });
  await app.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'], brotliOptions });
});

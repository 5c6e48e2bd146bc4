import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@palisade/domain/errors';
import { MAX_UPLOAD_BYTES } from '@palisade/domain/constants';

/** Where files live: a local folder (default) or an S3-compatible bucket (s3-file-store.ts). */
export interface FileStore {
  /** Which kind, for the logs and the readiness check. */
  readonly kind: 'local' | 's3';
  /** Streams into storage; refuses (and removes) anything over maxBytes. Returns the size. */
  put(key: string, body: Readable, maxBytes?: number): Promise<number>;
  /** The first bytes, for type detection. */
  head(key: string, bytes: number): Promise<Buffer>;
  /** The bytes, or those from start to end inclusive (range requests: videos seek). */
  get(key: string, range?: { start: number; end: number }): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** Gives a stored object another key (an upload received before its destination was known). */
  move(from: string, to: string): Promise<void>;
  /** Resolves when the storage answers (GET /api/ready); rejects with the reason otherwise. */
  check(): Promise<void>;
  /** Lets go of connections (at shutdown). */
  close(): Promise<void>;
}

/** Keys are relative paths such as `profile/{userId}/AbCde_photo.png`; no escaping the root. */
function resolveKey(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(root + path.sep)) throw new AppError('BAD_REQUEST', 'Invalid file path');
  return full;
}

export function createLocalFileStore(root: string): FileStore {
  const base = path.resolve(root);
  return {
    kind: 'local',
    async put(key, body, maxBytes = MAX_UPLOAD_BYTES) {
      const full = resolveKey(base, key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > maxBytes) done(new AppError('PAYLOAD_TOO_LARGE'));
          else done(null, chunk);
        },
      });
      const out = createWriteStream(full);
      try {
        await pipeline(body, counter, out);
      } catch (err) {
        // The file is opened a moment after the stream is made: a body that failed at once (a form
        // refused before its file was read) would have it created after a removal made now.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fs.rm(full, { force: true });
        throw err;
      }
      return size;
    },
    async head(key, bytes) {
      const handle = await fs.open(resolveKey(base, key), 'r');
      try {
        const buf = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buf, 0, bytes, 0);
        return buf.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async get(key, range) {
      const full = resolveKey(base, key);
      await fs.access(full);
      return createReadStream(full, range ? { start: range.start, end: range.end } : undefined);
    },
    async delete(key) {
      await fs.rm(resolveKey(base, key), { force: true });
    },
    async move(from, to) {
      const source = resolveKey(base, from);
      const target = resolveKey(base, to);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(source, target);
      // The folder the object was received in is left empty: it goes too (when it is empty).
      await fs.rmdir(path.dirname(source)).catch(() => undefined);
    },
    async check() {
      // The folder is made on the first upload; until then its parent must be writable.
      await fs.mkdir(base, { recursive: true });
      await fs.access(base, fs.constants.R_OK | fs.constants.W_OK);
    },
    async close() {},
  };
}

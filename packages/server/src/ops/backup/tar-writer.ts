import crypto from 'node:crypto';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { Header, Pax } from 'tar';

const BLOCK = 512;

/** What was written for one entry. */
export interface WrittenEntry {
  size: number;
  sha256: string;
}

/**
 * Writes a tar stream entry by entry, each body streamed from its source with back-pressure (no
 * whole file in memory): a header (with a PAX header for long or non-ASCII names), the bytes, the
 * padding to 512. The size must be known before the bytes (tar's header comes first); a source
 * that gives another number of bytes fails the archive. The caller gzips and stores `out`.
 */
export class TarWriter {
  readonly #out: Writable;
  readonly #mtime: Date;

  constructor(out: Writable, mtime: Date) {
    this.#out = out;
    this.#mtime = mtime;
  }

  async #write(chunk: Buffer): Promise<void> {
    if (!this.#out.write(chunk)) await once(this.#out, 'drain');
  }

  async #header(name: string, size: number): Promise<void> {
    const header = new Header({ path: name, mode: 0o644, uid: 0, gid: 0, size, mtime: this.#mtime, type: 'File' });
    if (header.encode()) await this.#write(new Pax({ path: name, size, mtime: this.#mtime }).encode());
    if (!header.block) throw new Error(`the tar header of ${name} could not be encoded`);
    await this.#write(header.block);
  }

  async #pad(size: number): Promise<void> {
    const rest = size % BLOCK;
    if (rest !== 0) await this.#write(Buffer.alloc(BLOCK - rest));
  }

  /** One entry from a stream of exactly `size` bytes; returns its size and SHA-256. */
  async addStream(name: string, size: number, body: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<WrittenEntry> {
    await this.#header(name, size);
    const hash = crypto.createHash('sha256');
    let written = 0;
    for await (const chunk of body) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      written += buf.length;
      if (written > size) throw new Error(`${name} grew while it was archived (more than ${size} bytes)`);
      hash.update(buf);
      await this.#write(buf);
    }
    if (written !== size) throw new Error(`${name} gave ${written} bytes where ${size} were announced`);
    await this.#pad(size);
    return { size, sha256: hash.digest('hex') };
  }

  /** One entry from bytes in memory (the manifest). */
  async addBuffer(name: string, bytes: Buffer): Promise<WrittenEntry> {
    return this.addStream(name, bytes.length, [bytes]);
  }

  /** The two zero blocks that end an archive. */
  async finish(): Promise<void> {
    await this.#write(Buffer.alloc(BLOCK * 2));
  }
}

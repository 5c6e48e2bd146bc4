import { LRUCache } from 'lru-cache';

/** What the cache keeps of a reply: its version and the JSON text. */
interface CachedReply {
  version: string;
  json: string;
}

/**
 * Replies of hot reads as JSON text, each with the version it was built at (the database's row
 * versions, responses.repository readVersion; an organisation's activity, review.repository; a
 * list's version, db/list-versions.ts). A read first asks the database for the current version
 * (one indexed row lookup) and serves the text when it is the same; else it rebuilds. Nothing is
 * ever invalidated by hand, so several server instances on one database stay correct: a change
 * through any of them changes the version. Bounded by the bytes it holds.
 */
export function createReplyCache(maxBytes: number) {
  const cache = new LRUCache<string, CachedReply>({
    maxSize: maxBytes,
    // UTF-16 in memory: two bytes a character, plus the key and version.
    sizeCalculation: (value, key) => (value.json.length + value.version.length + key.length) * 2 + 64,
  });
  return {
    /** The JSON text kept for key at this version, or undefined. */
    get(key: string, version: string): string | undefined {
      const hit = cache.get(key);
      return hit && hit.version === version ? hit.json : undefined;
    },
    set(key: string, version: string, json: string): void {
      // A reply larger than the whole cache is not kept.
      if (json.length * 2 < maxBytes) cache.set(key, { version, json });
    },
    /** Entries held (tests). */
    get size(): number {
      return cache.size;
    },
  };
}
export type ReplyCache = ReturnType<typeof createReplyCache>;

/**
 * Replies kept as the bytes sent (the whole envelope as Brotli, lib/brotli-text.ts), each with the
 * version it was built at, as createReplyCache keeps their text: a reply of tens of kB of JSON
 * held in a few kB (issue 63: the server's memory), sent as it is to a client that takes Brotli.
 */
export function createEncodedReplyCache(maxBytes: number) {
  const cache = new LRUCache<string, { version: string; bytes: Buffer }>({
    maxSize: maxBytes,
    sizeCalculation: (value, key) => value.bytes.length + (value.version.length + key.length) * 2 + 64,
  });
  return {
    get(key: string, version: string): Buffer | undefined {
      const hit = cache.get(key);
      return hit && hit.version === version ? hit.bytes : undefined;
    },
    set(key: string, version: string, bytes: Buffer): void {
      if (bytes.length < maxBytes) cache.set(key, { version, bytes });
    },
  };
}

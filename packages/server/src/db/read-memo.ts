import { LRUCache } from 'lru-cache';

/**
 * Whether reads kept earlier are still current: a number that stays the same while nothing they
 * depend on has changed, or null while that cannot be told (then nothing is kept or served).
 */
export type Generation = () => number | null;

/** Keeps nothing: every read goes to the database. */
export const NO_GENERATION: Generation = () => null;

/**
 * Remembers the results of a read by key while the generation stays the same (freshness.ts). The
 * generation is taken before the read, so a change while the read is under way makes the kept
 * value stale at once.
 */
export function createReadMemo<V>(
  generation: Generation,
  max: number,
  /** Bounds what is kept by size as well: at most maxSize in all, each value counted by sizeOf. */
  sized?: { maxSize: number; sizeOf: (value: V) => number },
) {
  // Wrapped, so that "not found" (undefined) is kept too.
  const kept = new LRUCache<string, { generation: number; value: V | undefined }>(
    sized
      ? {
          max,
          maxSize: sized.maxSize,
          sizeCalculation: (v) => Math.max(1, v.value === undefined ? 1 : sized.sizeOf(v.value)),
        }
      : { max },
  );
  /** The kept value of `key`, or `read`'s (kept): a read that always finds gets a value back. */
  function get(key: string, read: () => Promise<V>): Promise<V>;
  function get(key: string, read: () => Promise<V | undefined>): Promise<V | undefined>;
  async function get(key: string, read: () => Promise<V | undefined>): Promise<V | undefined> {
    const current = generation();
    if (current === null) return read();
    const hit = kept.get(key);
    if (hit && hit.generation === current) return hit.value;
    const value = await read();
    kept.set(key, { generation: current, value });
    return value;
  }
  return { get };
}

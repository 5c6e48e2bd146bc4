import { LRUCache } from 'lru-cache';

/**
 * Remembers the results of a read by key while the database's write generation stays the same
 * (client.ts writeGeneration: PGlite, where this process is the only writer). With no generation
 * (PostgreSQL) it remembers nothing and every get reads. The generation is taken before the read,
 * so a write that runs while the read is under way makes the kept value stale at once.
 */
export function createReadMemo<V extends object>(writeGeneration: (() => number) | null, max: number) {
  const kept = writeGeneration ? new LRUCache<string, { generation: number; value: V | null }>({ max }) : null;
  return {
    async get(key: string, read: () => Promise<V | undefined>): Promise<V | undefined> {
      if (!kept || !writeGeneration) return read();
      const generation = writeGeneration();
      const hit = kept.get(key);
      if (hit && hit.generation === generation) return hit.value ?? undefined;
      const value = await read();
      kept.set(key, { generation, value: value ?? null });
      return value;
    },
  };
}
export type ReadMemo<V extends object> = ReturnType<typeof createReadMemo<V>>;

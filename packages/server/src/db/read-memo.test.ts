import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import type { Database } from './client';
import { createReadMemo, NO_GENERATION } from './read-memo';

describe('createReadMemo', () => {
  it('keeps a read while the generation holds, and reads again once it moves', async () => {
    let generation = 0;
    let reads = 0;
    const memo = createReadMemo<{ n: number }>(() => generation, 10);
    const read = async () => ({ n: ++reads });
    expect(await memo.get('a', read)).toEqual({ n: 1 });
    expect(await memo.get('a', read)).toEqual({ n: 1 });
    expect(await memo.get('b', read)).toEqual({ n: 2 });
    generation += 1;
    expect(await memo.get('a', read)).toEqual({ n: 3 });
    expect(reads).toBe(3);
  });

  it('keeps "not found" too, until the next write', async () => {
    let generation = 0;
    let reads = 0;
    const memo = createReadMemo<{ n: number }>(() => generation, 10);
    const read = async () => {
      reads += 1;
      return undefined;
    };
    expect(await memo.get('a', read)).toBeUndefined();
    expect(await memo.get('a', read)).toBeUndefined();
    expect(reads).toBe(1);
    generation += 1;
    expect(await memo.get('a', read)).toBeUndefined();
    expect(reads).toBe(2);
  });

  it('does not keep a value when a write ran while it was read', async () => {
    let generation = 0;
    let reads = 0;
    const memo = createReadMemo<{ n: number }>(() => generation, 10);
    const racing = async () => {
      reads += 1;
      generation += 1; // another request writes while this one reads
      return { n: reads };
    };
    await memo.get('a', racing);
    expect(await memo.get('a', async () => ({ n: 99 }))).toEqual({ n: 99 });
  });

  it('reads every time while there is no generation', async () => {
    let reads = 0;
    const memo = createReadMemo<{ n: number }>(NO_GENERATION, 10);
    await memo.get('a', async () => ({ n: ++reads }));
    await memo.get('a', async () => ({ n: ++reads }));
    expect(reads).toBe(2);
  });
});

describe('the count of local writes', () => {
  let database: Database;
  let dropDatabase: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    ({ database, dropDatabase } = await createTestDatabase());
    await database.db.execute(sql`create table t (id int primary key, v text)`);
  });
  afterAll(async () => {
    await database.close();
    await dropDatabase?.();
  });
  const generation = () => database.localWrites();

  it('holds across reads and moves on every write, in or out of a transaction', async () => {
    const start = generation();
    await database.db.execute(sql`select * from t`);
    await database.db.execute(sql`select count(*) from t where v = 'update'`.append(sql` and id > 0`));
    expect(generation()).toBe(start + 2); // a SELECT naming "update" counts (before and after), to be safe
    const before = generation();
    await database.db.execute(sql`select 1`);
    expect(generation()).toBe(before);
    await database.db.execute(sql`insert into t values (1, 'a')`);
    expect(generation()).toBeGreaterThan(before);
    const beforeTx = generation();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select * from t`);
    });
    expect(generation()).toBeGreaterThan(beforeTx); // a transaction's end counts
    const beforeWith = generation();
    await database.db.execute(sql`with x as (update t set v = 'b' returning id) select * from x`);
    expect(generation()).toBeGreaterThan(beforeWith);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { writesAuthTables, type Database } from './client';
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

  it('bounded by size, keeps what fits and lets the least recent go', async () => {
    let reads = 0;
    const memo = createReadMemo<number[]>(() => 1, 100, { maxSize: 10, sizeOf: (v) => v.length });
    const read = (key: string, length: number) =>
      memo.get(key, async () => {
        reads += 1;
        return Array.from({ length }, () => 0);
      });
    await read('a', 4);
    await read('b', 4);
    await read('a', 4);
    expect(reads).toBe(2);
    await read('c', 4); // 12 > 10: b, the least recent, goes
    await read('a', 4);
    await read('b', 4);
    expect(reads).toBe(4);
    await read('big', 11); // larger than the bound: never kept
    await read('big', 11);
    expect(reads).toBe(6);
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

describe('Database.authWrites: the writes that end kept session lookups', () => {
  let database: Database;
  let dropDatabase: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    ({ database, dropDatabase } = await createTestDatabase());
    // Tables named as those a session lookup reads; the test's own, in an empty database.
    await database.db.execute(sql`create table users (id int primary key, v text)`);
    await database.db.execute(sql`create table user_organisations (id int primary key)`);
    await database.db.execute(sql`create table answers (id int primary key, v text)`);
  });
  afterAll(async () => {
    await database.close();
    await dropDatabase?.();
  });
  const auth = () => database.authWrites();
  const local = () => database.localWrites();

  it('moves on a write of those tables, in or out of a transaction, and again at its commit', async () => {
    const start = auth();
    await database.db.execute(sql`update users set v = 'x' where id = 1`);
    expect(auth()).toBe(start + 2);
    await database.db.execute(sql`insert into user_organisations values (1)`);
    expect(auth()).toBe(start + 4);
    const beforeTx = auth();
    const seen: number[] = [];
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into users values (1, 'a')`);
      seen.push(auth());
      await tx.execute(sql`select * from answers`);
    });
    expect(seen[0]).toBeGreaterThan(beforeTx);
    // The commit counts too: a lookup read between the statement and the commit saw the old rows.
    expect(auth()).toBeGreaterThan(seen[0] ?? 0);
    if (database.kind === 'postgres') expect([seen[0], auth()]).toEqual([beforeTx + 2, beforeTx + 4]);
    // A savepoint rolled back inside it does not end it.
    const beforeNested = auth();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update users set v = 'b' where id = 1`);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into answers values (9, 'x')`);
        inner.rollback();
      }).catch(() => undefined);
      seen.push(auth());
    });
    if (database.kind === 'postgres') {
      expect(seen[1]).toBe(beforeNested + 2);
      expect(auth()).toBe(beforeNested + 4);
    }
  });

  it('stays as it is through a write of another table that only reads them (a reply naming a user)', async () => {
    await database.db.execute(sql`insert into users values (2, 'u') on conflict (id) do nothing`);
    const start = auth();
    await database.db.execute(sql`insert into answers values (2, (select v from users where id = 2))`);
    await database.db.execute(sql`with w as (update answers set v = 'c' where id = 2 returning id)
      select w.id, (select v from "users" u where u.id = 2) as name from w`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select * from users where id = 2 for update`);
      await tx.execute(sql`update answers set v = (select v from users where id = 2) where id = 2`);
    });
    expect(auth()).toBe(start);
    // …and moves when such a statement writes them too (a CTE).
    await database.db.execute(sql`with w as (update answers set v = 'd' where id = 2 returning id)
      update "users" set v = 'w' where id = 2`);
    expect(auth()).toBeGreaterThan(start);
  });

  it('stays as it is through writes of other tables, their transactions included', async () => {
    const start = auth();
    const startLocal = local();
    await database.db.execute(sql`insert into answers values (1, 'a')`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update answers set v = 'b' where id = 1`);
    });
    expect(local()).toBeGreaterThan(startLocal);
    expect(auth()).toBe(start);
  });
});

describe('writesAuthTables', () => {
  it('names the statements that write sessions, users, user_organisations or organisations', () => {
    for (const text of [
      'insert into "sessions" ("id", "user_id") values ($1, $2)',
      'update "users" set "name" = $1 where "users"."id" = $2',
      'delete from "sessions" where "sessions"."user_id" = $1',
      'insert into "user_organisations" ("user_id", "organisation_id") values ($1, $2) on conflict do nothing',
      'UPDATE organisations SET name = $1',
      'update only public.users set v = 1',
      'with gone as (delete from "sessions" where "id" = $1 returning "user_id") select * from gone',
      'merge into "users" u using x on u.id = x.id when matched then update set name = x.name',
      'truncate "responses", "users" cascade',
    ]) {
      expect(writesAuthTables(text), text).toBe(true);
    }
  });

  it('leaves out reads, writes of other tables that read them, locks and ON CONFLICT DO UPDATE of another table', () => {
    for (const text of [
      'select "users"."id" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id"',
      'select * from "users" where id = $1 for update',
      'select * from "users" for no key update of "users"',
      'update "responses" set "x" = 1 returning (select name from "users" where id = $1)',
      'with w as (update "response_questions" set answer = $1 returning id) select (select au.name from "users" au) from w',
      'insert into "audit_log" ("actor_id") select "users"."id" from "users" where "users"."id" = $1',
      'insert into "chat_reads" (room_id, user_id) values ($1, $2) on conflict (room_id, user_id) do update set last_read_at = now()',
      'update "users_archive" set v = 1',
      'update "responses" set "organisation_id" = $1',
      'truncate "responses"',
    ]) {
      expect(writesAuthTables(text), text).toBe(false);
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors';
import type { Database } from './client';
import { openEmptyPglite } from '../test/test-app';
import { namedStatement } from './named-statement';

/** The statements PGlite keeps under a name (pg_prepared_statements), by their text. */
async function kept(database: Database): Promise<string[]> {
  const rows = await database.db
    .select({ statement: sql<string>`statement` })
    .from(sql`pg_prepared_statements`);
  return rows.map((row) => row.statement);
}

/**
 * Issue 21: on PGlite, a statement prepared with a name runs as a named statement of the
 * database's session (pglite-named.ts), parsed once, with the same results, values and errors as
 * the unnamed statements PGlite's query() runs.
 */
describe('named statements on PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openEmptyPglite();
    await database.db.execute(
      sql`create table named_probe (id uuid primary key, n int not null, label text, at timestamptz, flag boolean, doc jsonb)`,
    );
  });
  afterAll(() => database.close());

  const insert = namedStatement<{ id: string }>(
    'probe_insert',
    sql`insert into named_probe (id, n, label, at, flag, doc)
      values (${sql.placeholder('id')}, ${sql.placeholder('n')}, ${sql.placeholder('label')}, ${sql.placeholder('at')}, ${sql.placeholder('flag')}, ${sql.placeholder('doc')})
      returning id`,
  );
  const one = namedStatement<{
    id: string;
    n: number;
    label: string | null;
    at: string | null;
    flag: boolean | null;
    doc: unknown;
  }>(
    'probe_one',
    sql`select id, n, label, at, flag, doc from named_probe where id = ${sql.placeholder('id')}`,
  );

  it('a statement prepared with a name is kept by the database and gives what the unnamed statement gives', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const at = new Date('2026-11-28T10:00:00.000Z');
    await insert(database.db, {
      id,
      n: 7,
      label: "O'Brien — ünïcode",
      at,
      flag: true,
      doc: JSON.stringify({ a: [1, 2] }),
    });
    const named = await one(database.db, { id });
    const unnamed = await database.db
      .select({
        id: sql`id`,
        n: sql`n`,
        label: sql`label`,
        at: sql`at`,
        flag: sql`flag`,
        doc: sql`doc`,
      })
      .from(sql`named_probe`)
      .where(sql`id = ${id}`);
    expect(named).toEqual(unnamed);
    expect(named).toEqual([
      {
        id,
        n: 7,
        label: "O'Brien — ünïcode",
        at: expect.stringMatching(/^2026-11-28 10:00:00/),
        flag: true,
        doc: { a: [1, 2] },
      },
    ]);

    const statements = await kept(database);
    expect(
      statements.some((text) =>
        text.startsWith('select id, n, label, at, flag, doc from named_probe'),
      ),
    ).toBe(true);
    expect(statements.some((text) => text.startsWith('insert into named_probe'))).toBe(true);
    // Parsed once: more runs keep one statement for the text.
    await one(database.db, { id });
    expect(
      (await kept(database)).filter((text) => text.startsWith('select id, n, label')),
    ).toHaveLength(1);
  });

  it('nulls, and a drizzle select prepared with a name, at the top and in a transaction', async () => {
    const id = '00000000-0000-4000-8000-000000000002';
    await insert(database.db, { id, n: 0, label: null, at: null, flag: null, doc: null });
    expect(await one(database.db, { id })).toEqual([
      { id, n: 0, label: null, at: null, flag: null, doc: null },
    ]);
    const count = database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`named_probe`)
      .where(sql`n >= ${sql.placeholder('min')}`)
      .prepare('probe_count');
    expect(await count.execute({ min: 0 })).toEqual([{ n: 2 }]);
    expect(await count.execute({ min: 1 })).toEqual([{ n: 1 }]);
    // First parsed inside a transaction that rolls back: the statement and its work both behave.
    const third = '00000000-0000-4000-8000-000000000003';
    const rollback = namedStatement(
      'probe_in_tx',
      sql`insert into named_probe (id, n) values (${sql.placeholder('id')}, 3)`,
    );
    await expect(
      database.db.transaction(async (tx) => {
        await rollback(tx, { id: third });
        expect(await one(tx, { id: third })).toHaveLength(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await one(database.db, { id: third })).toEqual([]);
    // Named inside the transaction (its session's statements are noted too), and kept after it.
    expect(
      (await kept(database)).filter((text) =>
        text.startsWith('insert into named_probe (id, n) values'),
      ),
    ).toHaveLength(1);
    await rollback(database.db, { id: third });
    expect(await one(database.db, { id: third })).toHaveLength(1);
  });

  it('an error of a named statement is the database error, and the session goes on', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const failed = await insert(database.db, {
      id,
      n: 1,
      label: null,
      at: null,
      flag: null,
      doc: null,
    }).catch((err: unknown) => err);
    expect(isUniqueViolation(failed)).toBe(true);
    // In a transaction, the error rolls it back and the next statement runs.
    const fresh = '00000000-0000-4000-8000-000000000004';
    const inTx = await database.db
      .transaction(async (tx) => {
        await insert(tx, { id: fresh, n: 4, label: null, at: null, flag: null, doc: null });
        await insert(tx, { id, n: 1, label: null, at: null, flag: null, doc: null });
      })
      .catch((err: unknown) => err);
    expect(isUniqueViolation(inTx)).toBe(true);
    expect(await one(database.db, { id: fresh })).toEqual([]);
    expect(await one(database.db, { id })).toHaveLength(1);
  });
});

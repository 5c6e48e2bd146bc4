import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

const dialect = new PgDialect();

/**
 * A statement with a name, its text built once from `query`, whose values are sql.placeholder()s
 * given at each run, on whichever database or transaction the run is given. On PostgreSQL each
 * connection parses and plans it once (a named prepared statement) instead of on every run, as
 * db.execute's unnamed statements are; drizzle's own prepare() binds a built query to one client,
 * so it cannot serve the statements of a transaction. PGlite runs it as it runs any statement.
 * For the hottest writes, whose planning costs the database more than their work.
 */
export function namedStatement<Row>(
  name: string,
  query: SQL,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<Row[]> {
  const built = dialect.sqlToQuery(query);
  return async (db, values) => {
    const result: unknown = await db._.session
      .prepareQuery(built, undefined, name, false)
      .execute(values);
    // Both drivers reply with { rows } (node-postgres QueryResult, PGlite Results).
    return (result as { rows?: Row[] }).rows ?? [];
  };
}

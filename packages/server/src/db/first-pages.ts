import { sql, type Placeholder } from 'drizzle-orm';

/** The LIMIT and OFFSET of a page statement: sent as values (placeholders), or written into its text. */
export interface PageBounds {
  limit: number | Placeholder;
  offset: number | Placeholder;
}

/**
 * A paged statement prepared as several: one with LIMIT and OFFSET sent as values, for any page,
 * and one for the first page of each page size, with its numbers written into the statement.
 *
 * PostgreSQL keeps one plan for a prepared statement (its generic plan) only when that plan looks
 * no dearer than the plans it made for the values sent. With LIMIT and OFFSET sent as values it
 * guesses a tenth of the rows for each, so the generic plan of a page looks dearer than a plan for
 * page 1, and the statement was planned again at every call: planning cost as much as running it,
 * or more (issue 21). The first pages, the ones the screens open on, are planned once per
 * connection; later pages are planned at each call, as before. PGlite runs each as any statement.
 *
 * `prepare(bounds, suffix)` prepares one statement, `suffix` added to its name. The result gives
 * the statement for a page: the first page's of its size, else the one that takes both values.
 */
export function preparedPages<S>(
  sizes: readonly number[],
  prepare: (bounds: PageBounds, suffix: string) => S,
): (limit: number, offset: number) => S {
  const any = prepare({ limit: sql.placeholder('limit'), offset: sql.placeholder('offset') }, '');
  const first = new Map(
    sizes.map((size) => [
      size,
      prepare({ limit: writtenIn(size), offset: writtenIn(0) }, `_first_${size}`),
    ]),
  );
  return (limit, offset) => (offset === 0 ? first.get(limit) : undefined) ?? any;
}

/**
 * A whole number written into the statement's text. Drizzle's limit() and offset() are typed
 * number | Placeholder, and write what they are given into an sql template, where an SQL fragment
 * (sql.raw) stays text instead of becoming a value; hence the cast.
 */
function writtenIn(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a page bound: ${n}`);
  return sql.raw(String(n)) as unknown as number;
}

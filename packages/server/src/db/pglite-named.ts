import {
  parse,
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';
import type { Db } from './client';

/**
 * Named (server-side) prepared statements on PGlite (issue 21). drizzle's PGlite driver runs a
 * statement prepared with a name (`.prepare(name)`, namedStatement) as it runs any other: PGlite's
 * query() parses, describes and plans its text at every run. On PostgreSQL the same statement is
 * parsed once per connection and its plan kept. A contractor's page of responses spent 1.2 of its
 * 1.65 ms in PGlite on that (0.47 ms as a named statement; one response 2.2 → 0.55 ms).
 *
 * Here the texts of the statements prepared with a name are noted (namedTexts: the drizzle
 * session's prepareQuery, at the top and in transactions), and the client runs a noted text as a
 * statement of its own, parsed once: Bind, Describe, Execute and Sync, the messages PGlite's own
 * query() sends after its Parse. The other statements go on as before.
 */

/** Texts that run as named statements at most; more are run as other statements are. */
export const PGLITE_NAMED_STATEMENTS_MAX = 1_000;

interface Statement {
  name: string;
  /** The parameter types PostgreSQL inferred (Describe), which pick each value's serializer. */
  types: number[];
}

/** The texts of statements prepared with a name: the session hooks add, the client reads. */
export type NamedTexts = Set<string>;

/**
 * Notes the text of each statement the session (and the sessions of its transactions, which
 * drizzle makes anew for each) prepares with a name. Public members only: prepareQuery is how
 * drizzle's `.prepare(name)` and namedStatement build their statements.
 */
export function noteNamedTexts(session: Db['_']['session'], texts: NamedTexts): void {
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (query, fields, name, ...rest) => {
    if (name && texts.size < PGLITE_NAMED_STATEMENTS_MAX) texts.add(query.sql);
    return prepareQuery(query, fields, name, ...rest);
  };
  const transaction = session.transaction.bind(session);
  session.transaction = (work, config) =>
    transaction((tx) => {
      noteNamedTexts(tx._.session, texts);
      return work(tx);
    }, config);
}

/**
 * Runs statements as named statements of one PGlite instance: the first run of a text parses it
 * under a name of its own, every run binds and executes that name. Works at the top and inside a
 * transaction alike (PGlite's own query() takes the same turn, _runExclusiveQuery).
 */
export function namedStatements(pglite: PGlite) {
  const statements = new Map<string, Statement>();
  const { serialize } = protocol;
  const quiet = { syncToFs: false };
  return async function query(
    text: string,
    params: readonly unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results> {
    return pglite._runExclusiveQuery(async () => {
      const messages = [];
      try {
        let statement = statements.get(text);
        if (!statement) {
          const name = `palisade_${statements.size + 1}`;
          await pglite.execProtocolStream(serialize.parse({ name, text }), quiet);
          const described = await pglite.execProtocolStream(
            serialize.describe({ type: 'S', name }),
            quiet,
          );
          statement = { name, types: parse.parseDescribeStatementResults(described) };
          statements.set(text, statement);
        }
        const { types } = statement;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const type = types[i] ?? 0;
          const serializer = options?.serializers?.[type] ?? pglite.serializers[type];
          // As PGlite's query(): a value no serializer takes is sent as its toString().
          return serializer ? serializer(value) : (value as { toString(): string }).toString();
        });
        messages.push(
          ...(await pglite.execProtocolStream(
            serialize.bind({ statement: statement.name, values }),
            quiet,
          )),
          ...(await pglite.execProtocolStream(serialize.describe({ type: 'P' }), quiet)),
          ...(await pglite.execProtocolStream(serialize.execute({}), quiet)),
        );
      } finally {
        messages.push(...(await pglite.execProtocolStream(serialize.sync(), quiet)));
      }
      // As PGlite's query(): written through at once outside a transaction.
      if (!pglite.isInTransaction()) await pglite.syncToFs();
      const [results] = parse.parseResults(messages, pglite.parsers, options);
      if (!results) throw new Error(`No result from a named statement: ${text.slice(0, 80)}`);
      return results;
    });
  };
}

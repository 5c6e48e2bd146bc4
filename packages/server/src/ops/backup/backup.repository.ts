// The backup's only SQL: which tables the portal has and how many rows each holds. It runs on raw
// connections (a PGlite client inside the queue's turn that dumps it, a PostgreSQL connection
// holding the snapshot pg_dump reads), not through drizzle: the counts must be read in the very
// snapshot the dump is taken from.

/** A query on a raw connection: its rows. */
export type RawQuery = (text: string) => Promise<Array<Record<string, unknown>>>;

/** The schemas the portal writes: its tables (public) and drizzle's migration journal. */
const SCHEMAS = ['public', 'drizzle'];

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export const backupRepository = {
  /** The portal's tables as "schema.table", sorted. */
  async tables(query: RawQuery): Promise<string[]> {
    const rows = await query(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema in (${SCHEMAS.map((s) => `'${s}'`).join(', ')}) order by 1`,
    );
    return rows.map((r) => String(r.name));
  },

  /** Rows per table ("schema.table"), in one statement (one snapshot even outside a transaction). */
  async rowCounts(query: RawQuery): Promise<Record<string, number>> {
    const tables = await this.tables(query);
    if (tables.length === 0) return {};
    const parts = tables.map((t) => {
      const [schema = '', table = ''] = t.split('.', 2);
      return `select '${t.replace(/'/g, "''")}' as name, count(*)::text as n from ${ident(schema)}.${ident(table)}`;
    });
    const rows = await query(parts.join(' union all '));
    const counts: Record<string, number> = {};
    for (const r of rows) counts[String(r.name)] = Number(r.n);
    return Object.fromEntries(tables.map((t) => [t, counts[t] ?? 0]));
  },

  /** Whether the database holds any table of the portal (a restore target must hold none). */
  async hasTables(query: RawQuery): Promise<boolean> {
    return (await this.tables(query)).length > 0;
  },
};

import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { listVersions } from './schema';

/** A list of an organisation that the server keeps by its version (migration 0022). */
export type KeptList = (typeof listVersions.$inferSelect)['list'];

/**
 * The version of an organisation's list as text, as a scalar sub-select (null: none of its rows
 * was ever written), to be read in the statement that needs it.
 */
export function listVersionOf(
  list: KeptList,
  organisationId: Placeholder | SQL,
): SQL<string | null> {
  return sql<string | null>`(select ${listVersions.version}::text from ${listVersions}
    where ${listVersions.organisationId} = ${organisationId} and ${listVersions.list} = ${list})`;
}

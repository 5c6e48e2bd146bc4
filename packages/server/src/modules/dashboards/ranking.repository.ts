import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { namedStatement } from '../../db/named-statement';
import { contractorRankings, contractorScores, rankingState, users } from '../../db/schema';

const p = (name: string) => sql.placeholder(name);

/** Lock class of pg_try_advisory_xact_lock(class, key): one rebuild of an organisation's ranking at a time. */
const RANKING_LOCK_CLASS = 63_001;

/** A contractor of a kept ranking, at its position (rank, when it has a percent). */
export interface RankingRow {
  position: number;
  contractorId: string;
  name: string;
  scored: number;
  total: number;
}

/** An organisation's whole kept ranking: its rows in order, the number ranked and the rebuild's version. */
export interface KeptRanking {
  /** '0' when it was never built. */
  version: string;
  ranked: number;
  rows: RankingRow[];
}

/** A page of a kept ranking: the ranked rows in it, the number ranked, and one contractor's own row. */
export interface RankingPage {
  ranked: number;
  rows: RankingRow[];
  own: RankingRow | null;
}

const rowJson = (r: string) =>
  sql.raw(`json_build_object('position', ${r}.position, 'contractorId', ${r}.contractor_id, 'name', ${r}.contractor_name, 'scored', ${r}.scored, 'total', ${r}.total)`);

/** The organisations whose ranking is due: changed since their last rebuild. */
const dueStatement = namedStatement<{ organisationId: string }>(
  'ranking_due',
  sql`select ${rankingState.organisationId} as "organisationId" from ${rankingState}
    where ${rankingState.wanted} > ${rankingState.built} order by ${rankingState.organisationId}`,
);

/**
 * The rebuild of one organisation's ranking, in one statement, from contractor_scores and the
 * contractors' names as they are now, in getTotalScoresOfContrsInCompany's order (best percent,
 * two decimals, first; no marks last; then name and id). A position whose row stays the same is
 * not written (a changed score moves only the positions between its old and new place), positions
 * past the end go, and the state takes `seen` (the changes counted before the rows were read: a
 * change that commits meanwhile leaves it due) and a new version.
 */
const rebuildStatement = namedStatement<never>(
  'ranking_rebuild',
  sql`with ordered as (
      select (row_number() over (order by
          case when cs.total > 0 then round(cs.scored * 100.0 / cs.total, 2) end desc nulls last, u.name, u.id))::int as position,
        cs.contractor_id, u.name, cs.scored, cs.total
      from ${contractorScores} cs join ${users} u on u.id = cs.contractor_id
      where cs.organisation_id = ${p('organisationId')} and cs.completed > 0
    ), written as (
      insert into ${contractorRankings} as r (organisation_id, position, contractor_id, contractor_name, scored, total)
      select ${p('organisationId')}, o.position, o.contractor_id, o.name, o.scored, o.total from ordered o
      on conflict (organisation_id, position) do update set contractor_id = excluded.contractor_id,
        contractor_name = excluded.contractor_name, scored = excluded.scored, total = excluded.total
      where (r.contractor_id, r.contractor_name, r.scored, r.total)
        is distinct from (excluded.contractor_id, excluded.contractor_name, excluded.scored, excluded.total)
    ), gone as (
      delete from ${contractorRankings} r
      where r.organisation_id = ${p('organisationId')} and r.position > (select count(*) from ordered)
    )
    update ${rankingState} set built = ${p('seen')}, version = nextval('ranking_version_seq'),
      ranked = (select count(*) from ordered where total > 0), built_at = ${p('at')}::timestamptz
    where organisation_id = ${p('organisationId')}`,
);

/** The whole kept ranking and its version, read in one statement (one snapshot). */
const wholeStatement = namedStatement<{ version: string; ranked: number; rows: RankingRow[] }>(
  'ranking_whole',
  sql`select s.version::text as version, s.ranked, (
      select coalesce(json_agg(${rowJson('r')} order by r.position), '[]'::json)
      from ${contractorRankings} r where r.organisation_id = s.organisation_id) as rows
    from ${rankingState} s where s.organisation_id = ${p('organisationId')}`,
);

/** The version of an organisation's kept ranking: one row by its key. */
const versionStatement = namedStatement<{ version: string }>(
  'ranking_version',
  sql`select ${rankingState.version}::text as version from ${rankingState} where ${rankingState.organisationId} = ${p('organisationId')}`,
);

/** The ranked rows of positions (from, until], the number ranked and one contractor's own ranked row. */
const pageStatement = namedStatement<{ ranked: number; rows: RankingRow[]; own: RankingRow | null }>(
  'ranking_page',
  sql`select s.ranked, (
      select coalesce(json_agg(${rowJson('r')} order by r.position), '[]'::json)
      from ${contractorRankings} r
      where r.organisation_id = s.organisation_id and r.position > ${p('from')}::int
        and r.position <= least(${p('until')}::int, s.ranked)) as rows, (
      select ${rowJson('r')} from ${contractorRankings} r
      where r.organisation_id = s.organisation_id and r.contractor_id = ${p('contractorId')}::text and r.position <= s.ranked
      limit 1) as own
    from ${rankingState} s where s.organisation_id = ${p('organisationId')}`,
);

/** The kept rankings (migration 0033): their rebuild, and the reads that serve them. */
export const rankingRepository = {
  /** The organisations whose ranking is due. */
  async due(db: DbOrTx): Promise<string[]> {
    return (await dueStatement(db, {})).map((r) => r.organisationId);
  },

  /**
   * Rebuilds one organisation's ranking if it is due, in one transaction; false when another
   * rebuild of it holds the lock (it does the work) or it is not due.
   */
  async rebuild(db: Db, organisationId: string, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const lock: unknown = await tx.execute(sql`select pg_try_advisory_xact_lock(${RANKING_LOCK_CLASS}, hashtext(${organisationId})) as got`);
      if (!(lock as { rows: { got: boolean }[] }).rows[0]?.got) return false;
      // The changes counted before the rows are read: one committed after this read asks again.
      const [state] = await tx
        .select({ wanted: rankingState.wanted, built: rankingState.built })
        .from(rankingState)
        .where(eq(rankingState.organisationId, organisationId));
      if (!state || state.wanted <= state.built) return false;
      await rebuildStatement(tx, { organisationId, seen: state.wanted, at: at.toISOString() });
      return true;
    });
  },

  /** The version of the organisation's kept ranking ('0': never built, or none). */
  async version(db: DbOrTx, organisationId: string): Promise<string> {
    return (await versionStatement(db, { organisationId }))[0]?.version ?? '0';
  },

  /** An organisation's whole kept ranking (empty, version '0', when it has none). */
  async whole(db: DbOrTx, organisationId: string): Promise<KeptRanking> {
    const [row] = await wholeStatement(db, { organisationId });
    return row ? { version: row.version, ranked: row.ranked, rows: row.rows } : { version: '0', ranked: 0, rows: [] };
  },

  /**
   * The ranked rows at positions from + 1 … until, the number ranked, and the own ranked row of
   * `contractorId` (null: none, or not asked): one statement, a few rows by their keys.
   */
  async page(db: DbOrTx, organisationId: string, from: number, until: number, contractorId: string | null): Promise<RankingPage> {
    const [row] = await pageStatement(db, { organisationId, from, until, contractorId: contractorId ?? '' });
    return row ? { ranked: row.ranked, rows: row.rows, own: contractorId === null ? null : row.own } : { ranked: 0, rows: [], own: null };
  },
};

import { sql, type SQL } from 'drizzle-orm';
import { UserType } from '@palisade/domain/user-types';
import { ObservationStatus } from '@palisade/domain/statuses';
import type { DbOrTx } from '../../db/client';
import { namedStatement } from '../../db/named-statement';

/** A database number as either driver gives it (bigint and numeric come as text on node-postgres). */
type Num = number | string;

/** A row of the trend: the contractor (null: not a contractor of the organisation), and one point when it has any. */
export interface TrendRow {
  contractor_id: string | null;
  contractor_name: string | null;
  response_id: string | null;
  assessment_id: string | null;
  assessment_name: string | null;
  round_number: Num | null;
  round_label: string | null;
  completed_ms: Num | null;
  scored: Num | null;
  total: Num | null;
  e_scored: Num | null;
  e_total: Num | null;
  s_scored: Num | null;
  s_total: Num | null;
  g_scored: Num | null;
  g_total: Num | null;
  o_scored: Num | null;
  o_total: Num | null;
}

export interface RejectedRow {
  response_id: string;
  assessment_name: string;
  round_label: string | null;
  category_id: string;
  category_name: string;
  question_id: string;
  quest_text: string;
  remarks: string | null;
  total: Num;
}

export interface ObservationRow {
  id: string;
  srno: Num;
  category: string;
  reported_ms: Num;
  description: string;
  total: Num;
}

const p = (name: string) => sql.placeholder(name);

/** The factor sums of a response's sections: scored (0 until scored) and total, where the factor is on. */
function factorSums(column: string, prefix: string): SQL {
  const on = sql.raw(`rs.${column}`);
  return sql`coalesce(sum(coalesce(rs.scored_marks, 0)) filter (where ${on}), 0) as ${sql.raw(`${prefix}_scored`)},
    coalesce(sum(rs.total_marks) filter (where ${on}), 0) as ${sql.raw(`${prefix}_total`)}`;
}

/**
 * The trend: one statement, named (parsed and planned once per connection). The contractor (a
 * contractor company of the organisation, deleted or not: its history stays) and its newest
 * COMPLETED responses in the organisation, each with its assessment's name, its round's label
 * (assessment_rounds, when the assessment recurs), its score and its E-S-G-O sums over its
 * sections. The responses come from responses_contractor_completed_idx (contractor, organisation,
 * completed at: the newest `limit` by a backward scan of one range; one COMPLETED before
 * completed_at was kept, without it, counts as newest and is dated by its last change), their sections from
 * response_sections' (response, position) key, the rounds from their primary key: no per-row
 * subquery, whatever the size of the table.
 */
const trendRead = namedStatement<TrendRow>(
  'trends_contractor_trend',
  sql`with c as (
      select u.id, u.name from users u
      join user_organisations uo on uo.user_id = u.id and uo.organisation_id = ${p('organisationId')}
      where u.id = ${p('contractorId')} and u.type = ${sql.raw(String(UserType.CONTRACTOR))}
    ), r as (
      select r0.id, r0.assessment_id, r0.round_number, r0.completed_at, r0.updated_at, r0.scored_marks, r0.total_marks
      from responses r0
      where r0.contractor_id = ${p('contractorId')} and r0.organisation_id = ${p('organisationId')} and r0.status = 'COMPLETED'
      order by r0.completed_at desc nulls first, r0.id desc
      limit ${p('limit')}
    ), pts as (
      select r.id as response_id, r.assessment_id, a.name as assessment_name, r.round_number, ar.label as round_label,
        r.completed_at, (extract(epoch from coalesce(r.completed_at, r.updated_at)) * 1000)::bigint as completed_ms,
        r.scored_marks as scored, r.total_marks as total,
        ${factorSums('factor_environment', 'e')},
        ${factorSums('factor_social', 's')},
        ${factorSums('factor_governance', 'g')},
        ${factorSums('factor_others', 'o')}
      from r
      join assessments a on a.id = r.assessment_id
      left join assessment_rounds ar on ar.assessment_id = r.assessment_id and ar.round_number = r.round_number
      left join response_sections rs on rs.response_id = r.id
      group by r.id, r.assessment_id, a.name, r.round_number, ar.label, r.completed_at, r.updated_at, r.scored_marks, r.total_marks
    )
    select c.id as contractor_id, c.name as contractor_name, pts.response_id, pts.assessment_id, pts.assessment_name,
      pts.round_number, pts.round_label, pts.completed_ms, pts.scored, pts.total,
      pts.e_scored, pts.e_total, pts.s_scored, pts.s_total, pts.g_scored, pts.g_total, pts.o_scored, pts.o_total
    from c left join pts on true
    order by pts.completed_at desc nulls first, pts.response_id desc`,
);

/**
 * The version of a contractor's trend in an organisation (the trend reply's cache key, reply-cache.ts),
 * read by keys only: its contractor_scores row (written by 0016's trigger whenever one of its
 * responses becomes, stops being or is scored again as COMPLETED: a new row version, xmin), its
 * users row (its name), its link to the organisation (whether it is still one of its contractors),
 * and the organisation's rounds (a round's label, assessment_rounds_org_idx). A completed
 * response's assessment is not renamed (an assessment is locked once started).
 */
const trendVersionRead = namedStatement<{ version: string | null }>(
  'trends_contractor_trend_version',
  sql`select coalesce((select cs.xmin::text from contractor_scores cs
        where cs.organisation_id = ${p('organisationId')} and cs.contractor_id = ${p('contractorId')}), '-') || '.'
      || coalesce((select u.xmin::text from users u where u.id = ${p('contractorId')}), '-') || '.'
      || coalesce((select uo.xmin::text from user_organisations uo
        where uo.user_id = ${p('contractorId')} and uo.organisation_id = ${p('organisationId')}), '-') || '.'
      || (select count(*)::text || '.' || coalesce(sum(ar.xmin::text::bigint), 0)::text from assessment_rounds ar
        where ar.organisation_id = ${p('organisationId')}) as version`,
);

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows?: T[] }).rows ?? [];
}

/** The only place that reads a contractor's trend and open items. */
export const trendsRepository = {
  /**
   * The contractor's newest `limit` COMPLETED responses in the organisation as points, newest
   * first; no row at all when the id is not a contractor company of the organisation, one row
   * without a point when it has none.
   */
  async trend(db: DbOrTx, organisationId: string, contractorId: string, limit: number): Promise<TrendRow[]> {
    return trendRead(db, { organisationId, contractorId, limit });
  },

  /** The version of the trend (trendVersionRead): the same while the reply would be the same. */
  async trendVersion(db: DbOrTx, organisationId: string, contractorId: string): Promise<string> {
    const rows = await trendVersionRead(db, { organisationId, contractorId });
    return rows[0]?.version ?? '';
  },

  /**
   * The questions rejected in the contractor's responses of the organisation that are not
   * COMPLETED (waiting for its answer), most recently active response first, in checklist order;
   * at most `limit`, each row with the count of all.
   */
  async rejected(db: DbOrTx, organisationId: string, contractorId: string, limit: number): Promise<RejectedRow[]> {
    return rowsOf<RejectedRow>(
      db,
      sql`select r.id as response_id, a.name as assessment_name, ar.label as round_label, rs.category_id, rs.category_name,
          rq.id as question_id, rq.quest_text, rq.remarks, count(*) over () as total
        from responses r
        join response_questions rq on rq.response_id = r.id and rq.assess_status = 'REJECTED'
        join response_sections rs on rs.id = rq.response_section_id
        join assessments a on a.id = r.assessment_id
        left join assessment_rounds ar on ar.assessment_id = r.assessment_id and ar.round_number = r.round_number
        where r.contractor_id = ${contractorId} and r.organisation_id = ${organisationId} and r.status <> 'COMPLETED'
        order by r.last_access_time desc, r.id, rs.position, rq.position
        limit ${limit}`,
    );
  },

  /** The contractor's observations of the organisation still Submitted (not decided), newest first; at most `limit`. */
  async openObservations(db: DbOrTx, organisationId: string, contractorId: string, limit: number): Promise<ObservationRow[]> {
    return rowsOf<ObservationRow>(
      db,
      sql`select o.id, o.srno, o.category, (extract(epoch from o.reported_at) * 1000)::bigint as reported_ms, o.description,
          count(*) over () as total
        from observations o
        where o.contractor_id = ${contractorId} and o.organisation_id = ${organisationId} and o.status = ${ObservationStatus.SUBMITTED}
        order by o.reported_at desc, o.id desc
        limit ${limit}`,
    );
  },

  /** True when the id is a contractor company of the organisation (deleted or not). */
  async isContractorOf(db: DbOrTx, organisationId: string, contractorId: string): Promise<boolean> {
    const rows = await rowsOf<{ one: number }>(
      db,
      sql`select 1 as one from users u join user_organisations uo on uo.user_id = u.id and uo.organisation_id = ${organisationId}
        where u.id = ${contractorId} and u.type = ${UserType.CONTRACTOR} limit 1`,
    );
    return rows.length > 0;
  },
};

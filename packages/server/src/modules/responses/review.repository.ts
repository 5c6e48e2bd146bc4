import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SortCode } from '@palisade/domain/constants';
import type { ResponseStatus } from '@palisade/domain/statuses';
import type { Db, DbOrTx } from '../../db/client';
import { assessmentRounds, assessments, contractorScores, responses, responseSections } from '../../db/schema';
import { containsPattern } from '../../db/like';
import { responseJson, responsesRepository, type ResponseRecord } from './responses.repository';

/** Which responses a list reads: some organisations, optionally one status, contractor, assessment. */
export interface ResponseListFilter {
  organisationIds: readonly string[];
  status?: ResponseStatus | undefined;
  contractorId?: string | undefined;
  assessmentId?: string | undefined;
  /** Part of the assessment's or the contractor company's name, any case (issue 19). */
  search?: string | undefined;
  /** An auditor whose assigned responses come first (its dashboard; issue 19). */
  assignedFirstFor?: string | undefined;
  /** The label of a round of the recurring assessments (issue 58). */
  round?: string | undefined;
}


/** The E-S-G-O sums: scored and total per factor. */
export interface EsgoSums {
  envScored: number;
  envTotal: number;
  socScored: number;
  socTotal: number;
  govScored: number;
  govTotal: number;
  othScored: number;
  othTotal: number;
}

/** A section as the status change and the export check it: its name, marks and score, in order. */
export interface SectionScoreRow {
  id: string;
  categoryName: string;
  totalMarks: number;
  scoredMarks: number | null;
}

/**
 * The condition of a list on the responses table. One organisation is an equality (the planner
 * then walks responses_org_access_idx, or responses_org_status_access_idx with a status, in
 * lastAccessTime order and stops at the page); several are an IN list.
 */
function listWhere(f: ResponseListFilter): SQL | undefined {
  const [only] = f.organisationIds;
  return and(
    f.organisationIds.length === 1 && only !== undefined
      ? eq(responses.organisationId, only)
      : inArray(responses.organisationId, [...f.organisationIds]),
    f.status === undefined ? undefined : eq(responses.status, f.status),
    f.contractorId === undefined ? undefined : eq(responses.contractorId, f.contractorId),
    f.assessmentId === undefined ? undefined : eq(responses.assessmentId, f.assessmentId),
    f.search === undefined
      ? undefined
      : sql`(${responses.contractorName} ilike ${containsPattern(f.search)} or exists (
          select 1 from ${assessments} sa where sa.id = ${responses.assessmentId} and sa.name ilike ${containsPattern(f.search)}))`,
    f.round === undefined
      ? undefined
      : sql`exists (select 1 from ${assessmentRounds} ar where ar.assessment_id = ${responses.assessmentId}
          and ar.round_number = ${responses.roundNumber} and ar.label = ${f.round})`,
  );
}

/**
 * lastAccessTime, newest first (NTO) or oldest first (OTN); the id breaks ties so pages never
 * overlap. An auditor's dashboard puts the responses assigned to it first.
 */
function listOrder(sort: SortCode, assignedFirstFor?: string) {
  const byTime =
    sort === 'NTO'
      ? [desc(responses.lastAccessTime), desc(responses.id)]
      : [asc(responses.lastAccessTime), asc(responses.id)];
  if (assignedFirstFor === undefined) return byTime;
  return [sql`(case when ${responses.assignedAuditorId} = ${assignedFirstFor} then 0 else 1 end)`, ...byTime];
}

/**
 * The reads of the auditor's review and the organisation's views, besides responsesRepository's:
 * paged lists, organisation-wide score aggregates over the kept columns, and section scores.
 */
export const reviewRepository = {
  /**
   * The version of some organisations' responses, as a prepared statement: the latest
   * lastAccessTime of each (one backward step of responses_org_access_idx per organisation).
   * Every write to a response (create, judgement, score, status, due date) sets its
   * lastAccessTime to the time of the write, so a change anywhere in an organisation moves it; a
   * save of answers moves it when it is over a minute old (section-save.repository
   * LAST_ACCESS_STEP_MS), so the saves within that minute show in these lists within their 5 s
   * (review-reads.service REVIEW_CACHE_TTL_MS).
   * Ids are passed comma-joined (ids never hold commas), one parameter whatever their number.
   */
  prepareOrganisationsVersion(db: Db) {
    const query = db
      .select({
        version: sql<string>`(select coalesce(string_agg(coalesce((extract(epoch from m.at) * 1000000)::bigint::text, '-'), ',' order by o.id), '')
          from unnest(string_to_array(${sql.placeholder('ids')}::text, ',')) as o(id)
          cross join lateral (select max(r.last_access_time) as at from ${responses} r where r.organisation_id = o.id) m)`,
      })
      .from(sql`(select 1) as one`)
      .prepare('review_organisations_version');
    // One organisation (nearly every call): the plain max, cheaper to run.
    const one = db
      .select({ version: sql<string>`coalesce((extract(epoch from max(${responses.lastAccessTime})) * 1000000)::bigint::text, '-')` })
      .from(responses)
      .where(eq(responses.organisationId, sql.placeholder('id')))
      .prepare('review_organisation_version');
    return async (organisationIds: readonly string[]): Promise<string> => {
      const [only] = organisationIds;
      const rows =
        organisationIds.length === 1 && only !== undefined
          ? await one.execute({ id: only })
          : await query.execute({ ids: [...organisationIds].sort().join(',') });
      return rows[0]?.version ?? '';
    };
  },

  /**
   * A page of responses and the number matching, in one statement (one round trip): the page's
   * rows are picked through the index first (ORDER BY … LIMIT … OFFSET in a sub-select, which the
   * planner cannot flatten), then only those rows are joined to their assessment and built into
   * one JSON array (sections when asked); the count is a scalar sub-select over the same
   * condition.
   */
  async page(
    db: DbOrTx,
    filter: ResponseListFilter,
    opts: { sort: SortCode; limit: number; offset: number; withSections: boolean },
  ): Promise<{ records: ResponseRecord[]; total: number }> {
    const where = listWhere(filter) ?? sql`true`;
    const orderBy = sql.join(listOrder(opts.sort, filter.assignedFirstFor), sql`, `);
    // The sub-select is named like the table, so responseJson's columns (and the row version it
    // reads from xmin) come from the page's rows.
    const pageRows = sql`(select ${responses}.*, ${responses}.xmin from ${responses} where ${where} order by ${orderBy} limit ${opts.limit} offset ${opts.offset}) as ${responses}`;
    const read = () =>
      db
        .select({
          records: sql<ResponseRecord[]>`coalesce(json_agg(${responseJson(opts.withSections, false)} order by ${orderBy}), '[]'::json)`,
          total: sql<number>`(select count(*)::int from ${responses} where ${where})`,
        })
        .from(pageRows)
        .innerJoin(assessments, eq(assessments.id, responses.assessmentId));
    const rows = await read();
    const records = rows[0]?.records ?? [];
    if (!opts.withSections) return { records, total: rows[0]?.total ?? 0 };
    return { records: await responsesRepository.materialised(db, records, async () => (await read())[0]?.records ?? []), total: rows[0]?.total ?? 0 };
  },

  /**
   * Each contractor's sums aggregated from the responses themselves (what contractor_scores must
   * equal): the tests' check, and the rebuild below.
   */
  async contractorTotalsRecomputed(db: DbOrTx, organisationId: string): Promise<{ contractorId: string; completed: number; scored: number; total: number }[]> {
    return db
      .select({
        contractorId: responses.contractorId,
        completed: sql<number>`count(*)::int`,
        scored: sql<number>`sum(${responses.scoredMarks})::int`,
        total: sql<number>`sum(${responses.totalMarks})::int`,
      })
      .from(responses)
      .where(and(eq(responses.organisationId, organisationId), eq(responses.status, 'COMPLETED')))
      .groupBy(responses.contractorId)
      .orderBy(responses.contractorId);
  },

  /**
   * Recounts contractor_scores of these organisations from their responses: after a bulk load that
   * skipped the triggers (the bench's generator).
   */
  async rebuildContractorScores(db: DbOrTx, organisationIds: readonly string[]): Promise<void> {
    if (organisationIds.length === 0) return;
    await db.delete(contractorScores).where(inArray(contractorScores.organisationId, [...organisationIds]));
    await db.execute(sql`
      insert into ${contractorScores} (organisation_id, contractor_id, completed, scored, total)
      select organisation_id, contractor_id, count(*), sum(scored_marks), sum(total_marks)
      from ${responses} where ${and(inArray(responses.organisationId, [...organisationIds]), eq(responses.status, 'COMPLETED'))}
      group by 1, 2`);
  },

  /**
   * E-S-G-O sums over the sections of the organisation's COMPLETED responses (optionally one
   * contractor's): one aggregate over the kept section columns.
   */
  async esgoSumsOfOrganisation(db: DbOrTx, organisationId: string, contractorId?: string): Promise<EsgoSums> {
    const sum = (factor: SQL, column: SQL) => sql<number>`coalesce(sum(${column}) filter (where ${factor}), 0)::int`;
    const scored = sql`coalesce(${responseSections.scoredMarks}, 0)`;
    const total = sql`${responseSections.totalMarks}`;
    const rows = await db
      .select({
        envScored: sum(sql`${responseSections.factorEnvironment}`, scored),
        envTotal: sum(sql`${responseSections.factorEnvironment}`, total),
        socScored: sum(sql`${responseSections.factorSocial}`, scored),
        socTotal: sum(sql`${responseSections.factorSocial}`, total),
        govScored: sum(sql`${responseSections.factorGovernance}`, scored),
        govTotal: sum(sql`${responseSections.factorGovernance}`, total),
        othScored: sum(sql`${responseSections.factorOthers}`, scored),
        othTotal: sum(sql`${responseSections.factorOthers}`, total),
      })
      .from(responseSections)
      .innerJoin(responses, eq(responses.id, responseSections.responseId))
      .where(
        and(
          eq(responses.organisationId, organisationId),
          eq(responses.status, 'COMPLETED'),
          contractorId === undefined ? undefined : eq(responses.contractorId, contractorId),
        ),
      );
    return rows[0] ?? { envScored: 0, envTotal: 0, socScored: 0, socTotal: 0, govScored: 0, govTotal: 0, othScored: 0, othTotal: 0 };
  },

  /** Sets (or, with null, removes) the auditor assigned to a response (issue 19). */
  async setAssignedAuditor(db: DbOrTx, responseId: string, auditorId: string | null, at: Date): Promise<void> {
    // lastAccessTime moves too: the organisation's cached lists go by it (review.service.ts).
    await db.update(responses).set({ assignedAuditorId: auditorId, lastAccessTime: at, updatedAt: at }).where(eq(responses.id, responseId));
  },

  /** The sections of a response with their marks and scores, in order. */
  async sectionScores(db: DbOrTx, responseId: string): Promise<SectionScoreRow[]> {
    return db
      .select({
        id: responseSections.id,
        categoryName: responseSections.categoryName,
        totalMarks: responseSections.totalMarks,
        scoredMarks: responseSections.scoredMarks,
      })
      .from(responseSections)
      .where(eq(responseSections.responseId, responseId))
      .orderBy(asc(responseSections.position));
  },
};

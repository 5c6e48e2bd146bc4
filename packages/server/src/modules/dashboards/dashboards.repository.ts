import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { ResponseStatus } from '@palisade/domain/statuses';
import type { DbOrTx } from '../../db/client';
import { assessments, responses, users } from '../../db/schema';

/** One row of the performance data (getCapPerformanceData). */
export interface PerformanceSqlRow {
  contractorId: string;
  contractorName: string;
  location: string | null;
  scored: number;
  total: number;
}

/** A response waiting for the auditors, with its effective due date. */
export interface PendingRow {
  id: string;
  assessmentName: string;
  contractorName: string;
  status: ResponseStatus;
  dueDate: string;
  lastAccessTime: Date;
}

/** The effective due date (response.rules effectiveDueDate): a later extension, else the assessment's. */
const effectiveDue = sql<string>`(case when ${responses.isDueDateExtended} and ${responses.newDueDate} >= ${assessments.dueDate} then ${responses.newDueDate} else ${assessments.dueDate} end)`;

/**
 * The dashboards' reads (company-and-auditor §2.2, §2.3): SQL aggregates over the kept count and
 * score columns of responses, never a load of the rows into JS.
 */
export const dashboardsRepository = {
  /**
   * Scored and total per contractor and location over the organisation's COMPLETED responses
   * completed in [from, until): one pass over responses_org_completed_idx, then one join per
   * contractor for its name and location.
   */
  async performance(
    db: DbOrTx,
    where: { organisationId: string; from: Date; until: Date; location?: string | undefined; contractorId?: string | undefined; round?: string | undefined },
  ): Promise<PerformanceSqlRow[]> {
    const sums = db
      .select({
        contractorId: sql<string>`${responses.contractorId}`.as('perf_contractor_id'),
        scored: sql<number>`sum(${responses.scoredMarks})::int`.as('perf_scored'),
        total: sql<number>`sum(${responses.totalMarks})::int`.as('perf_total'),
      })
      .from(responses)
      .where(
        and(
          eq(responses.organisationId, where.organisationId),
          eq(responses.status, 'COMPLETED'),
          gte(responses.completedAt, where.from),
          lt(responses.completedAt, where.until),
          where.contractorId === undefined ? undefined : eq(responses.contractorId, where.contractorId),
          // A round of the recurring assessments (issue 58).
          where.round === undefined
            ? undefined
            : sql`exists (select 1 from assessment_rounds ar where ar.assessment_id = ${responses.assessmentId}
                and ar.round_number = ${responses.roundNumber} and ar.label = ${where.round})`,
        ),
      )
      .groupBy(responses.contractorId)
      .as('perf');
    return db
      .select({
        contractorId: sums.contractorId,
        contractorName: users.name,
        location: users.location,
        scored: sums.scored,
        total: sums.total,
      })
      .from(sums)
      .innerJoin(users, eq(users.id, sums.contractorId))
      .where(where.location === undefined ? undefined : eq(users.location, where.location))
      .orderBy(users.name, users.id);
  },

  /**
   * The organisation's SUBMITTED responses (waiting for the auditors), by effective due date, so
   * the overdue ones come first; and how many there are.
   */
  async pending(db: DbOrTx, organisationId: string, limit: number): Promise<{ rows: PendingRow[]; total: number }> {
    const inOrg = and(eq(responses.organisationId, organisationId), eq(responses.status, 'SUBMITTED'));
    const [rows, totals] = await Promise.all([
      db
        .select({
          id: responses.id,
          assessmentName: assessments.name,
          contractorName: responses.contractorName,
          status: responses.status,
          dueDate: effectiveDue,
          lastAccessTime: responses.lastAccessTime,
        })
        .from(responses)
        .innerJoin(assessments, eq(assessments.id, responses.assessmentId))
        .where(inOrg)
        .orderBy(effectiveDue, sql`${responses.lastAccessTime} desc`, responses.id)
        .limit(limit),
      db.select({ n: count() }).from(responses).where(inOrg),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  },

  /** Responses per status, and the assessments nobody has started (status NEW). */
  async statusCounts(db: DbOrTx, organisationId: string): Promise<{ byStatus: { status: ResponseStatus; n: number }[]; notStarted: number }> {
    const [byStatus, notStarted] = await Promise.all([
      db
        .select({ status: responses.status, n: count() })
        .from(responses)
        .where(eq(responses.organisationId, organisationId))
        .groupBy(responses.status),
      db
        .select({ n: count() })
        .from(assessments)
        .where(and(eq(assessments.organisationId, organisationId), eq(assessments.status, 'NEW'))),
    ]);
    return { byStatus, notStarted: notStarted[0]?.n ?? 0 };
  },
};

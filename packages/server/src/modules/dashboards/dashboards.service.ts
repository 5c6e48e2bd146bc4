import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import type { AssessmentStatusCounts, PendingTasksReply, PerformanceRow } from '@palisade/domain/dashboards/dashboard.schema';
import { dayStartIn } from '@palisade/domain/organisations/time-zone';
import { addDays } from '@palisade/domain/recurrence/recurrence.rules';
import { scoreBand } from '@palisade/domain/scores/score.rules';
import { ResponseStatus } from '@palisade/domain/statuses';
import { UserType } from '@palisade/domain/user-types';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { organisationDay, zoneOf } from '../organisations/time-zone.service';
import type { AuthContext } from '../../plugins/auth-context';
import { mayList } from '../../lib/reading-scope';
import type { createReviewService } from '../responses/review.service';
import { dashboardsRepository } from './dashboards.repository';
import { anonymousEntry, namedEntry, rankedOf, type RankingService } from './ranking.service';

const r = messages.review;

export interface DashboardsDeps {
  db: Db;
  /** The organisation-wide score reads and their cache (responses/review.service.ts). */
  review: ReturnType<typeof createReviewService>;
  /** The kept rankings (ranking.service.ts): the leaderboard and Engagement read them. */
  rankings: RankingService;
  /** Today, when a caller does not say (lib/clock.ts). */
  clock: Clock;
}

/** A reply's data as JSON text; shared: the same text for every caller of the organisation (a kept one). */
export interface ReplyText {
  json: string;
  shared: boolean;
}

/**
 * The dashboards, Engagement pages and leaderboard (company-and-auditor §2.2, §2.3; DECISIONS.md
 * Scores and Navigation). Everything is scoped to one organisation the caller belongs to or serves
 * (404 naming the field otherwise); a contractor sees its own figures and the others anonymised.
 */
export function createDashboardsService(deps: DashboardsDeps) {
  const { db, review, rankings, clock } = deps;

  /** The organisation asked for (or the working one): one the caller's lists read (an auditor: its working one); else 404. */
  function organisationOf(ctx: AuthContext, companyId: string | undefined, field: string): string {
    const id = companyId ?? ctx.organisationId;
    if (id === null || !mayList(ctx, id)) throw new AppError('NOT_FOUND', r.organisationNotFound, { field });
    return id;
  }

  const isContractor = (ctx: AuthContext) => ctx.user.type === UserType.CONTRACTOR;

  return {
    /**
     * getCapPerformanceData: scored and total per contractor and location over the COMPLETED
     * responses completed from `from` to `to` (the organisation's days, both included); a contractor gets its own.
     */
    async performance(ctx: AuthContext, input: { from: string; to: string; companyId?: string | undefined; location?: string | undefined; round?: string | undefined }): Promise<string> {
      const organisationId = organisationOf(ctx, input.companyId, 'companyId');
      const contractorId = isContractor(ctx) ? ctx.user.id : undefined;
      const key = `dash-perf|${organisationId}|${input.from}|${input.to}|${input.location ?? ''}|${contractorId ?? ''}|${input.round ?? ''}`;
      return review.cachedOrganisationJson(key, [organisationId], async (): Promise<PerformanceRow[]> => {
        // The days are the organisation's (issue 60): from its midnight of `from` to the one after `to`.
        const zone = await zoneOf(db, organisationId);
        return dashboardsRepository.performance(db, {
          organisationId,
          from: dayStartIn(input.from, zone),
          until: dayStartIn(addDays(input.to, 1), zone),
          location: input.location,
          contractorId,
          round: input.round,
        });
      });
    },

    /**
     * GET /admin/leaderboard?cmp_id= (LeaderboardReply as JSON text): {result: [{name, points}]}, points the overall percent, best
     * first and ties by name. A contractor's own row is named; the others are "Contractor #rank".
     * With `paging`, one page of it (LeaderboardPage): its rows, the number ranked and the caller's own entry.
     */
    async leaderboard(ctx: AuthContext, companyId: string, paging: { page: number; pageSize: number } | null): Promise<ReplyText> {
      const organisationId = organisationOf(ctx, companyId, 'cmp_id');
      const contractorId = isContractor(ctx) ? ctx.user.id : null;
      if (paging) {
        // The page's rows and the caller's own, read from the kept ranking by their positions.
        const from = (paging.page - 1) * paging.pageSize;
        const kept = await rankings.page(organisationId, from, from + paging.pageSize, contractorId);
        const own = kept.own && rankedOf(kept.own);
        const mine = own ? namedEntry(own, true) : 'null';
        const page = kept.rows.flatMap((row) => {
          const x = rankedOf(row);
          if (!x) return [];
          if (contractorId === null) return [namedEntry(x)];
          return [x.contractorId === contractorId ? mine : anonymousEntry(x)];
        });
        return {
          json: `{"result":[${page.join(',')}],"total":${kept.ranked},"page":${paging.page},"pageSize":${paging.pageSize},"own":${mine}}`,
          shared: false,
        };
      }
      const b = await rankings.board(organisationId);
      if (contractorId === null) return { json: b.leaderboardJson, shared: true };
      const own = b.index.get(contractorId);
      const x = own === undefined ? undefined : b.ranked[own];
      const shown = [...b.anonymous];
      if (own !== undefined && x) shown[own] = namedEntry(x, true);
      return { json: `{"result":[${shown.join(',')}]}`, shared: false };
    },

    /**
     * getEngagement (EngagementReply as JSON text): the Red, Orange and Green counts of the contractors by overall score, and the
     * Details rows (best first). A contractor gets its own row and band only.
     */
    async engagement(ctx: AuthContext, companyId: string): Promise<ReplyText> {
      const organisationId = organisationOf(ctx, companyId, 'companyId');
      const b = await rankings.board(organisationId);
      if (!isContractor(ctx)) return { json: b.engagementJson, shared: true };
      const own = b.index.get(ctx.user.id);
      const x = own === undefined ? undefined : b.ranked[own];
      const counts = { GREEN: 0, ORANGE: 0, RED: 0 };
      if (own === undefined || !x) return { json: `{"counts":${JSON.stringify(counts)},"details":[]}`, shared: false };
      counts[scoreBand(x.percent)] = 1;
      return { json: `{"counts":${JSON.stringify(counts)},"details":[${b.details[own] ?? ''}]}`, shared: false };
    },

    /**
     * getPendingTasks (PendingTasksReply as JSON text): the SUBMITTED responses waiting for the
     * auditors, overdue (due before today: the clock's day in the organisation's time zone, issue
     * 60, unless given) first.
     */
    async pendingTasks(ctx: AuthContext, input: { companyId: string; limit: number }, given?: string): Promise<string> {
      const organisationId = organisationOf(ctx, input.companyId, 'companyId');
      // The organisation's day is read when the reply is built, not per request: a kept reply lives
      // one REVIEW_CACHE_TTL_MS period at most, so a new day shows within it.
      return review.cachedOrganisationJson(`dash-pending|${organisationId}|${input.limit}|${given ?? ''}`, [organisationId], async (): Promise<PendingTasksReply> => {
        const today = given ?? (await organisationDay(db, organisationId, clock.now()));
        const { rows, total } = await dashboardsRepository.pending(db, organisationId, input.limit);
        return {
        total,
        items: rows.map((x) => ({
          _id: x.id,
          assessmentName: x.assessmentName,
          contractorName: x.contractorName,
          status: x.status,
          dueDate: x.dueDate,
          // Waiting for the review past the due date: the review is late.
          overdue: x.dueDate < today,
          lastAccessTime: x.lastAccessTime.toISOString(),
        })),
        };
      });
    },

    /** getAssessmentStatusCounts (as JSON text): responses per status and the assessments nobody started (NEW). */
    async statusCounts(ctx: AuthContext, companyId: string): Promise<string> {
      const organisationId = organisationOf(ctx, companyId, 'companyId');
      // Under the responses' version rule: a new assessment (NEW) shows within the cache's 5 s.
      return review.cachedOrganisationJson(`dash-status|${organisationId}`, [organisationId], async (): Promise<AssessmentStatusCounts> => {
        const { byStatus, notStarted } = await dashboardsRepository.statusCounts(db, organisationId);
        const counts: AssessmentStatusCounts = { NEW: notStarted, PENDING: 0, SUBMITTED: 0, REASSESSMENT: 0, COMPLETED: 0 };
        for (const row of byStatus) {
          if (row.status in ResponseStatus) counts[row.status] = row.n;
        }
        return counts;
      });
    },
  };
}
export type DashboardsService = ReturnType<typeof createDashboardsService>;

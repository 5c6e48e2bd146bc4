import { isoDay } from '@palisade/domain/assessments/assessment.schema';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import type {
  AssessmentStatusCounts,
  EngagementRow,
  LeaderboardEntry,
  PendingTasksReply,
  PerformanceRow,
} from '@palisade/domain/dashboards/dashboard.schema';
import type { ContractorTotalScore } from '@palisade/domain/responses/review.schema';
import { scoreBand } from '@palisade/domain/scores/score.rules';
import { ResponseStatus } from '@palisade/domain/statuses';
import { UserType } from '@palisade/domain/user-types';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import { mayList } from '../../lib/reading-scope';
import type { createReviewService } from '../responses/review.service';
import { dashboardsRepository } from './dashboards.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const r = messages.review;

export interface DashboardsDeps {
  db: Db;
  /** The organisation-wide score reads and their cache (responses/review.service.ts). */
  review: ReturnType<typeof createReviewService>;
  /** Today, when a caller does not say (lib/clock.ts). */
  clock: Clock;
}

/** Organisations whose ranking is kept as JSON pieces. */
const BOARDS_MAX = 200;

/** A contractor with a score, in leaderboard order (best percent, then name). */
interface Ranked {
  contractorId: string;
  name: string;
  scored: number;
  total: number;
  percent: number;
  rank: number;
}

/** A reply's data as JSON text; shared: the same text for every caller of the organisation (a kept one). */
export interface ReplyText {
  json: string;
  shared: boolean;
}

/** An organisation's ranking, ready to be served: the rows as JSON text. */
interface Board {
  /** The getTotalScoresOfContrsInCompany text it was built from. */
  source: string;
  ranked: Ranked[];
  /** Position in `ranked` by contractor id. */
  index: Map<string, number>;
  /** Details rows (EngagementRow) as JSON, in rank order. */
  details: string[];
  /** Leaderboard rows as the organisation sees them, in rank order. */
  named: string[];
  /** Leaderboard rows as a contractor sees the others ("Contractor #rank"). */
  anonymous: string[];
  leaderboardJson: string;
  engagementJson: string;
}

/**
 * The dashboards, Engagement pages and leaderboard (company-and-auditor §2.2, §2.3; DECISIONS.md
 * Scores and Navigation). Everything is scoped to one organisation the caller belongs to or serves
 * (404 naming the field otherwise); a contractor sees its own figures and the others anonymised.
 */
export function createDashboardsService(deps: DashboardsDeps) {
  const { db, review, clock } = deps;

  /** The organisation asked for (or the working one): one the caller's lists read (an auditor: its working one); else 404. */
  function organisationOf(ctx: AuthContext, companyId: string | undefined, field: string): string {
    const id = companyId ?? ctx.organisationId;
    if (id === null || !mayList(ctx, id)) throw new AppError('NOT_FOUND', r.organisationNotFound, { field });
    return id;
  }

  /**
   * The ranking of an organisation as JSON pieces, rebuilt only when the cached
   * getTotalScoresOfContrsInCompany text changes: a read then joins strings instead of parsing and
   * serialising a thousand rows. One entry per organisation, the oldest dropped past BOARDS_MAX.
   */
  const boards = new Map<string, Board>();

  function buildBoard(source: string): Board {
    const totals = JSON.parse(source) as ContractorTotalScore[];
    const ranked: Ranked[] = [];
    for (const t of totals) {
      if (t.percent === null) continue;
      ranked.push({ contractorId: t._id.contractorId, name: t._id.contractorName, scored: t.scored, total: t.total, percent: t.percent, rank: ranked.length + 1 });
    }
    const named = ranked.map((x) => JSON.stringify({ _id: x.contractorId, rank: x.rank, name: x.name, points: x.percent, own: false } satisfies LeaderboardEntry));
    const anonymous = ranked.map((x) =>
      JSON.stringify({ _id: null, rank: x.rank, name: messages.dashboards.anonymous(x.rank), points: x.percent, own: false } satisfies LeaderboardEntry),
    );
    const counts = { GREEN: 0, ORANGE: 0, RED: 0 };
    const details = ranked.map((x) => {
      const band = scoreBand(x.percent);
      counts[band] += 1;
      return JSON.stringify({ _id: x.contractorId, rank: x.rank, name: x.name, scored: x.scored, total: x.total, percent: x.percent, band } satisfies EngagementRow);
    });
    return {
      source,
      ranked,
      index: new Map(ranked.map((x, i) => [x.contractorId, i])),
      details,
      named,
      anonymous,
      leaderboardJson: `{"result":[${named.join(',')}]}`,
      engagementJson: `{"counts":${JSON.stringify(counts)},"details":[${details.join(',')}]}`,
    };
  }

  async function board(ctx: AuthContext, organisationId: string): Promise<Board> {
    const source = await review.contractorTotalsJson(ctx, organisationId);
    const hit = boards.get(organisationId);
    if (hit && hit.source === source) return hit;
    const built = buildBoard(source);
    boards.delete(organisationId);
    boards.set(organisationId, built);
    if (boards.size > BOARDS_MAX) {
      const oldest = boards.keys().next().value;
      if (oldest !== undefined) boards.delete(oldest);
    }
    return built;
  }

  const isContractor = (ctx: AuthContext) => ctx.user.type === UserType.CONTRACTOR;

  return {
    /**
     * getCapPerformanceData: scored and total per contractor and location over the COMPLETED
     * responses completed from `from` to `to` (UTC days, both included); a contractor gets its own.
     */
    async performance(ctx: AuthContext, input: { from: string; to: string; companyId?: string | undefined; location?: string | undefined }): Promise<string> {
      const organisationId = organisationOf(ctx, input.companyId, 'companyId');
      const contractorId = isContractor(ctx) ? ctx.user.id : undefined;
      const key = `dash-perf|${organisationId}|${input.from}|${input.to}|${input.location ?? ''}|${contractorId ?? ''}`;
      return review.cachedOrganisationJson(key, [organisationId], async (): Promise<PerformanceRow[]> =>
        dashboardsRepository.performance(db, {
          organisationId,
          from: new Date(`${input.from}T00:00:00Z`),
          until: new Date(Date.parse(`${input.to}T00:00:00Z`) + DAY_MS),
          location: input.location,
          contractorId,
        }),
      );
    },

    /**
     * GET /admin/leaderboard?cmp_id= (LeaderboardReply as JSON text): {result: [{name, points}]}, points the overall percent, best
     * first and ties by name. A contractor's own row is named; the others are "Contractor #rank".
     * With `paging`, one page of it (LeaderboardPage): its rows, the number ranked and the caller's own entry.
     */
    async leaderboard(ctx: AuthContext, companyId: string, paging: { page: number; pageSize: number } | null): Promise<ReplyText> {
      const organisationId = organisationOf(ctx, companyId, 'cmp_id');
      const b = await board(ctx, organisationId);
      const own = isContractor(ctx) ? b.index.get(ctx.user.id) : undefined;
      const x = own === undefined ? undefined : b.ranked[own];
      const mine = x ? JSON.stringify({ _id: x.contractorId, rank: x.rank, name: x.name, points: x.percent, own: true } satisfies LeaderboardEntry) : 'null';
      /** Rows from..until as the caller sees them: the organisation's named, a contractor's anonymous but its own. */
      const rows = (from: number, until: number): string[] => {
        if (!isContractor(ctx)) return b.named.slice(from, until);
        const shown = b.anonymous.slice(from, until);
        if (own !== undefined && own >= from && own < until) shown[own - from] = mine;
        return shown;
      };
      if (!paging) {
        if (!isContractor(ctx)) return { json: b.leaderboardJson, shared: true };
        return { json: `{"result":[${rows(0, b.ranked.length).join(',')}]}`, shared: false };
      }
      const from = (paging.page - 1) * paging.pageSize;
      const page = rows(from, from + paging.pageSize).join(',');
      return {
        json: `{"result":[${page}],"total":${b.ranked.length},"page":${paging.page},"pageSize":${paging.pageSize},"own":${mine}}`,
        shared: false,
      };
    },

    /**
     * getEngagement (EngagementReply as JSON text): the Red, Orange and Green counts of the contractors by overall score, and the
     * Details rows (best first). A contractor gets its own row and band only.
     */
    async engagement(ctx: AuthContext, companyId: string): Promise<ReplyText> {
      const organisationId = organisationOf(ctx, companyId, 'companyId');
      const b = await board(ctx, organisationId);
      if (!isContractor(ctx)) return { json: b.engagementJson, shared: true };
      const own = b.index.get(ctx.user.id);
      const x = own === undefined ? undefined : b.ranked[own];
      const counts = { GREEN: 0, ORANGE: 0, RED: 0 };
      if (own === undefined || !x) return { json: `{"counts":${JSON.stringify(counts)},"details":[]}`, shared: false };
      counts[scoreBand(x.percent)] = 1;
      return { json: `{"counts":${JSON.stringify(counts)},"details":[${b.details[own] ?? ''}]}`, shared: false };
    },

    /** getPendingTasks (PendingTasksReply as JSON text): the SUBMITTED responses waiting for the auditors, overdue (due before today, the clock's UTC day unless given) first. */
    async pendingTasks(ctx: AuthContext, input: { companyId: string; limit: number }, today: string = isoDay(clock.now())): Promise<string> {
      const organisationId = organisationOf(ctx, input.companyId, 'companyId');
      return review.cachedOrganisationJson(`dash-pending|${organisationId}|${input.limit}|${today}`, [organisationId], async (): Promise<PendingTasksReply> => {
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

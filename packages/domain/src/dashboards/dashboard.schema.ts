import { z } from 'zod';
import { isCalendarDay } from '../assessments/assessment.schema';
import { DASHBOARD_LIST_ROWS, DEFAULT_PAGE_SIZE, LEADERBOARD_QUERY_PAGE_SIZES, PENDING_TASKS_MAX, PERFORMANCE_MAX_DAYS } from '../constants';
import { roundFilterField } from '../recurrence/recurrence.schema';
import { assessmentMessages } from '../messages/assessment';
import { pageNumberField, pageSizeField } from '../paging';
import { RESPONSE_STATUSES } from '../statuses';
import { idField } from '../users/users.schema';
import { dashboardMessages as m } from './dashboard.messages';

const DAY_MS = 24 * 60 * 60 * 1000;

function dayField(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(isCalendarDay, invalid);
}

/**
 * POST /assessment/responses/getCapPerformanceData {from, to, companyId?, location?}: scored and
 * total per contractor and location over the COMPLETED responses completed from `from` to `to`
 * (both days included). companyId defaults to the working organisation.
 */
export const capPerformanceSchema = z
  .object({
    from: dayField(m.fromRequired, m.fromInvalid),
    to: dayField(m.toRequired, m.toInvalid),
    companyId: idField('companyId').optional(),
    location: z.string({ error: m.locationInvalid }).trim().min(1, m.locationInvalid).max(100, m.locationInvalid).optional(),
    /** Only the responses of this round of the recurring assessments ("Q3 2027"; issue 58). */
    round: roundFilterField,
  })
  .superRefine((v, ctx) => {
    if (v.to < v.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: m.toBeforeFrom });
      return;
    }
    const days = (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / DAY_MS;
    if (days > PERFORMANCE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: m.rangeTooLong(PERFORMANCE_MAX_DAYS) });
  });
export type CapPerformanceInput = z.input<typeof capPerformanceSchema>;

/** One row of the performance data: a contractor at its location. */
export const performanceRowSchema = z.object({
  contractorId: z.string(),
  contractorName: z.string(),
  location: z.string().nullable(),
  scored: z.number().int(),
  total: z.number().int(),
});
export type PerformanceRow = z.infer<typeof performanceRowSchema>;

/** Reply of getCapPerformanceData: a row per contractor and location. */
export const performanceReplySchema = z.array(performanceRowSchema);

/**
 * GET /admin/leaderboard?cmp_id=[&page=&pageSize=]: reply data.result, every ranked contractor (the
 * spec's call). With page or pageSize (issue 21) the reply is one page of it, with the number
 * ranked and the caller's own entry (LeaderboardPage): page from 1, pageSize 5 (the homes' top 5)
 * or the Engagement table's 10, 20 or 30; pageSize 10 and page 1 when only the other is sent.
 */
export const leaderboardQuerySchema = z.object({
  cmp_id: idField('cmp_id'),
  // A query string's text, made a number before the paged lists' own fields check it.
  page: z.coerce.number({ error: assessmentMessages.pageInvalid }).pipe(pageNumberField).optional(),
  pageSize: z.coerce
    .number({ error: assessmentMessages.pageSizeOneOf(LEADERBOARD_QUERY_PAGE_SIZES) })
    .pipe(pageSizeField(LEADERBOARD_QUERY_PAGE_SIZES))
    .optional(),
});
export type LeaderboardQuery = z.input<typeof leaderboardQuerySchema>;

/** The page a query asks for, the other filled in (page 1, 10 a page); null when it asks for the whole leaderboard. */
export function leaderboardPageOf(query: z.output<typeof leaderboardQuerySchema>): { page: number; pageSize: number } | null {
  if (query.page === undefined && query.pageSize === undefined) return null;
  return { page: query.page ?? 1, pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE };
}

/**
 * A leaderboard entry: points are the overall percent; rank 1 is best, ties by name. A contractor
 * sees its own row named (own: true) and the others as "Contractor #rank" without ids.
 */
export const leaderboardEntrySchema = z.object({
  _id: z.string().nullable(),
  rank: z.number().int(),
  name: z.string(),
  points: z.number(),
  own: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export interface LeaderboardReply {
  result: LeaderboardEntry[];
}
/** A page of the leaderboard: its rows, the number of contractors ranked, and the caller's own entry (a contractor ranked; else null). */
export interface LeaderboardPage extends LeaderboardReply {
  total: number;
  page: number;
  pageSize: number;
  own: LeaderboardEntry | null;
}

/** Reply of the whole leaderboard (no page or pageSize): every ranked contractor. */
export const leaderboardReplySchema = z.object({ result: z.array(leaderboardEntrySchema) }) satisfies z.ZodType<LeaderboardReply>;

/** Reply of a page of the leaderboard (page or pageSize). */
export const leaderboardPageReplySchema = leaderboardReplySchema.extend({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  own: leaderboardEntrySchema.nullable(),
}) satisfies z.ZodType<LeaderboardPage>;

/** Reply of GET /admin/leaderboard: a page when asked for one (the page first: it holds every field of the whole). */
export const leaderboardQueryReplySchema = z.union([leaderboardPageReplySchema, leaderboardReplySchema]);

/** The dashboard calls of one organisation: {companyId}. */
export const dashboardCompanySchema = z.object({ companyId: idField('companyId') });
export type DashboardCompanyInput = z.input<typeof dashboardCompanySchema>;

/** POST /dashboard/getPendingTasks {companyId, limit?}. */
export const pendingTasksSchema = z.object({
  companyId: idField('companyId'),
  limit: z.number({ error: m.limitInvalid }).int(m.limitInvalid).min(1, m.limitInvalid).max(PENDING_TASKS_MAX, m.limitInvalid).default(DASHBOARD_LIST_ROWS),
});
export type PendingTasksInput = z.input<typeof pendingTasksSchema>;

export const pendingTaskSchema = z.object({
  _id: z.string(),
  assessmentName: z.string(),
  contractorName: z.string(),
  status: z.enum(RESPONSE_STATUSES),
  /** The effective due date (the extension when there is one). */
  dueDate: z.string(),
  overdue: z.boolean(),
  lastAccessTime: z.string(),
});
export type PendingTask = z.infer<typeof pendingTaskSchema>;
export interface PendingTasksReply {
  items: PendingTask[];
  total: number;
}

/** Reply of getPendingTasks: the first `limit` tasks and the count of all. */
export const pendingTasksReplySchema = z.object({
  items: z.array(pendingTaskSchema),
  total: z.number().int().nonnegative(),
}) satisfies z.ZodType<PendingTasksReply>;

/** POST /dashboard/getAssessmentStatusCounts: responses per status, and assessments nobody started (NEW). */
export interface AssessmentStatusCounts {
  NEW: number;
  PENDING: number;
  SUBMITTED: number;
  REASSESSMENT: number;
  COMPLETED: number;
}

/** Reply of getAssessmentStatusCounts. */
export const assessmentStatusCountsReplySchema = z.object({
  NEW: z.number().int().nonnegative(),
  PENDING: z.number().int().nonnegative(),
  SUBMITTED: z.number().int().nonnegative(),
  REASSESSMENT: z.number().int().nonnegative(),
  COMPLETED: z.number().int().nonnegative(),
}) satisfies z.ZodType<AssessmentStatusCounts>;

/** POST /dashboard/getEngagement {companyId}: band counts and the details rows (best first). */
export interface EngagementRow {
  _id: string;
  rank: number;
  name: string;
  scored: number;
  total: number;
  percent: number;
  band: 'GREEN' | 'ORANGE' | 'RED';
}
export interface EngagementReply {
  counts: { GREEN: number; ORANGE: number; RED: number };
  details: EngagementRow[];
}

/** Reply of getEngagement. */
export const engagementReplySchema = z.object({
  counts: z.object({ GREEN: z.number().int().nonnegative(), ORANGE: z.number().int().nonnegative(), RED: z.number().int().nonnegative() }),
  details: z.array(
    z.object({
      _id: z.string(),
      rank: z.number().int().positive(),
      name: z.string(),
      scored: z.number().int(),
      total: z.number().int(),
      percent: z.number(),
      band: z.enum(['GREEN', 'ORANGE', 'RED']),
    }) satisfies z.ZodType<EngagementRow>,
  ),
}) satisfies z.ZodType<EngagementReply>;

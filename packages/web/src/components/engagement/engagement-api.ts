import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import type { EngagementReply, LeaderboardPage, LeaderboardReply } from '@palisade/domain/dashboards/dashboard.schema';
import { apiCall } from '../../lib/api-client';
import { withSpecError } from '../../lib/spec-error';

const t = dashboardMessages;

/**
 * The reads that the homes and the Engagement pages share (features do not import each other):
 * the leaderboard and the band counts with their details rows.
 */
export const engagementKeys = {
  leaderboard: (companyId: string) => ['dashboards', 'leaderboard', companyId] as const,
  leaderboardPage: (companyId: string, page: number, pageSize: number) => ['dashboards', 'leaderboard', companyId, page, pageSize] as const,
  engagement: (companyId: string) => ['dashboards', 'engagement', companyId] as const,
};

/** GET /api/admin/leaderboard?cmp_id=: data.result, best first. */
export function getLeaderboard(companyId: string, signal?: AbortSignal): Promise<LeaderboardReply> {
  return withSpecError(
    apiCall<LeaderboardReply>(`/api/admin/leaderboard?cmp_id=${encodeURIComponent(companyId)}`, undefined, {
      method: 'GET',
      signal,
    }),
    t.engagementError,
  );
}

/** The whole leaderboard's query (the spec's call): the homes' View all. */
export function leaderboardQuery(companyId: string) {
  return queryOptions({
    queryKey: engagementKeys.leaderboard(companyId),
    queryFn: ({ signal }) => getLeaderboard(companyId, signal),
  });
}

/** The whole leaderboard (the homes' View all), asked for only while `enabled`. */
export function useLeaderboard(companyId: string | null, enabled = true) {
  return useQuery({ ...leaderboardQuery(companyId ?? ''), enabled: companyId !== null && enabled });
}

/** GET /api/admin/leaderboard?cmp_id=&page=&pageSize=: one page (page from 1), the number ranked and the caller's own entry. */
export function getLeaderboardPage(companyId: string, page: number, pageSize: number, signal?: AbortSignal): Promise<LeaderboardPage> {
  const query = new URLSearchParams({ cmp_id: companyId, page: String(page), pageSize: String(pageSize) });
  return withSpecError(apiCall<LeaderboardPage>(`/api/admin/leaderboard?${query.toString()}`, undefined, { method: 'GET', signal }), t.engagementError);
}

/** A page of the leaderboard's query: the homes' top 5 (and a first visit's prefetch of it), the Engagement table's pages. */
export function leaderboardPageQuery(companyId: string, page: number, pageSize: number) {
  return queryOptions({
    queryKey: engagementKeys.leaderboardPage(companyId, page, pageSize),
    queryFn: ({ signal }) => getLeaderboardPage(companyId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLeaderboardPage(companyId: string | null, page: number, pageSize: number) {
  return useQuery({ ...leaderboardPageQuery(companyId ?? '', page, pageSize), enabled: companyId !== null });
}

/** POST /api/dashboard/getEngagement {companyId}: Red, Orange and Green counts and the Details rows. */
export function getEngagement(companyId: string, signal?: AbortSignal): Promise<EngagementReply> {
  return withSpecError(
    apiCall<EngagementReply>('/api/dashboard/getEngagement', { companyId }, { signal }),
    t.engagementError,
  );
}

/** The band counts' query, for the homes' cards and for a first visit's prefetch (app/first-page-prefetch). */
export function engagementQuery(companyId: string) {
  return queryOptions({
    queryKey: engagementKeys.engagement(companyId),
    queryFn: ({ signal }) => getEngagement(companyId, signal),
  });
}

export function useEngagement(companyId: string | null) {
  return useQuery({ ...engagementQuery(companyId ?? ''), enabled: companyId !== null });
}

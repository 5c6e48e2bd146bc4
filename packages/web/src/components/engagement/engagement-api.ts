import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import type { EngagementReply, LeaderboardReply } from '@palisade/domain/dashboards/dashboard.schema';
import { apiCall } from '../../lib/api-client';
import { withSpecError } from '../../lib/spec-error';

const t = dashboardMessages;

/**
 * The reads that the homes and the Engagement pages share (features do not import each other):
 * the leaderboard and the band counts with their details rows.
 */
export const engagementKeys = {
  leaderboard: (companyId: string) => ['dashboards', 'leaderboard', companyId] as const,
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

/** The leaderboard's query, for its cards and for a first visit's prefetch (app/first-page-prefetch). */
export function leaderboardQuery(companyId: string) {
  return queryOptions({
    queryKey: engagementKeys.leaderboard(companyId),
    queryFn: ({ signal }) => getLeaderboard(companyId, signal),
  });
}

export function useLeaderboard(companyId: string | null) {
  return useQuery({ ...leaderboardQuery(companyId ?? ''), enabled: companyId !== null });
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

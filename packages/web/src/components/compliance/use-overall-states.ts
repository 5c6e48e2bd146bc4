import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OverallStatesReply } from '@palisade/domain/compliance/compliance.schema';
import { apiCall } from '../../lib/api-client';

/**
 * POST /api/compliance/getOverallStates: each listed contractor's overall compliance state, for
 * the lists that show it beside the name (users, leaderboard, assessment overview). A failure
 * leaves the chips out rather than opening the Error dialog over the list the user came for.
 */
export function useOverallStates(companyId: string | null, contractorIds: readonly string[]) {
  const ids = [...new Set(contractorIds)].sort();
  return useQuery({
    // Under the compliance key: every compliance write (features/compliance) reads it again.
    queryKey: ['compliance', 'overall', companyId ?? '', ids] as const,
    queryFn: ({ signal }) =>
      apiCall<OverallStatesReply>(
        '/api/compliance/getOverallStates',
        { companyId, contractorIds: ids },
        { signal },
      ),
    enabled: Boolean(companyId) && ids.length > 0,
    placeholderData: keepPreviousData,
    meta: { errorDialog: false },
    retry: false,
  });
}

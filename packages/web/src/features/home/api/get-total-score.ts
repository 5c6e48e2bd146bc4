import { useQuery } from '@tanstack/react-query';
import { loadErrorMessages } from '@palisade/domain/messages/load-errors';
import type { ScoreEntry } from '@palisade/domain/responses/response.schema';
import { apiCall } from '../../../lib/api-client';
import { dashboardKeys } from './keys';
import { withSpecError } from '../../../lib/spec-error';

/** POST /api/assessment/responses/getTotalScoreForContractor {contractorId}: [{scored, total}]. */
export function getTotalScore(contractorId: string, signal?: AbortSignal): Promise<ScoreEntry[]> {
  return withSpecError(
    apiCall<ScoreEntry[]>(
      '/api/assessment/responses/getTotalScoreForContractor',
      { contractorId },
      { signal },
    ),
    loadErrorMessages.errorFetchingScores,
  );
}

export function useTotalScore(contractorId: string) {
  return useQuery({
    queryKey: dashboardKeys.scores(contractorId),
    queryFn: ({ signal }) => getTotalScore(contractorId, signal),
  });
}

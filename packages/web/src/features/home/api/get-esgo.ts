import { useQuery } from '@tanstack/react-query';
import { loadErrorMessages } from '@palisade/domain/messages/load-errors';
import type { EsgoReply } from '@palisade/domain/responses/response.schema';
import { apiCall } from '../../../lib/api-client';
import { dashboardKeys } from './keys';
import { withSpecError } from '../../../lib/spec-error';

/** POST /api/assessment/responses/getESGOForContractor {contractorId}: the four factors. */
export function getEsgo(contractorId: string, signal?: AbortSignal): Promise<EsgoReply> {
  return withSpecError(
    apiCall<EsgoReply>(
      '/api/assessment/responses/getESGOForContractor',
      { contractorId },
      { signal },
    ),
    loadErrorMessages.failedEsgo,
  );
}

export function useEsgo(contractorId: string) {
  return useQuery({
    queryKey: dashboardKeys.esgo(contractorId),
    queryFn: ({ signal }) => getEsgo(contractorId, signal),
  });
}

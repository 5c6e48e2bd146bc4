import { useQuery } from '@tanstack/react-query';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { apiCall } from '../../../lib/api-client';
import { responseKeys } from './keys';
import { withSpecError } from '../../../lib/spec-error';

/** POST /api/assessment/responses/getResponsesByContractorId {contractorId}: no sections. */
export function getContractorResponses(
  contractorId: string,
  signal?: AbortSignal,
): Promise<ResponseReply[]> {
  return withSpecError(
    apiCall<ResponseReply[]>(
      '/api/assessment/responses/getResponsesByContractorId',
      { contractorId },
      { signal },
    ),
    messages.assessment.errorFetchingAssessments,
  );
}

export function useContractorResponses(contractorId: string) {
  return useQuery({
    queryKey: responseKeys.list(contractorId),
    queryFn: ({ signal }) => getContractorResponses(contractorId, signal),
  });
}

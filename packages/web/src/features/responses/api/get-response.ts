import { useQuery } from '@tanstack/react-query';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { apiCall } from '../../../lib/api-client';
import { responseKeys } from './keys';
import { withSpecError } from '../../../lib/spec-error';

/** POST /api/assessment/responses/getResponseById {responseId}: with sections and timeline. */
export function getResponse(responseId: string, signal?: AbortSignal): Promise<ResponseReply> {
  return withSpecError(
    apiCall<ResponseReply>('/api/assessment/responses/getResponseById', { responseId }, { signal }),
    assessmentMessages.errorFetchingAssessment,
  );
}

export function useResponse(responseId: string) {
  return useQuery({
    queryKey: responseKeys.one(responseId),
    queryFn: ({ signal }) => getResponse(responseId, signal),
  });
}

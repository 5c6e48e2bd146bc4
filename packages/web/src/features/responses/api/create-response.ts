import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import type {
  CreateResponseForContractorInput,
  ResponseReply,
} from '@palisade/domain/responses/response.schema';
import { apiCall } from '../../../lib/api-client';
import { invalidateResponseLists, setResponse } from './keys';
import { withSpecError } from '../../../lib/spec-error';

/**
 * POST /api/assessment/responses/createResponseForContractor {assessmentId, contractor}: Start
 * Assessment. Starting one already started returns the existing response.
 */
export function createResponse(input: CreateResponseForContractorInput): Promise<ResponseReply> {
  return withSpecError(
    apiCall<ResponseReply>('/api/assessment/responses/createResponseForContractor', input),
    assessmentMessages.errorCreatingResponse,
  );
}

export function useCreateResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createResponse,
    onSuccess: async (response) => {
      setResponse(queryClient, response);
      await invalidateResponseLists(queryClient);
    },
  });
}

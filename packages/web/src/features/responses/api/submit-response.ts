import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import type {
  ChangeResponseStatusInput,
  ResponseReply,
} from '@palisade/domain/responses/response.schema';
import { ResponseStatus } from '@palisade/domain/statuses';
import { apiCall } from '../../../lib/api-client';
import { invalidateResponseLists, setResponse } from './keys';
import { withSpecError } from '../../../lib/spec-error';

/** What Submit sends besides the fixed status (spec §7: changeResponseStatus). */
export type SubmitResponseInput = Omit<ChangeResponseStatusInput, 'status' | 'extendedDueDate'>;

/** POST /api/assessment/responses/changeResponseStatus {responseId, status: SUBMITTED, …} */
export function submitResponse(input: SubmitResponseInput): Promise<ResponseReply> {
  return withSpecError(
    apiCall<ResponseReply>('/api/assessment/responses/changeResponseStatus', {
      ...input,
      status: ResponseStatus.SUBMITTED,
    }),
    assessmentMessages.errorSubmittingResponse,
  );
}

export function useSubmitResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitResponse,
    meta: { successMessage: assessmentMessages.responseSubmitted },
    onSuccess: async (response) => {
      setResponse(queryClient, response);
      await invalidateResponseLists(queryClient);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import type { ReviewSectionInResponseInput } from '@palisade/domain/responses/review.schema';
import { apiCall } from '../../../lib/api-client';
import { invalidateResponseLists, setResponse } from './keys';
import { withSpecError } from '../../../lib/spec-error';

/**
 * POST /api/assessment/responses/updateSectionInResponse {assesRespId, sectionId, responseData}:
 * the contractor's answers (and attachment lists) of one section, the server deriving each
 * answerStatus; or the auditor's judgements, remarks and the section's score.
 */
export function updateSection(input: ReviewSectionInResponseInput): Promise<ResponseReply> {
  return withSpecError(
    apiCall<ResponseReply>('/api/assessment/responses/updateSectionInResponse', input),
    assessmentMessages.errorSavingResponse,
  );
}

export function useUpdateSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSection,
    meta: { successMessage: assessmentMessages.responseSaved },
    onSuccess: async (response) => {
      setResponse(queryClient, response);
      await invalidateResponseLists(queryClient);
    },
  });
}

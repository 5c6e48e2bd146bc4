import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { ResponseStatus } from '@palisade/domain/statuses';
import { apiCall } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/notifier';
import { withSpecError } from '../../../lib/spec-error';
import { invalidateResponseLists, setResponse } from './keys';

/** What an auditor may set: REASSESSMENT (optionally with a new due date) or COMPLETED. */
export type ReviewStatusInput =
  | { responseId: string; status: typeof ResponseStatus.REASSESSMENT; extendedDueDate?: string }
  | { responseId: string; status: typeof ResponseStatus.COMPLETED };

/** POST /api/assessment/responses/changeResponseStatus by an auditor. */
export function changeReviewStatus(input: ReviewStatusInput): Promise<ResponseReply> {
  return withSpecError(
    apiCall<ResponseReply>('/api/assessment/responses/changeResponseStatus', input),
    assessmentMessages.errorSubmittingAssessment,
  );
}

/** The spec's success text: "Changed assessment status to Reassessment" (or Completed). */
export function statusChangedText(status: ReviewStatusInput['status']): string {
  return assessmentMessages.statusChanged(responseScreensMessages.statusNames[status]);
}

export function useChangeReviewStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeReviewStatus,
    onSuccess: async (response, input) => {
      showSuccess(statusChangedText(input.status));
      setResponse(queryClient, response);
      await invalidateResponseLists(queryClient);
    },
  });
}

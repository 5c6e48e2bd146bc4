import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AssessmentReply,
  EditAssessmentInput,
} from '@palisade/domain/assessments/assessment.schema';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { ApiError, apiCall } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/**
 * POST /api/assessment/editAssessment {assessmentId, version, updateData}: the fields sent
 * replace the old ones. 409 "Assessment can't be edited anymore due to company responses!" once
 * any contractor has responded, and 409 "changed by someone else" when the version sent is not
 * the stored one: the Error dialog shows the text and the assessment is read again.
 */
export function editAssessment(input: EditAssessmentInput): Promise<AssessmentReply> {
  return apiCall<AssessmentReply>('/api/assessment/editAssessment', input);
}

export function useEditAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editAssessment,
    meta: { successMessage: assessmentMessages.edited },
    onSuccess: async (saved) => {
      queryClient.removeQueries({ queryKey: assessmentKeys.detail(saved._id) });
      await queryClient.invalidateQueries({ queryKey: assessmentKeys.list() });
    },
    onError: async (error, input) => {
      if (!(error instanceof ApiError) || error.status !== 409) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assessmentKeys.detail(input.assessmentId) }),
        queryClient.invalidateQueries({ queryKey: assessmentKeys.list() }),
      ]);
    },
  });
}

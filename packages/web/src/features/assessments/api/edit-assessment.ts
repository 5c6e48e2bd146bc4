import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AssessmentReply,
  EditAssessmentInput,
} from '@palisade/domain/assessments/assessment.schema';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { apiCall } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/**
 * POST /api/assessment/editAssessment {assessmentId, updateData}: the fields sent replace the
 * old ones. 409 "Assessment can't be edited anymore due to company responses!" once any
 * contractor has responded.
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
  });
}

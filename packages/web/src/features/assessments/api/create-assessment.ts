import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AssessmentReply,
  CreateAssessmentInput,
} from '@palisade/domain/assessments/assessment.schema';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { apiCall } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/** POST /api/assessment/createAssessment {name, dueDate, contractors, sections}. */
export function createAssessment(input: CreateAssessmentInput): Promise<AssessmentReply> {
  return apiCall<AssessmentReply>('/api/assessment/createAssessment', input);
}

export function useCreateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssessment,
    meta: { successMessage: assessmentMessages.added },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assessmentKeys.list() }),
  });
}

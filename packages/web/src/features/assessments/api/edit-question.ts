import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditQuestionInput, Question } from '@palisade/domain/assessments/question.schema';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { apiCall } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/** POST /api/assessment/questions/editQuestion {questionId, updateData: {questText}}. */
export function editQuestion(input: EditQuestionInput): Promise<Question> {
  return apiCall<Question>('/api/assessment/questions/editQuestion', input);
}

export function useEditQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editQuestion,
    meta: { successMessage: assessmentMessages.editedSuccessfully },
    // The text also shows in the assessments that use the question.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
  });
}

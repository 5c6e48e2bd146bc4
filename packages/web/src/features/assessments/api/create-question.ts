import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateQuestionInput, Question } from '@palisade/domain/assessments/question.schema';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { apiCall } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/** POST /api/assessment/questions/createQuestion {companyId, questText}. */
export function createQuestion(input: CreateQuestionInput): Promise<Question> {
  return apiCall<Question>('/api/assessment/questions/createQuestion', input);
}

export function useCreateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuestion,
    meta: { successMessage: assessmentMessages.questionAdded },
    onSuccess: (question) =>
      queryClient.invalidateQueries({ queryKey: assessmentKeys.questions(question.companyId) }),
  });
}

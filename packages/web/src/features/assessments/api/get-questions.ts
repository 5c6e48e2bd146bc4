import { useQuery } from '@tanstack/react-query';
import type { Question } from '@palisade/domain/assessments/question.schema';
import { apiCall } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/** POST /api/assessment/questions/getQuestionsByCompanyId: the organisation's question bank. */
export function getQuestions(companyId: string, signal?: AbortSignal): Promise<Question[]> {
  return apiCall<Question[]>(
    '/api/assessment/questions/getQuestionsByCompanyId',
    { companyId },
    { signal },
  );
}

export function useQuestions(companyId: string) {
  return useQuery({
    queryKey: assessmentKeys.questions(companyId),
    queryFn: ({ signal }) => getQuestions(companyId, signal),
  });
}

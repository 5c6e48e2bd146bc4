import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  GetQuestionsInput,
  Question,
  QuestionsPage,
  QuestionsPageQuery,
} from '@palisade/domain/assessments/question.schema';
import { apiCall } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/**
 * POST /api/assessment/questions/getQuestionsByCompanyId {companyId}: the organisation's whole
 * question bank (the spec's call). The form reads it for the texts of the questions its sections
 * name and for the duplicate-text checks of the Create, Import and Edit dialogs.
 */
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

/**
 * The same call with paging fields: one page of the bank holding the search, in the order asked,
 * each row with its Sr.No, and the count of all that match (Select Existing Question).
 */
export function getQuestionsPage(
  companyId: string,
  query: QuestionsPageQuery,
  signal?: AbortSignal,
): Promise<QuestionsPage> {
  const body: GetQuestionsInput = { companyId, ...query };
  return apiCall<QuestionsPage>('/api/assessment/questions/getQuestionsByCompanyId', body, {
    signal,
  });
}

/**
 * The page on screen; the previous one stays shown while the next loads. Under the bank's key:
 * creating, importing or editing a question refreshes it.
 */
export function useQuestionsPage(companyId: string, query: QuestionsPageQuery) {
  return useQuery({
    queryKey: [...assessmentKeys.questions(companyId), 'page', query] as const,
    queryFn: ({ signal }) => getQuestionsPage(companyId, query, signal),
    placeholderData: keepPreviousData,
    enabled: companyId !== '',
  });
}

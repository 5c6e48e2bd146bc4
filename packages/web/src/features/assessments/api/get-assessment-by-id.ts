import { useQuery } from '@tanstack/react-query';
import type { AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import { apiCall } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/** POST /api/assessment/getAssessmentById with category names and question texts expanded. */
export function getAssessmentById(
  assessmentId: string,
  signal?: AbortSignal,
): Promise<AssessmentReply> {
  return apiCall<AssessmentReply>(
    '/api/assessment/getAssessmentById',
    { assessmentId, include: { sections_category: true, sections_questions_question: true } },
    { signal },
  );
}

export function useAssessment(assessmentId: string) {
  return useQuery({
    queryKey: assessmentKeys.detail(assessmentId),
    queryFn: ({ signal }) => getAssessmentById(assessmentId, signal),
    // The edit form starts from these values: never from a copy older than the page.
    staleTime: 0,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import { apiCall } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/** GET /api/assessment/getAllAssessments: the caller's organisation's assessments, newest first. */
export function getAllAssessments(signal?: AbortSignal): Promise<AssessmentReply[]> {
  return apiCall<AssessmentReply[]>('/api/assessment/getAllAssessments', undefined, {
    method: 'GET',
    signal,
  });
}

export function useAllAssessments(enabled = true) {
  return useQuery({
    queryKey: assessmentKeys.list(),
    queryFn: ({ signal }) => getAllAssessments(signal),
    enabled,
  });
}

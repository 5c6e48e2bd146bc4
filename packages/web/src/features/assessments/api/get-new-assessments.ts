import { useQuery } from '@tanstack/react-query';
import type { AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import { AssessmentStatus } from '@palisade/domain/statuses';
import { apiCall } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/**
 * POST /api/assessment/getAssessmentsByCompanyIds {companyIds, status: NEW, sections: false}:
 * the organisation's assessments no contractor has started yet, newest first, without their
 * sections (the modal shows names, due dates and how many companies each is shared with).
 */
export function getNewAssessments(
  companyId: string,
  signal?: AbortSignal,
): Promise<AssessmentReply[]> {
  return apiCall<AssessmentReply[]>(
    '/api/assessment/getAssessmentsByCompanyIds',
    { companyIds: [companyId], status: AssessmentStatus.NEW, sections: false },
    { signal },
  );
}

/** Under the list key: creating or editing an assessment refreshes it. */
export function useNewAssessments(companyId: string, enabled = true) {
  return useQuery({
    queryKey: [...assessmentKeys.list(), AssessmentStatus.NEW, companyId] as const,
    queryFn: ({ signal }) => getNewAssessments(companyId, signal),
    enabled: enabled && companyId !== '',
  });
}

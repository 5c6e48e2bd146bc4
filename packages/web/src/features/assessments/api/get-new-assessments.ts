import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AssessmentsPage,
  GetAssessmentsByCompanyIdsInput,
  NewAssessmentsPageSize,
} from '@palisade/domain/assessments/assessment.schema';
import { AssessmentStatus } from '@palisade/domain/statuses';
import { apiCall } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/**
 * POST /api/assessment/getAssessmentsByCompanyIds {companyIds, status: NEW, sections: false, page,
 * pageSize}: one page of the organisation's assessments no contractor has started yet, newest
 * first, without their sections (the modal shows names, due dates and how many companies each is
 * shared with), and how many there are.
 */
export function getNewAssessments(
  companyId: string,
  paging: { page: number; pageSize: NewAssessmentsPageSize },
  signal?: AbortSignal,
): Promise<AssessmentsPage> {
  const body: GetAssessmentsByCompanyIdsInput = {
    companyIds: [companyId],
    status: AssessmentStatus.NEW,
    sections: false,
    ...paging,
  };
  return apiCall<AssessmentsPage>('/api/assessment/getAssessmentsByCompanyIds', body, { signal });
}

/** Under the list key: creating or editing an assessment refreshes it. */
export function useNewAssessments(
  companyId: string,
  paging: { page: number; pageSize: NewAssessmentsPageSize },
  enabled = true,
) {
  return useQuery({
    queryKey: [...assessmentKeys.list(), AssessmentStatus.NEW, companyId, paging] as const,
    queryFn: ({ signal }) => getNewAssessments(companyId, paging, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && companyId !== '',
  });
}

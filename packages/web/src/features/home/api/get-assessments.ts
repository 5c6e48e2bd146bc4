import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadErrorMessages } from '@palisade/domain/messages/load-errors';
import type { ContractorAssessmentReply } from '@palisade/domain/responses/response.schema';
import { apiCall } from '../../../lib/api-client';
import { dashboardKeys } from './keys';
import { withSpecError } from '../../../lib/spec-error';

/** POST /api/assessment/getAssessmentsByContractorId {contractorId} */
export function getAssessments(
  contractorId: string,
  signal?: AbortSignal,
): Promise<ContractorAssessmentReply[]> {
  return withSpecError(
    apiCall<ContractorAssessmentReply[]>(
      '/api/assessment/getAssessmentsByContractorId',
      { contractorId },
      { signal },
    ),
    loadErrorMessages.errorFetchingAssessments,
  );
}

/**
 * The contractor home's Assessments card reads this alone (also prefetched on a first visit): each
 * shared assessment comes with its response's id, status and effective due date (issue 21), so
 * the home no longer loads every response of the contractor.
 */
export function dashboardAssessmentsQuery(contractorId: string) {
  return queryOptions({
    queryKey: dashboardKeys.assessments(contractorId),
    queryFn: ({ signal }) => getAssessments(contractorId, signal),
  });
}

export function useDashboardAssessments(contractorId: string) {
  return useQuery(dashboardAssessmentsQuery(contractorId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages } from '@palisade/domain/messages';
import type {
  ContractorAssessmentReply,
  ResponseReply,
} from '@palisade/domain/responses/response.schema';
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
    messages.assessment.errorFetchingAssessments,
  );
}

/** POST /api/assessment/responses/getResponsesByContractorId {contractorId}: their due dates. */
export function getResponses(contractorId: string, signal?: AbortSignal): Promise<ResponseReply[]> {
  return withSpecError(
    apiCall<ResponseReply[]>(
      '/api/assessment/responses/getResponsesByContractorId',
      { contractorId },
      { signal },
    ),
    messages.assessment.errorFetchingAssessments,
  );
}

/** The contractor home's Assessments card reads these two (also prefetched on a first visit). */
export function dashboardAssessmentsQuery(contractorId: string) {
  return queryOptions({
    queryKey: dashboardKeys.assessments(contractorId),
    queryFn: ({ signal }) => getAssessments(contractorId, signal),
  });
}

export function dashboardResponsesQuery(contractorId: string) {
  return queryOptions({
    queryKey: dashboardKeys.responses(contractorId),
    queryFn: ({ signal }) => getResponses(contractorId, signal),
  });
}

export function useDashboardAssessments(contractorId: string) {
  return useQuery(dashboardAssessmentsQuery(contractorId));
}

export function useDashboardResponses(contractorId: string) {
  return useQuery(dashboardResponsesQuery(contractorId));
}

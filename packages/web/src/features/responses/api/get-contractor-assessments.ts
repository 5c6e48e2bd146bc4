import { useQuery } from '@tanstack/react-query';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import type { ContractorAssessmentReply } from '@palisade/domain/responses/response.schema';
import { apiCall } from '../../../lib/api-client';
import { responseKeys } from './keys';
import { withSpecError } from '../../../lib/spec-error';

/**
 * POST /api/assessment/getAssessmentsByContractorId {contractorId}: the assessments shared with
 * the contractor, each with its response id and status (null when not started).
 */
export function getContractorAssessments(
  contractorId: string,
  signal?: AbortSignal,
): Promise<ContractorAssessmentReply[]> {
  return withSpecError(
    apiCall<ContractorAssessmentReply[]>(
      '/api/assessment/getAssessmentsByContractorId',
      { contractorId },
      { signal },
    ),
    assessmentMessages.errorFetchingAssessments,
  );
}

export function useContractorAssessments(contractorId: string) {
  return useQuery({
    queryKey: responseKeys.assessments(contractorId),
    queryFn: ({ signal }) => getContractorAssessments(contractorId, signal),
  });
}

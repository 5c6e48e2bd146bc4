import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { ContractorOption } from './assessment-types';
import { assessmentKeys } from './keys';

/** POST /api/contractor/getContractorsByCompanyId: the contractor companies to share with. */
export function getContractors(
  companyId: string,
  signal?: AbortSignal,
): Promise<ContractorOption[]> {
  return apiCall<ContractorOption[]>(
    '/api/contractor/getContractorsByCompanyId',
    { companyId },
    { signal },
  );
}

export function useContractors(companyId: string) {
  return useQuery({
    queryKey: assessmentKeys.contractors(companyId),
    queryFn: ({ signal }) => getContractors(companyId, signal),
  });
}

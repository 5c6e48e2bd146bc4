import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** A contractor company as the company filter reads it. */
export interface ContractorOption {
  _id: string;
  name: string;
}

/**
 * POST /api/contractor/getContractorsByCompanyId {companyId}: the contractor companies of an
 * organisation (its users and its auditors may ask), for the auditor list's company filter.
 */
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

export function useContractorOptions(companyId: string) {
  return useQuery({
    queryKey: ['responses', 'contractors', companyId] as const,
    queryFn: ({ signal }) => getContractors(companyId, signal),
    enabled: companyId !== '',
    staleTime: 5 * 60_000,
  });
}

import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { companyKeys, type Company } from './account-types';

/** POST /api/contractor/getContractorById {contractorId}: one company, for View and Edit. */
export function getContractorById(contractorId: string, signal?: AbortSignal): Promise<Company> {
  return apiCall<Company>('/api/contractor/getContractorById', { contractorId }, { signal });
}

export function useCompany(contractorId: string) {
  return useQuery({
    queryKey: companyKeys.one(contractorId),
    queryFn: ({ signal }) => getContractorById(contractorId, signal),
  });
}

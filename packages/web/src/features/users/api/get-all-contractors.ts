import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { companyKeys, type Company } from './account-types';

/** GET /api/contractor/getAllContractors: the contractor companies of the caller's organisation. */
export function getAllContractors(signal?: AbortSignal): Promise<Company[]> {
  return apiCall<Company[]>('/api/contractor/getAllContractors', undefined, {
    method: 'GET',
    signal,
  });
}

export function useCompanies() {
  return useQuery({
    queryKey: companyKeys.list(),
    queryFn: ({ signal }) => getAllContractors(signal),
  });
}

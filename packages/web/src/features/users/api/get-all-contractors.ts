import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { Company } from './account-types';

/** GET /api/contractor/getAllContractors: the contractor companies of the caller's organisation. */
export function getAllContractors(signal?: AbortSignal): Promise<Company[]> {
  return apiCall<Company[]>('/api/contractor/getAllContractors', undefined, {
    method: 'GET',
    signal,
  });
}

/**
 * Every company, read only when the CSV export asks for them (the table reads a page at a time);
 * a failure opens the Error dialog.
 */
export function useAllCompaniesForExport() {
  return useMutation({ mutationFn: () => getAllContractors() });
}

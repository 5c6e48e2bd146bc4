import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { auditorKeys, type Auditor } from './account-types';

/** GET /api/tpi/getAllTpis: the auditors of the caller's organisation. */
export function getAllTpis(signal?: AbortSignal): Promise<Auditor[]> {
  return apiCall<Auditor[]>('/api/tpi/getAllTpis', undefined, { method: 'GET', signal });
}

export function useAuditors() {
  return useQuery({ queryKey: auditorKeys.list(), queryFn: ({ signal }) => getAllTpis(signal) });
}

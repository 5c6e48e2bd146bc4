import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { auditorKeys, type Auditor } from './account-types';

/** POST /api/tpi/getTpiById {tpiId}: one auditor, for the View and Edit pages. */
export function getTpiById(tpiId: string, signal?: AbortSignal): Promise<Auditor> {
  return apiCall<Auditor>('/api/tpi/getTpiById', { tpiId }, { signal });
}

export function useAuditor(tpiId: string) {
  return useQuery({
    queryKey: auditorKeys.one(tpiId),
    queryFn: ({ signal }) => getTpiById(tpiId, signal),
  });
}

import { useQuery } from '@tanstack/react-query';
import type { ContractorOpenItemsReply } from '@palisade/domain/trends/trends.schema';
import { apiCall } from '../../../lib/api-client';

/** POST /api/trends/getContractorOpenItems: its rejected questions waiting for an answer, and its open observations. */
export function useContractorOpenItems(contractorId: string, companyId: string | null) {
  return useQuery({
    queryKey: ['trends', 'open-items', contractorId, companyId ?? ''] as const,
    queryFn: ({ signal }) =>
      apiCall<ContractorOpenItemsReply>(
        '/api/trends/getContractorOpenItems',
        { contractorId, ...(companyId ? { companyId } : {}) },
        { signal },
      ),
    enabled: contractorId !== '',
  });
}

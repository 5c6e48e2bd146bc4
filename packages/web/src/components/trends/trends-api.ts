import { useQuery } from '@tanstack/react-query';
import type { ContractorTrendReply } from '@palisade/domain/trends/trends.schema';
import { apiCall } from '../../lib/api-client';

/** POST /api/trends/getContractorTrend: the contractor's score, band and E-S-G-O per completed round. */
export function useContractorTrend(
  contractorId: string,
  companyId: string | null,
  options: { errorDialog?: boolean } = {},
) {
  return useQuery({
    queryKey: ['trends', 'trend', contractorId, companyId ?? ''] as const,
    queryFn: ({ signal }) =>
      apiCall<ContractorTrendReply>(
        '/api/trends/getContractorTrend',
        { contractorId, ...(companyId ? { companyId } : {}) },
        { signal },
      ),
    enabled: contractorId !== '',
    meta: { errorDialog: options.errorDialog ?? true },
  });
}

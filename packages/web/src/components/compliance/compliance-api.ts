import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyComplianceReply, SummaryReply } from '@palisade/domain/compliance/compliance.schema';
import { apiCall } from '../../lib/api-client';

/**
 * The compliance reads the homes' cards share with the compliance screens (issue 57). Their keys
 * start with 'compliance': every compliance write (features/compliance) reads them again.
 */
export const complianceReadKeys = {
  mine: (companyId: string) => ['compliance', 'mine', companyId] as const,
  summary: (companyId: string) => ['compliance', 'summary', companyId] as const,
};

/** POST /api/compliance/listMyCompliance: the signed-in contractor's requirements of its organisation. */
export function useMyCompliance(companyId: string | null) {
  return useQuery({
    queryKey: complianceReadKeys.mine(companyId ?? ''),
    queryFn: ({ signal }) =>
      apiCall<MyComplianceReply>('/api/compliance/listMyCompliance', { companyId }, { signal }),
    enabled: companyId !== null && companyId !== '',
  });
}

/** POST /api/compliance/getSummary: cells per status and contractors per overall state (the home's first-page prefetch asks it too). */
export function complianceSummaryQuery(companyId: string) {
  return queryOptions({
    queryKey: complianceReadKeys.summary(companyId),
    queryFn: ({ signal }) => apiCall<SummaryReply>('/api/compliance/getSummary', { companyId }, { signal }),
  });
}

export function useComplianceSummary(companyId: string | null) {
  return useQuery({ ...complianceSummaryQuery(companyId ?? ''), enabled: companyId !== null && companyId !== '' });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { messages } from '@palisade/domain/messages';
import type {
  AssessmentStatusCounts,
  CapPerformanceInput,
  PendingTasksReply,
  PerformanceRow,
} from '@palisade/domain/dashboards/dashboard.schema';
import type { EsgoReply } from '@palisade/domain/responses/response.schema';
import { apiCall } from '../../../lib/api-client';
import { withSpecError } from '../../../lib/spec-error';

const t = messages.dashboards;

/** The organisation home's reads (company-and-auditor §2.2), one cache entry per call and input. */
export const organisationDashboardKeys = {
  esgo: (companyId: string, contractorId: string | null) => ['dashboards', 'esgo', companyId, contractorId] as const,
  performance: (input: CapPerformanceInput) => ['dashboards', 'performance', input] as const,
  pending: (companyId: string) => ['dashboards', 'pending', companyId] as const,
  statusCounts: (companyId: string) => ['dashboards', 'status-counts', companyId] as const,
  contractors: (companyId: string) => ['dashboards', 'contractors', companyId] as const,
};

/** POST /api/assessment/responses/getESGOForAllContractors {companyId, contractorId?}. */
export function useOrganisationEsgo(companyId: string, contractorId: string | null) {
  return useQuery({
    queryKey: organisationDashboardKeys.esgo(companyId, contractorId),
    queryFn: ({ signal }) =>
      withSpecError(
        apiCall<EsgoReply>(
          '/api/assessment/responses/getESGOForAllContractors',
          contractorId ? { companyId, contractorId } : { companyId },
          { signal },
        ),
        t.esgoError,
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/assessment/responses/getCapPerformanceData {from, to, companyId, location?}. */
export function getPerformance(input: CapPerformanceInput, signal?: AbortSignal): Promise<PerformanceRow[]> {
  return withSpecError(
    apiCall<PerformanceRow[]>('/api/assessment/responses/getCapPerformanceData', input, { signal }),
    t.performanceError,
  );
}

export function usePerformance(input: CapPerformanceInput | null) {
  return useQuery({
    queryKey: organisationDashboardKeys.performance(input ?? { from: '', to: '' }),
    queryFn: ({ signal }) => getPerformance(input ?? { from: '', to: '' }, signal),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/dashboard/getPendingTasks {companyId, limit}: the SUBMITTED responses, overdue first. */
export function usePendingTasks(companyId: string, limit: number) {
  return useQuery({
    queryKey: [...organisationDashboardKeys.pending(companyId), limit],
    queryFn: ({ signal }) =>
      withSpecError(
        apiCall<PendingTasksReply>('/api/dashboard/getPendingTasks', { companyId, limit }, { signal }),
        messages.assessment.errorFetchingAssessments,
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/dashboard/getAssessmentStatusCounts {companyId}: the Overall Assessments doughnut. */
export function useStatusCounts(companyId: string) {
  return useQuery({
    queryKey: organisationDashboardKeys.statusCounts(companyId),
    queryFn: ({ signal }) =>
      withSpecError(
        apiCall<AssessmentStatusCounts>('/api/dashboard/getAssessmentStatusCounts', { companyId }, { signal }),
        messages.assessment.errorFetchingAssessments,
      ),
  });
}

/** A contractor company for the selectors: its name and location. */
export interface ContractorChoice {
  _id: string;
  name: string;
  location: string | null;
}

/** POST /api/contractor/getContractorsByCompanyId {companyId}: the company and location selectors. */
export function useContractorChoices(companyId: string) {
  return useQuery({
    queryKey: organisationDashboardKeys.contractors(companyId),
    queryFn: ({ signal }) =>
      apiCall<ContractorChoice[]>('/api/contractor/getContractorsByCompanyId', { companyId }, { signal }),
    staleTime: 5 * 60_000,
  });
}

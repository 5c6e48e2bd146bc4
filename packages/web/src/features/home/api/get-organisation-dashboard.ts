import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { periodRange } from '@palisade/domain/dashboards/dashboard.rules';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import { loadErrorMessages } from '@palisade/domain/messages/load-errors';
import type {
  AssessmentStatusCounts,
  CapPerformanceInput,
  PendingTasksReply,
  PerformanceRow,
} from '@palisade/domain/dashboards/dashboard.schema';
import type { EsgoReply } from '@palisade/domain/responses/response.schema';
import { apiCall } from '../../../lib/api-client';
import { withSpecError } from '../../../lib/spec-error';

const t = dashboardMessages;

/** The organisation home's reads (company-and-auditor §2.2), one cache entry per call and input. */
export const organisationDashboardKeys = {
  esgo: (companyId: string, contractorId: string | null) => ['dashboards', 'esgo', companyId, contractorId] as const,
  performance: (input: CapPerformanceInput) => ['dashboards', 'performance', input] as const,
  pending: (companyId: string) => ['dashboards', 'pending', companyId] as const,
  statusCounts: (companyId: string) => ['dashboards', 'status-counts', companyId] as const,
};

/** POST /api/assessment/responses/getESGOForAllContractors {companyId, contractorId?}. */
export function esgoQuery(companyId: string, contractorId: string | null) {
  return queryOptions({
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
  });
}

export function useOrganisationEsgo(companyId: string, contractorId: string | null) {
  return useQuery({ ...esgoQuery(companyId, contractorId), placeholderData: keepPreviousData });
}

/**
 * The Performance card's call for a month ('YYYY-MM') and a location (null: all): the card and a
 * first visit's prefetch (app/first-page-prefetch) ask with the same input, so under one key.
 */
export function performanceInput(companyId: string, month: string, location: string | null): CapPerformanceInput {
  const [year, monthNumber] = month.split('-').map(Number);
  const now = new Date();
  const range = periodRange({ year: year ?? now.getFullYear(), month: monthNumber ?? now.getMonth() + 1, day: null });
  return location === null ? { ...range, companyId } : { ...range, companyId, location };
}

/** POST /api/assessment/responses/getCapPerformanceData {from, to, companyId, location?}. */
export function getPerformance(input: CapPerformanceInput, signal?: AbortSignal): Promise<PerformanceRow[]> {
  return withSpecError(
    apiCall<PerformanceRow[]>('/api/assessment/responses/getCapPerformanceData', input, { signal }),
    t.performanceError,
  );
}

export function performanceQuery(input: CapPerformanceInput) {
  return queryOptions({
    queryKey: organisationDashboardKeys.performance(input),
    queryFn: ({ signal }) => getPerformance(input, signal),
  });
}

export function usePerformance(input: CapPerformanceInput | null) {
  return useQuery({
    ...performanceQuery(input ?? { from: '', to: '' }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/dashboard/getPendingTasks {companyId, limit}: the SUBMITTED responses, overdue first. */
export function pendingTasksQuery(companyId: string, limit: number) {
  return queryOptions({
    queryKey: [...organisationDashboardKeys.pending(companyId), limit],
    queryFn: ({ signal }) =>
      withSpecError(
        apiCall<PendingTasksReply>('/api/dashboard/getPendingTasks', { companyId, limit }, { signal }),
        loadErrorMessages.errorFetchingAssessments,
      ),
  });
}

export function usePendingTasks(companyId: string, limit: number) {
  return useQuery({ ...pendingTasksQuery(companyId, limit), placeholderData: keepPreviousData });
}

/** POST /api/dashboard/getAssessmentStatusCounts {companyId}: the Overall Assessments doughnut. */
export function statusCountsQuery(companyId: string) {
  return queryOptions({
    queryKey: organisationDashboardKeys.statusCounts(companyId),
    queryFn: ({ signal }) =>
      withSpecError(
        apiCall<AssessmentStatusCounts>('/api/dashboard/getAssessmentStatusCounts', { companyId }, { signal }),
        loadErrorMessages.errorFetchingAssessments,
      ),
  });
}

export function useStatusCounts(companyId: string) {
  return useQuery(statusCountsQuery(companyId));
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Observation,
  ReportGraphReply,
  ReportTableReply,
} from '@palisade/domain/observations/observation.schema';
import { observationMessages } from '@palisade/domain/messages/observation';
import { ApiError, apiCall, errorMessage } from '../../../lib/api-client';
import { organisationUtcOffset } from '../../../lib/dates';
import { showError } from '../../../lib/notifier';

/**
 * The offset from UTC in minutes that the server counts days and months by: the working
 * organisation's (issue 60; the browser's outside a shell).
 */
export function utcOffset(): number {
  return organisationUtcOffset();
}

export const observationKeys = {
  all: ['observations'] as const,
  graph: (organisationId: string, year: number, managerid: string | null) =>
    ['observations', 'graph', organisationId, year, managerid] as const,
  table: (input: TableQuery) => ['observations', 'table', input] as const,
  one: (id: string) => ['observations', 'one', id] as const,
};

/** Which reports the graph reads: the organisation's, or one contractor's. */
export interface GraphQuery {
  organisationId: string;
  year: number;
  /** A contractor (the Companies dropdown, or the contractor itself); null for All. */
  managerid: string | null;
}

/** POST /company/reportgraph (All) or /contractor/reportgraph (one contractor). */
export function getReportGraph(q: GraphQuery, signal?: AbortSignal): Promise<ReportGraphReply> {
  return q.managerid
    ? apiCall<ReportGraphReply>(
        '/api/contractor/reportgraph',
        { year: q.year, managerid: q.managerid, utcOffset: utcOffset() },
        { signal },
      )
    : apiCall<ReportGraphReply>(
        '/api/company/reportgraph',
        { year: q.year, company_id: q.organisationId, utcOffset: utcOffset() },
        { signal },
      );
}

export function useReportGraph(q: GraphQuery | null) {
  return useQuery({
    queryKey: observationKeys.graph(q?.organisationId ?? '', q?.year ?? 0, q?.managerid ?? null),
    queryFn: async ({ signal }) => {
      try {
        return await getReportGraph(q as GraphQuery, signal);
      } catch (err) {
        if (signal.aborted) throw err;
        // The spec's text for a failed graph; a refusal (4xx) keeps the server's own words.
        showError(err instanceof ApiError && err.status >= 400 && err.status < 500 ? errorMessage(err) : observationMessages.errorGraph);
        throw err;
      }
    },
    enabled: q !== null,
    meta: { errorDialog: false },
  });
}

export interface TableQuery {
  organisationId: string;
  start: string;
  end: string;
  managerid: string | null;
  page: number;
  limit: number;
}

function rangeBody(q: Omit<TableQuery, 'page' | 'limit'>) {
  return {
    start_date: q.start,
    end_date: q.end,
    company_id: q.organisationId,
    ...(q.managerid ? { managerid: q.managerid } : {}),
    utcOffset: utcOffset(),
  };
}

/** POST /company/reporttable: a page of the range's reports, newest first. */
export function getReportTable(q: TableQuery, signal?: AbortSignal): Promise<ReportTableReply> {
  return apiCall<ReportTableReply>(
    '/api/company/reporttable',
    { ...rangeBody(q), page: q.page, limit: q.limit },
    { signal },
  );
}

export function useReportTable(q: TableQuery | null) {
  return useQuery({
    queryKey: observationKeys.table(q ?? { organisationId: '', start: '', end: '', managerid: null, page: 0, limit: 0 }),
    queryFn: ({ signal }) => getReportTable(q as TableQuery, signal),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /company/exportObservations: every report of the range (the CSV). */
export function exportObservations(q: Omit<TableQuery, 'page' | 'limit'>): Promise<Observation[]> {
  return apiCall<Observation[]>('/api/company/exportObservations', rangeBody(q));
}

/** POST /observation/getObservationById. Its failure is the page's to show ("Observation not found"), not the Error dialog's. */
export function useObservation(id: string | null) {
  return useQuery({
    queryKey: observationKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      apiCall<Observation>('/api/observation/getObservationById', { _id: id }, { signal }),
    enabled: id !== null,
    meta: { errorDialog: false },
  });
}

/** POST /admin/rcastatus: an action on a Submitted report and/or the comment, on a report not Marked as Duplicate. */
export function useRcaStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { _id: string; action?: number; rootCauseAnalysis?: string }) =>
      apiCall<Observation>('/api/admin/rcastatus', input),
    meta: { errorDialog: false },
    // The spec's text for a failed status change; a refusal (409, 404) keeps the server's words.
    onError: (err) => {
      showError(err instanceof ApiError && err.status >= 400 && err.status < 500 ? errorMessage(err) : observationMessages.errorRca);
    },
    onSuccess: async (updated) => {
      queryClient.setQueryData(observationKeys.one(updated._id), updated);
      await queryClient.invalidateQueries({ queryKey: observationKeys.all });
    },
  });
}

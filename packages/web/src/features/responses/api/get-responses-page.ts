import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { RESPONSES_PAGE_DEFAULT, type SortCode } from '@palisade/domain/constants';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import type {
  GetResponsesByCompanyIdsInput,
  ResponsePage,
} from '@palisade/domain/responses/review.schema';
import { apiCall } from '../../../lib/api-client';
import { withSpecError } from '../../../lib/spec-error';
import { responseKeys } from './keys';

/**
 * POST /api/assessment/responses/getResponsesByCompanyIds {companyIds, status?, contractorId?,
 * sort, page, pageSize}: one page of summaries (no sections), filtered and sorted on the server.
 */
export function getResponsesPage(
  input: GetResponsesByCompanyIdsInput,
  signal?: AbortSignal,
): Promise<ResponsePage> {
  return withSpecError(
    apiCall<ResponsePage>('/api/assessment/responses/getResponsesByCompanyIds', input, { signal }),
    assessmentMessages.errorFetchingAssessments,
  );
}

/** The filters of a list; page and pageSize are the hook's. */
export type ResponsesFilters = Omit<GetResponsesByCompanyIdsInput, 'page' | 'pageSize' | 'include'>;

/** One page (the dashboard's): the first `pageSize` responses of the filters. */
export function useResponsesFirstPage(
  filters: ResponsesFilters,
  pageSize = RESPONSES_PAGE_DEFAULT,
) {
  return useQuery({
    queryKey: responseKeys.page({ ...filters, pageSize, mode: 'first' }),
    queryFn: ({ signal }) => getResponsesPage({ ...filters, page: 1, pageSize }, signal),
    enabled: filters.companyIds.length > 0,
  });
}

/** A list's order before the user picks one: the newest first. */
export const LIST_DEFAULT_SORT: SortCode = 'NTO';

/** A list's pages under one key: what the page reads, and what the menu asks for ahead. */
export function responsesPagesQuery(filters: ResponsesFilters, pageSize = RESPONSES_PAGE_DEFAULT) {
  return infiniteQueryOptions({
    queryKey: responseKeys.page({ ...filters, pageSize, mode: 'pages' }),
    queryFn: ({ signal, pageParam }) =>
      getResponsesPage({ ...filters, page: pageParam, pageSize }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ResponsePage) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    enabled: filters.companyIds.length > 0,
    // The page says what went wrong itself ('Error in fetching assessments!').
    meta: { errorDialog: false },
  });
}

/**
 * The auditor's list's first page as the page asks for it unfiltered (the working organisation's
 * responses, newest first): the side menu asks for it when the auditor reaches for Assessment, so
 * the cards come with the page (issue 63). A failed read here is silent; the page asks again.
 */
export function prefetchAuditorList(queryClient: QueryClient, companyId: string | null): void {
  if (!companyId) return;
  void queryClient.prefetchInfiniteQuery(
    responsesPagesQuery({ companyIds: [companyId], sort: LIST_DEFAULT_SORT }),
  );
}

/**
 * Pages of 50 one after the other ("Load more"); a change of filters starts again at page 1 and
 * keeps the old cards on screen until the new ones are there.
 */
export function useResponsesPages(filters: ResponsesFilters, pageSize = RESPONSES_PAGE_DEFAULT) {
  return useInfiniteQuery({
    ...responsesPagesQuery(filters, pageSize),
    placeholderData: keepPreviousData,
  });
}

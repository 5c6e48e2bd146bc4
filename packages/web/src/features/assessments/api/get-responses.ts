import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { RESPONSES_PAGE_DEFAULT, type SortCode } from '@palisade/domain/constants';
import type {
  GetResponsesByCompanyIdsInput,
  ResponsePage,
} from '@palisade/domain/responses/review.schema';
import { ApiError, apiCall } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/** The overview's filters; the page is the hook's. */
export type OverviewFilters = Omit<
  GetResponsesByCompanyIdsInput,
  'companyIds' | 'page' | 'pageSize' | 'include'
>;

const EMPTY = (page: number, pageSize: number): ResponsePage => ({
  items: [],
  total: 0,
  page,
  pageSize,
});

/**
 * POST /api/assessment/responses/getResponsesByCompanyIds {companyIds, status?, contractorId?,
 * sort, page, pageSize}: one page of the organisation's responses (summaries), filtered, sorted
 * and paged on the server. A 404 for the path (a server without the call) reads as no responses.
 */
export async function getResponses(
  companyId: string,
  filters: OverviewFilters,
  page: number,
  signal?: AbortSignal,
  pageSize = RESPONSES_PAGE_DEFAULT,
): Promise<ResponsePage> {
  try {
    const data = await apiCall<ResponsePage | null>(
      '/api/assessment/responses/getResponsesByCompanyIds',
      { companyIds: [companyId], ...filters, page, pageSize },
      { signal },
    );
    return data && Array.isArray(data.items) ? data : EMPTY(page, pageSize);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return EMPTY(page, pageSize);
    throw error;
  }
}

/** The overview's order before the organisation picks one: the newest first. */
export const OVERVIEW_DEFAULT_SORT: SortCode = 'NTO';

/** The overview's pages under one key: what the page reads, and what the menu asks for ahead. */
export function responsesQuery(companyId: string, filters: OverviewFilters) {
  return infiniteQueryOptions({
    queryKey: [...assessmentKeys.responses(companyId), filters] as const,
    queryFn: ({ signal, pageParam }) => getResponses(companyId, filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ResponsePage) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    // The page says what went wrong itself ('Error in fetching assessments!').
    meta: { errorDialog: false },
  });
}

/**
 * The overview's first page as the page asks for it unfiltered: the side menu asks for it when the
 * organisation reaches for Assessment, so the cards come with the page (issue 63: a move within
 * 300 ms). A failed read here is silent; the page asks again and says what went wrong.
 */
export function prefetchOverview(queryClient: QueryClient, companyId: string): void {
  if (companyId === '') return;
  void queryClient.prefetchInfiniteQuery(
    responsesQuery(companyId, { sort: OVERVIEW_DEFAULT_SORT }),
  );
}

/** Pages of 50 one after the other ("Load more"); new filters start again at page 1. */
export function useResponses(companyId: string, filters: OverviewFilters) {
  return useInfiniteQuery({
    ...responsesQuery(companyId, filters),
    placeholderData: keepPreviousData,
  });
}

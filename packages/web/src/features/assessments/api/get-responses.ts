import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { RESPONSES_PAGE_DEFAULT } from '@palisade/domain/constants';
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

/** Pages of 50 one after the other ("Load more"); new filters start again at page 1. */
export function useResponses(companyId: string, filters: OverviewFilters) {
  return useInfiniteQuery({
    queryKey: [...assessmentKeys.responses(companyId), filters] as const,
    queryFn: ({ signal, pageParam }) => getResponses(companyId, filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    placeholderData: keepPreviousData,
    // The page says what went wrong itself ('Error in fetching assessments!').
    meta: { errorDialog: false },
  });
}

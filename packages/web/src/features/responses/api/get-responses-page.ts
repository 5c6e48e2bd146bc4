import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { RESPONSES_PAGE_DEFAULT } from '@palisade/domain/constants';
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

/**
 * Pages of 50 one after the other ("Load more"); a change of filters starts again at page 1 and
 * keeps the old cards on screen until the new ones are there.
 */
export function useResponsesPages(filters: ResponsesFilters, pageSize = RESPONSES_PAGE_DEFAULT) {
  return useInfiniteQuery({
    queryKey: responseKeys.page({ ...filters, pageSize, mode: 'pages' }),
    queryFn: ({ signal, pageParam }) =>
      getResponsesPage({ ...filters, page: pageParam, pageSize }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    placeholderData: keepPreviousData,
    enabled: filters.companyIds.length > 0,
    // The page says what went wrong itself ('Error in fetching assessments!').
    meta: { errorDialog: false },
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { USER_TABLE_PAGE_SIZES } from '@palisade/domain/constants';
import type {
  ContractorSearchPage,
  SearchContractorsInput,
} from '@palisade/domain/users/contractor-search.schema';
import { apiCall } from '../../../lib/api-client';
import { companyKeys } from './account-types';

/** A page size of the users tables. */
export type UserTablePageSize = (typeof USER_TABLE_PAGE_SIZES)[number];

/**
 * POST /api/contractor/searchContractors: one page (from 1) of the organisation's contractor
 * companies that match the search, by name, and how many match in all.
 */
export function searchContractors(
  input: SearchContractorsInput,
  signal?: AbortSignal,
): Promise<ContractorSearchPage> {
  return apiCall<ContractorSearchPage>('/api/contractor/searchContractors', input, { signal });
}

/**
 * The Company tab's page (the previous one stays shown while the next loads). Its key is under
 * the list's, so that every write that reloads the list (add, edit, delete, enable, disable,
 * bulk) reloads the page on screen.
 */
export function useCompaniesPage(
  companyId: string | null,
  query: { search: string; page: number; pageSize: UserTablePageSize },
) {
  return useQuery({
    queryKey: companyKeys.page(companyId ?? '', query.search, query.page, query.pageSize),
    queryFn: ({ signal }) =>
      searchContractors(
        {
          companyId: companyId ?? '',
          page: query.page,
          pageSize: query.pageSize,
          ...(query.search === '' ? {} : { search: query.search }),
        },
        signal,
      ),
    enabled: companyId !== null,
    placeholderData: keepPreviousData,
  });
}

import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQueries,
  useQuery,
  type UseQueryResult,
} from '@tanstack/react-query';
import { CONTRACTOR_PICKER_PAGE_SIZE } from '@palisade/domain/constants';
import type {
  ContractorIdsReply,
  ContractorLocationsReply,
  ContractorPickerPage,
  ContractorSearchPage,
  GetContractorIdsInput,
  SearchContractorsInput,
} from '@palisade/domain/users/contractor-search.schema';
import { apiCall } from '../../lib/api-client';

/**
 * The organisation's contractor companies a few at a time (issue 63): the pickers and the Share
 * dialog ask the server for what the user typed instead of loading the whole list.
 */
export const contractorSearchKeys = {
  all: ['contractor-search'] as const,
  search: (input: SearchContractorsInput) => ['contractor-search', 'page', input] as const,
  pages: (input: Omit<SearchContractorsInput, 'page'>) =>
    ['contractor-search', 'pages', input] as const,
  ids: (input: GetContractorIdsInput) => ['contractor-search', 'ids', input] as const,
  locations: (companyId: string) => ['contractor-search', 'locations', companyId] as const,
};

/** How long a reply is fresh: companies are added now and then, not while a picker is open. */
const FRESH_MS = 60_000;

/** POST /api/contractor/searchContractors: a page of the matches, by name. */
export function searchContractors(
  input: SearchContractorsInput,
  signal?: AbortSignal,
): Promise<ContractorSearchPage> {
  return apiCall<ContractorSearchPage>('/api/contractor/searchContractors', input, { signal });
}

/** POST /api/contractor/getContractorIds: every id that matches (select all, select by location). */
export function getContractorIds(
  input: GetContractorIdsInput,
  signal?: AbortSignal,
): Promise<ContractorIdsReply> {
  return apiCall<ContractorIdsReply>('/api/contractor/getContractorIds', input, { signal });
}

/** POST /api/contractor/getContractorLocations: the locations with their number of companies. */
export function getContractorLocations(
  companyId: string,
  signal?: AbortSignal,
): Promise<ContractorLocationsReply> {
  return apiCall<ContractorLocationsReply>(
    '/api/contractor/getContractorLocations',
    { companyId },
    { signal },
  );
}

/** A picker's search: its rows only with what a picker shows (fields 'picker'). */
export type PickerSearchInput = SearchContractorsInput & { fields: 'picker' };

/**
 * POST /api/contractor/searchContractors with fields 'picker': a page of the matches, each with
 * only its id, name, location, contact person and status (the server reads nothing else).
 */
export function searchPickerContractors(
  input: PickerSearchInput,
  signal?: AbortSignal,
): Promise<ContractorPickerPage> {
  return apiCall<ContractorPickerPage>('/api/contractor/searchContractors', input, { signal });
}

/** The body of a picker's search: the first 50 matches of `search` (nothing typed: the first 50). */
export function pickerSearchInput(companyId: string, search: string): PickerSearchInput {
  const trimmed = search.trim();
  return {
    companyId,
    ...(trimmed === '' ? {} : { search: trimmed }),
    page: 1,
    pageSize: CONTRACTOR_PICKER_PAGE_SIZE,
    fields: 'picker',
  };
}

/**
 * The first 50 matches of a picker's settled search; while the next search is on its way the
 * last reply stays (no empty list between two keystrokes).
 */
export function useContractorSearch(input: PickerSearchInput, enabled: boolean) {
  return useQuery({
    queryKey: contractorSearchKeys.search(input),
    queryFn: ({ signal }) => searchPickerContractors(input, signal),
    enabled: enabled && input.companyId !== '',
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
  });
}

/** The matches 50 at a time with Load more (the Share dialog's list). */
export function useContractorPages(input: Omit<SearchContractorsInput, 'page'>, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: contractorSearchKeys.pages(input),
    queryFn: ({ pageParam, signal }) => searchContractors({ ...input, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    enabled: enabled && input.companyId !== '',
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
  });
}

/**
 * The companies of the given ids (a picker's chosen ones it has no name for), asked 50 at a time,
 * the replies combined by `combine` (module level, so that its result stays while they do).
 */
export function useContractorsByIds<T>(
  companyId: string,
  ids: readonly string[],
  combine: (results: UseQueryResult<ContractorSearchPage>[]) => T,
): T {
  const chunks: string[][] = [];
  for (let at = 0; at < ids.length; at += CONTRACTOR_PICKER_PAGE_SIZE) {
    chunks.push(ids.slice(at, at + CONTRACTOR_PICKER_PAGE_SIZE));
  }
  return useQueries({
    queries: chunks.map((chunk) => {
      const input: SearchContractorsInput = {
        companyId,
        ids: chunk,
        page: 1,
        pageSize: CONTRACTOR_PICKER_PAGE_SIZE,
      };
      return {
        queryKey: contractorSearchKeys.search(input),
        queryFn: ({ signal }: { signal: AbortSignal }) => searchContractors(input, signal),
        enabled: companyId !== '',
        staleTime: FRESH_MS,
      };
    }),
    combine,
  });
}

export function contractorIdsQuery(input: GetContractorIdsInput) {
  return queryOptions({
    queryKey: contractorSearchKeys.ids(input),
    queryFn: ({ signal }) => getContractorIds(input, signal),
    staleTime: FRESH_MS,
  });
}

/** Every id that matches a search (whether all of them are chosen: Select All or Deselect All). */
export function useContractorIds(input: GetContractorIdsInput, enabled: boolean) {
  return useQuery({
    ...contractorIdsQuery(input),
    enabled: enabled && input.companyId !== '',
    placeholderData: keepPreviousData,
  });
}

export function contractorLocationsQuery(companyId: string) {
  return queryOptions({
    queryKey: contractorSearchKeys.locations(companyId),
    queryFn: ({ signal }) => getContractorLocations(companyId, signal),
    staleTime: 5 * 60_000,
  });
}

/** The organisation's contractor locations (Performance's location, Share's Select by location). */
export function useContractorLocations(companyId: string, enabled = true) {
  return useQuery({ ...contractorLocationsQuery(companyId), enabled: enabled && companyId !== '' });
}

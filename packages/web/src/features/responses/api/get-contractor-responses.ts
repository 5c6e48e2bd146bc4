import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import type {
  ContractorResponsePage,
  GetResponsesByContractorIdInput,
} from '@palisade/domain/responses/response.schema';
import { apiCall } from '../../../lib/api-client';
import { responseKeys } from './keys';
import { withSpecError } from '../../../lib/spec-error';

/** What a page of the contractor's list asks for: page and pageSize are required here. */
export type ContractorResponsesPageInput = GetResponsesByContractorIdInput & {
  page: number;
  pageSize: number;
};

/**
 * POST /api/assessment/responses/getResponsesByContractorId {contractorId, page, pageSize,
 * status?, sort, search?}: one page of the contractor's responses (summaries, no sections),
 * filtered and sorted on the server (issue 21: a contractor may have hundreds).
 */
export function getContractorResponsesPage(
  input: ContractorResponsesPageInput,
  signal?: AbortSignal,
): Promise<ContractorResponsePage> {
  return withSpecError(
    apiCall<ContractorResponsePage>(
      '/api/assessment/responses/getResponsesByContractorId',
      input,
      { signal },
    ),
    assessmentMessages.errorFetchingAssessments,
  );
}

/**
 * A page of the list, under the list's key (a save or a submit refreshes it); `null` asks for
 * nothing (the New filter has no responses). The old page stays on screen until the next is there.
 */
export function useContractorResponsesPage(input: ContractorResponsesPageInput | null) {
  return useQuery({
    queryKey: [...responseKeys.list(input?.contractorId ?? ''), input],
    queryFn:
      input === null ? skipToken : ({ signal }) => getContractorResponsesPage(input, signal),
    placeholderData: keepPreviousData,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_LIST_ROWS } from '@palisade/domain/constants';
import { loadErrorMessages } from '@palisade/domain/messages/load-errors';
import type { ResponsePage } from '@palisade/domain/responses/review.schema';
import { ResponseStatus } from '@palisade/domain/statuses';
import { apiCall } from '../../../lib/api-client';
import { withSpecError } from '../../../lib/spec-error';

/** Rows the auditor's home asks for: the first 5, and more behind View all. */
const AUDITOR_HOME_ROWS = DASHBOARD_LIST_ROWS * 4;

/**
 * POST /api/assessment/responses/getResponsesByCompanyIds: the SUBMITTED responses of the
 * auditor's working organisation, those assigned to it first, then newest first. Its key starts with 'responses' as the
 * assessment screens' do, so their writes refresh it.
 */
export function submittedResponsesQuery(companyIds: readonly string[]) {
  const input = {
    companyIds: [...companyIds],
    status: ResponseStatus.SUBMITTED,
    sort: 'NTO' as const,
    // The responses the organisation assigned to this auditor come first (issue 19).
    assignedFirst: true,
    page: 1,
    pageSize: AUDITOR_HOME_ROWS,
  };
  return queryOptions({
    queryKey: ['responses', 'page', { ...input, mode: 'home' }] as const,
    queryFn: ({ signal }) =>
      withSpecError(
        apiCall<ResponsePage>('/api/assessment/responses/getResponsesByCompanyIds', input, { signal }),
        loadErrorMessages.errorFetchingAssessments,
      ),
  });
}

export function useSubmittedResponses(companyIds: readonly string[]) {
  return useQuery({ ...submittedResponsesQuery(companyIds), enabled: companyIds.length > 0 });
}

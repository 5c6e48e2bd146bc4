import { useQuery } from '@tanstack/react-query';
import { ApiError, apiCall } from '../../../lib/api-client';
import type { ResponseSummary } from './assessment-types';
import { assessmentKeys } from './keys';

/**
 * POST /api/assessment/responses/getResponsesByCompanyIds {companyIds}: the responses of the
 * organisation's assessments. Responses are built with the contractor screens: until that call
 * exists the server answers 404 for its path, which reads here as "no response yet".
 */
export async function getResponses(
  companyId: string,
  signal?: AbortSignal,
): Promise<ResponseSummary[]> {
  try {
    const data = await apiCall<ResponseSummary[] | null>(
      '/api/assessment/responses/getResponsesByCompanyIds',
      { companyIds: [companyId] },
      { signal },
    );
    return Array.isArray(data) ? data : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function useResponses(companyId: string) {
  return useQuery({
    queryKey: assessmentKeys.responses(companyId),
    queryFn: ({ signal }) => getResponses(companyId, signal),
    // The page says what went wrong itself ('Error in fetching assessments!').
    meta: { errorDialog: false },
  });
}

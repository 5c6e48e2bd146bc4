import type { SortCode } from '@palisade/domain/constants';
import type { ResponseStatus } from '@palisade/domain/statuses';
import type { ResponseSummary } from './api/assessment-types';

/** The status filter of the overview: All, or one response status. */
export type StatusFilter = 'ALL' | ResponseStatus;

/** The company filter: '' for All Companies, else a contractor company (id and name). */
export interface CompanyFilter {
  id: string;
  name: string;
}

/**
 * The cards the overview shows (spec §2.4): of the chosen status and company, sorted by
 * lastAccessTime, newest first (NTO) or oldest first (OTN).
 */
export function filterResponses(
  responses: readonly ResponseSummary[],
  status: StatusFilter,
  company: CompanyFilter | null,
  sort: SortCode,
): ResponseSummary[] {
  const sign = sort === 'NTO' ? -1 : 1;
  return responses
    .filter((r) => status === 'ALL' || r.status === status)
    .filter(
      (r) =>
        !company ||
        (r.contractorId !== undefined
          ? r.contractorId === company.id
          : r.contractorName === company.name),
    )
    .sort((a, b) => sign * (Date.parse(a.lastAccessTime) - Date.parse(b.lastAccessTime)));
}

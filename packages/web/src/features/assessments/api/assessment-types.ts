import type { ResponseStatus } from '@palisade/domain/statuses';

/**
 * A response as the overview cards read it (assessment/responses/getResponsesByCompanyIds).
 * contractorId comes with the spec's Response (§3); the cards fall back to the name without it.
 */
export interface ResponseSummary {
  _id: string;
  status: ResponseStatus;
  assessment: { _id: string; name: string; dueDate: string };
  contractorId?: string;
  contractorName: string;
  companyId: string;
  lastAccessTime: string;
  /** Percent of sections whose questions are all answered. */
  progress: number;
  scored: number;
  total: number;
}

import type { ComplianceStatus } from '@palisade/domain/compliance/compliance.rules';

/** The matrix's filters as the screens keep them (the URL's): '' for none. */
export interface MatrixFilters {
  search: string;
  location: string;
  status: ComplianceStatus | '';
  requirementId: string;
}

/** The compliance queries' keys: every write invalidates `all`, the reads are cheap. */
export const complianceKeys = {
  all: ['compliance'] as const,
  requirements: (companyId: string, includeRetired: boolean) =>
    ['compliance', 'requirements', companyId, includeRetired] as const,
  matrix: (companyId: string, filters: MatrixFilters, page: number, pageSize: number) =>
    ['compliance', 'matrix', companyId, filters, page, pageSize] as const,
  history: (requirementId: string, contractorId: string | null) =>
    ['compliance', 'history', requirementId, contractorId] as const,
};

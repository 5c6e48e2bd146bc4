import type { ComplianceStatus } from '@palisade/domain/compliance/compliance.rules';
import { SHELL_PREFIX } from '@palisade/domain/user-types';

/** Who looks at the compliance screens: the organisation, its auditors, or the contractor. */
export type ComplianceViewer = 'organisation' | 'auditor' | 'contractor';

/** The matrix (organisation, auditor) or the contractor's own page. */
export function compliancePath(viewer: ComplianceViewer): string {
  switch (viewer) {
    case 'organisation':
      return `${SHELL_PREFIX.sapphire}/compliance`;
    case 'auditor':
      return `${SHELL_PREFIX.auditor}/compliance`;
    case 'contractor':
      return `${SHELL_PREFIX.contractor}/compliance`;
  }
}

/** A document's history: the organisation and auditors name the contractor, the contractor reads its own. */
export function historyPath(viewer: ComplianceViewer, requirementId: string, contractorId: string): string {
  const base = compliancePath(viewer);
  const req = encodeURIComponent(requirementId);
  return viewer === 'contractor' ? `${base}/${req}` : `${base}/${encodeURIComponent(contractorId)}/${req}`;
}

/** The URL's names of the matrix's filters (besides the list's page, size and q). */
export const MATRIX_PARAM = { status: 'status', requirement: 'requirement', location: 'location' } as const;

/** A link into the matrix filtered by a status (the home card's counts). */
export function matrixLinkOf(base: string, status: ComplianceStatus): string {
  return `${base}?${MATRIX_PARAM.status}=${status}`;
}

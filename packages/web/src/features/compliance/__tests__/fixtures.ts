import type {
  DocumentHistoryReply,
  DocumentVersion,
  MatrixReply,
  Requirement,
} from '@palisade/domain/compliance/compliance.schema';

export function makeRequirement(over: Partial<Requirement> = {}): Requirement {
  return {
    _id: 'r1',
    companyId: 'org1',
    name: 'Public liability insurance',
    description: '',
    appliesTo: 'ALL',
    contractorIds: [],
    locations: [],
    mandatory: true,
    expires: true,
    reminderDays: [60, 30, 15, 1],
    reviewer: 'BOTH',
    version: 1,
    retired: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...over,
  };
}

export function makeVersion(over: Partial<DocumentVersion> = {}): DocumentVersion {
  return {
    _id: 'd1',
    requirementId: 'r1',
    contractorId: 'c1',
    issueDate: '2026-10-01',
    expiryDate: '2027-10-01',
    reference: 'PL-123',
    file: {
      fileName: 'AbCde_policy.pdf',
      filePath: 'compliance/c1/AbCde_policy.pdf',
      fileLink: '/api/files/x/AbCde_policy.pdf',
      fileSize: 1000,
      fileType: 'application/pdf',
    },
    state: 'SUBMITTED',
    uploadedBy: { _id: 'c1', name: 'Northwind Ltd' },
    uploadedAt: '2026-11-02T09:00:00.000Z',
    reviewedBy: null,
    reviewedAt: null,
    remark: '',
    ...over,
  };
}

export function makeHistory(over: Partial<DocumentHistoryReply> = {}): DocumentHistoryReply {
  return {
    requirement: makeRequirement(),
    contractor: { _id: 'c1', name: 'Northwind Ltd', location: 'Pune' },
    status: 'SUBMITTED',
    versions: [makeVersion()],
    canReview: true,
    ...over,
  };
}

const ZERO = { MISSING: 0, SUBMITTED: 0, VALID: 0, EXPIRING: 0, EXPIRED: 0, REJECTED: 0 };

/** A matrix page of `total` contractors named Company 1…, two requirements, the second not applying to even rows. */
export function makeMatrix(page: number, pageSize: number, total: number): MatrixReply {
  const first = (page - 1) * pageSize;
  const count = Math.max(0, Math.min(pageSize, total - first));
  return {
    requirements: [
      { _id: 'r1', name: 'Public liability insurance', mandatory: true },
      { _id: 'r2', name: 'ISO 45001', mandatory: false },
    ],
    rows: Array.from({ length: count }, (_, i) => {
      const n = first + i + 1;
      return {
        contractor: { _id: `c${n}`, name: `Company ${n}`, location: 'Pune' },
        overall: n % 2 === 0 ? 'COMPLIANT' : 'NOT_COMPLIANT',
        cells: [
          { requirementId: 'r1', status: n % 2 === 0 ? 'VALID' : 'MISSING', documentId: null, expiryDate: n % 2 === 0 ? '2027-01-31' : null },
          { requirementId: 'r2', status: n % 2 === 0 ? null : 'SUBMITTED', documentId: null, expiryDate: null },
        ],
      };
    }),
    total,
    page,
    pageSize,
    counts: { ...ZERO, VALID: 12, MISSING: 13, SUBMITTED: 13 },
  };
}

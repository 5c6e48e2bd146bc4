import {
  COMPLIANCE_STATUSES,
  OVERALL_COMPLIANCE,
  type ComplianceStatus,
  type OverallCompliance,
} from '@palisade/domain/compliance/compliance.rules';
import type { DocumentVersion, Requirement } from '@palisade/domain/compliance/compliance.schema';
import type { DocumentRow, RequirementRow } from './compliance.repository';

/** A requirement as every reply names it. */
export function presentRequirement(row: RequirementRow): Requirement {
  return {
    _id: row.id,
    companyId: row.organisationId,
    name: row.name,
    description: row.description,
    appliesTo: row.scope,
    contractorIds: row.contractorIds,
    locations: row.locations,
    mandatory: row.mandatory,
    expires: row.expires,
    reminderDays: row.reminderDays,
    reviewer: row.reviewer,
    version: row.version,
    retired: row.retiredAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One uploaded version with its judgement. */
export function presentVersion(row: DocumentRow): DocumentVersion {
  return {
    _id: row.id,
    requirementId: row.requirementId,
    contractorId: row.contractorId,
    issueDate: row.issueDate,
    expiryDate: row.expiryDate,
    reference: row.reference,
    file: row.file,
    state: row.state,
    uploadedBy: { _id: row.uploadedBy, name: row.uploaderName },
    uploadedAt: row.createdAt.toISOString(),
    reviewedBy:
      row.reviewedBy !== null && row.reviewerName !== null && row.reviewerType !== null
        ? { _id: row.reviewedBy, name: row.reviewerName, type: row.reviewerType }
        : null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    remark: row.remark,
  };
}

/** Every status at 0: the counts' shape. */
export function zeroCounts(): Record<ComplianceStatus, number> {
  return Object.fromEntries(COMPLIANCE_STATUSES.map((s) => [s, 0])) as Record<ComplianceStatus, number>;
}

/** Every overall state at 0. */
export function zeroOverall(): Record<OverallCompliance, number> {
  return Object.fromEntries(OVERALL_COMPLIANCE.map((s) => [s, 0])) as Record<OverallCompliance, number>;
}

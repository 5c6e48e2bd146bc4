import { z } from 'zod';
import { clientIdField, versionField } from '../client-id';
import { isCalendarDay } from '../assessments/assessment.schema';
import { fileRecordSchema } from '../files/file.schema';
import { pageNumberField, pageSizeField } from '../paging';
import { idField } from '../users/users.schema';
import { complianceMessages as m } from './compliance.messages';
import {
  COMPLIANCE_MATRIX_PAGE_SIZES,
  COMPLIANCE_STATUSES,
  DEFAULT_REMINDER_DAYS,
  DOCUMENT_REFERENCE_MAX_LENGTH,
  DOCUMENT_STATES,
  OVERALL_COMPLIANCE,
  REMINDER_DAY_MAX,
  REMINDER_DAYS_MAX,
  REQUIREMENT_DESCRIPTION_MAX_LENGTH,
  REQUIREMENT_NAME_MAX_LENGTH,
  REQUIREMENT_REVIEWERS,
  REQUIREMENT_SCOPES,
  REQUIREMENT_TARGETS_MAX,
  REVIEW_REMARK_MAX_LENGTH,
} from './compliance.rules';

/**
 * Compliance documents (issue 57). Every call is POST /api/compliance/<name>. The server validates
 * each call with these; the forms resolve with the same ones.
 *
 * Who may call what:
 * - the organisation's users (type ORGANISATION) of `companyId`: everything but upload;
 * - its auditors (serving the organisation): the reads, and review where the requirement's
 *   reviewer is AUDITORS or BOTH;
 * - its contractors: listMyCompliance, uploadDocument, getDocumentHistory for their own documents.
 * Another organisation's ids are 404.
 */

const day = (field: string, required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isCalendarDay, m.dayInvalid(field));

// ---------------------------------------------------------------- requirements

const reminderDaysField = z
  .array(
    z
      .number({ error: m.reminderDaysInvalid(REMINDER_DAY_MAX) })
      .int(m.reminderDaysInvalid(REMINDER_DAY_MAX))
      .min(1, m.reminderDaysInvalid(REMINDER_DAY_MAX))
      .max(REMINDER_DAY_MAX, m.reminderDaysInvalid(REMINDER_DAY_MAX)),
    { error: m.reminderDaysInvalid(REMINDER_DAY_MAX) },
  )
  .max(REMINDER_DAYS_MAX, m.reminderDaysTooMany(REMINDER_DAYS_MAX))
  // Kept largest first, without repeats.
  .transform((days) => [...new Set(days)].sort((a, b) => b - a));

/** The fields of a requirement as the form sends them (create and update). */
export const requirementFieldsSchema = z
  .object({
    name: z
      .string({ error: m.nameRequired })
      .trim()
      .min(1, m.nameRequired)
      .max(REQUIREMENT_NAME_MAX_LENGTH, m.tooLong('Name', REQUIREMENT_NAME_MAX_LENGTH)),
    description: z
      .string()
      .trim()
      .max(REQUIREMENT_DESCRIPTION_MAX_LENGTH, m.tooLong('Description', REQUIREMENT_DESCRIPTION_MAX_LENGTH))
      .default(''),
    appliesTo: z.enum(REQUIREMENT_SCOPES, { error: m.scopeInvalid }).default('ALL'),
    /** With appliesTo COMPANIES: the contractors' ids. */
    contractorIds: z.array(idField('contractorIds')).max(REQUIREMENT_TARGETS_MAX, m.tooManyTargets(REQUIREMENT_TARGETS_MAX)).default([]),
    /** With appliesTo LOCATIONS: the locations (as the contractors' location field, case-insensitive). */
    locations: z
      .array(z.string().trim().min(1, m.invalid('locations')).max(200, m.invalid('locations')))
      .max(REQUIREMENT_TARGETS_MAX, m.tooManyTargets(REQUIREMENT_TARGETS_MAX))
      .default([]),
    mandatory: z.boolean({ error: m.invalid('mandatory') }).default(true),
    expires: z.boolean({ error: m.invalid('expires') }).default(true),
    reminderDays: reminderDaysField.default([...DEFAULT_REMINDER_DAYS]),
    reviewer: z.enum(REQUIREMENT_REVIEWERS, { error: m.reviewerInvalid }).default('ORGANISATION'),
  })
  .superRefine((v, ctx) => {
    if (v.appliesTo === 'COMPANIES' && v.contractorIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['contractorIds'], message: m.companiesRequired });
    if (v.appliesTo === 'LOCATIONS' && v.locations.length === 0)
      ctx.addIssue({ code: 'custom', path: ['locations'], message: m.locationsRequired });
    if (v.expires && v.reminderDays.length === 0)
      ctx.addIssue({ code: 'custom', path: ['reminderDays'], message: m.reminderDaysRequired });
  });
export type RequirementFields = z.input<typeof requirementFieldsSchema>;

/** POST /compliance/createRequirement: the organisation's admin adds a requirement (client-made id). */
export const createRequirementSchema = z.intersection(
  z.object({ id: clientIdField, companyId: idField('companyId') }),
  requirementFieldsSchema,
);
export type CreateRequirementInput = z.input<typeof createRequirementSchema>;

/** POST /compliance/updateRequirement: an edit based on `version` (older: 409). Applies from now on. */
export const updateRequirementSchema = z.intersection(
  z.object({ requirementId: idField('requirementId'), version: versionField }),
  requirementFieldsSchema,
);
export type UpdateRequirementInput = z.input<typeof updateRequirementSchema>;

/** POST /compliance/retireRequirement: no longer required; its documents and history stay readable. */
export const retireRequirementSchema = z.object({ requirementId: idField('requirementId'), version: versionField });

/** POST /compliance/listRequirements: the organisation's requirements, live ones first by name. */
export const listRequirementsSchema = z.object({
  companyId: idField('companyId'),
  includeRetired: z.boolean().default(false),
});

export const requirementSchema = z.object({
  _id: z.string(),
  companyId: z.string(),
  name: z.string(),
  description: z.string(),
  appliesTo: z.enum(REQUIREMENT_SCOPES),
  contractorIds: z.array(z.string()),
  locations: z.array(z.string()),
  mandatory: z.boolean(),
  expires: z.boolean(),
  reminderDays: z.array(z.number()),
  reviewer: z.enum(REQUIREMENT_REVIEWERS),
  version: z.number(),
  retired: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Requirement = z.infer<typeof requirementSchema>;
export const requirementsReplySchema = z.object({ requirements: z.array(requirementSchema) });
export type RequirementsReply = z.infer<typeof requirementsReplySchema>;

// ---------------------------------------------------------------- documents

/**
 * POST /compliance/uploadDocument (multipart/form-data): these text fields and one file part
 * `file` (PDF, JPEG or PNG; the existing size cap, quota and streaming). The contractor uploads for
 * itself; a new version of the requirement's document (the older ones stay in the history).
 * `id` is the version's client-made id. Expiry date: required when the requirement expires, not
 * before the issue date, not before today (the server's clock); issue date not after today.
 */
export const uploadDocumentFieldsSchema = z
  .object({
    id: clientIdField,
    requirementId: idField('requirementId'),
    issueDate: day('issueDate', m.issueDateRequired),
    expiryDate: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v === undefined || v === '' ? null : v))
      .refine((v) => v === null || isCalendarDay(v), m.dayInvalid('expiryDate')),
    reference: z.string().trim().max(DOCUMENT_REFERENCE_MAX_LENGTH, m.tooLong('Reference', DOCUMENT_REFERENCE_MAX_LENGTH)).default(''),
  })
  .refine((v) => v.expiryDate === null || v.expiryDate >= v.issueDate, { path: ['expiryDate'], message: m.expiryBeforeIssue });
export type UploadDocumentFields = z.input<typeof uploadDocumentFieldsSchema>;

/** POST /compliance/reviewDocument: the reviewer accepts or rejects a SUBMITTED version (a remark required to reject). */
export const reviewDocumentSchema = z
  .object({
    documentId: idField('documentId'),
    decision: z.enum(['ACCEPTED', 'REJECTED'], { error: m.decisionInvalid }),
    remark: z.string().trim().max(REVIEW_REMARK_MAX_LENGTH, m.tooLong('Remark', REVIEW_REMARK_MAX_LENGTH)).default(''),
  })
  .refine((v) => v.decision === 'ACCEPTED' || v.remark.length > 0, { path: ['remark'], message: m.remarkRequired });
export type ReviewDocumentInput = z.input<typeof reviewDocumentSchema>;

/** One uploaded version with its judgement: the document's history is the list of these, newest first. */
export const documentVersionSchema = z.object({
  _id: z.string(),
  requirementId: z.string(),
  contractorId: z.string(),
  issueDate: z.string(),
  expiryDate: z.string().nullable(),
  reference: z.string(),
  file: fileRecordSchema,
  state: z.enum(DOCUMENT_STATES),
  uploadedBy: z.object({ _id: z.string(), name: z.string() }),
  uploadedAt: z.string(),
  reviewedBy: z.object({ _id: z.string(), name: z.string(), type: z.number() }).nullable(),
  reviewedAt: z.string().nullable(),
  remark: z.string(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

/** POST /compliance/getDocumentHistory: one contractor's versions for one requirement, newest first. */
export const getDocumentHistorySchema = z.object({
  requirementId: idField('requirementId'),
  /** The organisation and its auditors name the contractor; a contractor's own is taken from the session. */
  contractorId: idField('contractorId').optional(),
});
export const documentHistoryReplySchema = z.object({
  requirement: requirementSchema,
  contractor: z.object({ _id: z.string(), name: z.string(), location: z.string() }),
  status: z.enum(COMPLIANCE_STATUSES),
  versions: z.array(documentVersionSchema),
  /** Whether the caller may judge the newest version (it is SUBMITTED and the caller a reviewer). */
  canReview: z.boolean(),
});
export type DocumentHistoryReply = z.infer<typeof documentHistoryReplySchema>;

/** One requirement as a contractor sees it: its status, dates and the newest version. */
export const myRequirementSchema = z.object({
  requirement: requirementSchema,
  status: z.enum(COMPLIANCE_STATUSES),
  latest: documentVersionSchema.nullable(),
  /** Days to the expiry of the newest accepted version (negative once expired); null when none or no expiry. */
  daysLeft: z.number().nullable(),
});
export type MyRequirement = z.infer<typeof myRequirementSchema>;

/** POST /compliance/listMyCompliance: the signed-in contractor's requirements of the organisation `companyId`. */
export const listMyComplianceSchema = z.object({ companyId: idField('companyId') });
export const myComplianceReplySchema = z.object({
  items: z.array(myRequirementSchema),
  overall: z.enum(OVERALL_COMPLIANCE),
  counts: z.record(z.enum(COMPLIANCE_STATUSES), z.number()),
  /** The soonest expiry among accepted versions still valid (YYYY-MM-DD), or null. */
  nextExpiry: z.object({ requirementId: z.string(), name: z.string(), expiryDate: z.string() }).nullable(),
});
export type MyComplianceReply = z.infer<typeof myComplianceReplySchema>;

// ---------------------------------------------------------------- the organisation's matrix

const matrixFilters = {
  companyId: idField('companyId'),
  /** Company name contains (case-insensitive). */
  search: z.string().trim().max(100, m.tooLong('search', 100)).default(''),
  location: z.string().trim().max(200, m.tooLong('location', 200)).default(''),
  /** Rows that have at least one cell of this status (within `requirementId` when given). */
  status: z.enum(COMPLIANCE_STATUSES, { error: m.statusInvalid }).optional(),
  requirementId: idField('requirementId').optional(),
};

/** POST /compliance/getMatrix: a page of contractors (by name) × the live requirements. */
export const getMatrixSchema = z.object({
  ...matrixFilters,
  page: pageNumberField.default(1),
  pageSize: pageSizeField(COMPLIANCE_MATRIX_PAGE_SIZES).default(COMPLIANCE_MATRIX_PAGE_SIZES[0]),
});
export type GetMatrixInput = z.input<typeof getMatrixSchema>;

export const matrixCellSchema = z.object({
  requirementId: z.string(),
  /** null when the requirement does not apply to this contractor. */
  status: z.enum(COMPLIANCE_STATUSES).nullable(),
  documentId: z.string().nullable(),
  expiryDate: z.string().nullable(),
});
export const matrixRowSchema = z.object({
  contractor: z.object({ _id: z.string(), name: z.string(), location: z.string() }),
  overall: z.enum(OVERALL_COMPLIANCE),
  /** One per requirement of `requirements`, in that order. */
  cells: z.array(matrixCellSchema),
});
export type MatrixRow = z.infer<typeof matrixRowSchema>;
export const matrixReplySchema = z.object({
  requirements: z.array(z.object({ _id: z.string(), name: z.string(), mandatory: z.boolean() })),
  rows: z.array(matrixRowSchema),
  /** Contractors matching the filters. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Cells per status over every contractor matching search and location (not paged). */
  counts: z.record(z.enum(COMPLIANCE_STATUSES), z.number()),
});
export type MatrixReply = z.infer<typeof matrixReplySchema>;

/** POST /compliance/exportMatrix: the filtered matrix as CSV (text/csv; a header row, one row per contractor). */
export const exportMatrixSchema = z.object(matrixFilters);

/** POST /compliance/getSummary: the organisation's home card: cells per status over every contractor. */
export const getSummarySchema = z.object({ companyId: idField('companyId') });
export const summaryReplySchema = z.object({
  counts: z.record(z.enum(COMPLIANCE_STATUSES), z.number()),
  overall: z.record(z.enum(OVERALL_COMPLIANCE), z.number()),
});
export type SummaryReply = z.infer<typeof summaryReplySchema>;

/** POST /compliance/getOverallStates: each contractor's overall state, for the lists that show it beside the name. */
export const getOverallStatesSchema = z.object({
  companyId: idField('companyId'),
  contractorIds: z.array(idField('contractorIds')).max(REQUIREMENT_TARGETS_MAX, m.tooManyTargets(REQUIREMENT_TARGETS_MAX)),
});
export const overallStatesReplySchema = z.object({ states: z.record(z.string(), z.enum(OVERALL_COMPLIANCE)) });
export type OverallStatesReply = z.infer<typeof overallStatesReplySchema>;

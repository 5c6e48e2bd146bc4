import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import type {
  ComplianceDocumentState,
  RequirementReviewer,
  RequirementScope,
} from '@palisade/domain/compliance/compliance.rules';
import { createdAt, updatedAt } from './columns';
import { organisations, users } from './accounts';

/**
 * Issue 57. What an organisation requires of its contractors: insurance, certificates, licences.
 * A retired requirement (retired_at set) is no longer asked for; its documents stay.
 */
export const complianceRequirements = pgTable(
  'compliance_requirements',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    scope: text('scope').$type<RequirementScope>().notNull(),
    contractorIds: text('contractor_ids').array().notNull().default(sql`'{}'::text[]`),
    /** Kept lower-case and trimmed: matched against a contractor's location the same way. */
    locations: text('locations').array().notNull().default(sql`'{}'::text[]`),
    mandatory: boolean('mandatory').notNull(),
    expires: boolean('expires').notNull(),
    /** Largest first. */
    reminderDays: integer('reminder_days').array().notNull(),
    reviewer: text('reviewer').$type<RequirementReviewer>().notNull(),
    version: integer('version').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('compliance_requirements_org_idx').on(t.organisationId, t.retiredAt)],
);

/**
 * One uploaded version of a contractor's document for a requirement, with its one judgement: the
 * document's history is its versions, newest first.
 */
export const complianceDocuments = pgTable(
  'compliance_documents',
  {
    id: text('id').primaryKey(),
    requirementId: text('requirement_id')
      .notNull()
      .references(() => complianceRequirements.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    contractorId: text('contractor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    reference: text('reference').notNull().default(''),
    file: jsonb('file').$type<FileRecord>().notNull(),
    state: text('state').$type<ComplianceDocumentState>().notNull(),
    uploadedBy: text('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploaderName: text('uploader_name').notNull(),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewerName: text('reviewer_name'),
    reviewerType: smallint('reviewer_type'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('compliance_documents_history_idx').on(t.contractorId, t.requirementId, t.createdAt.desc(), t.id),
    index('compliance_documents_org_idx').on(t.organisationId, t.requirementId),
  ],
);

/**
 * The newest version per requirement and contractor, kept in the transaction of each upload and
 * review: the matrix, the summary and the reminder sweep read this (one row per cell) instead of
 * finding the newest among all versions.
 */
export const complianceCurrent = pgTable(
  'compliance_current',
  {
    requirementId: text('requirement_id')
      .notNull()
      .references(() => complianceRequirements.id, { onDelete: 'cascade' }),
    contractorId: text('contractor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    documentId: text('document_id')
      .notNull()
      .references(() => complianceDocuments.id, { onDelete: 'cascade' }),
    state: text('state').$type<ComplianceDocumentState>().notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'compliance_current_pk', columns: [t.requirementId, t.contractorId] }),
    index('compliance_current_org_contractor_idx').on(t.organisationId, t.contractorId),
    index('compliance_current_expiry_idx')
      .on(t.expiryDate)
      .where(sql`${t.state} = 'ACCEPTED' and ${t.expiryDate} is not null`),
  ],
);

/**
 * Reminders already sent: one per document version and day (`reminder_day`: the days before
 * expiry it was for, 0 on the expiry day), so that each goes once across instances.
 */
export const complianceReminders = pgTable(
  'compliance_reminders',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => complianceDocuments.id, { onDelete: 'cascade' }),
    reminderDay: integer('reminder_day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'compliance_reminders_pk', columns: [t.documentId, t.reminderDay] })],
);

/** The weekly digest sent to an organisation's admins: one per organisation and week (its Monday). */
export const complianceDigests = pgTable(
  'compliance_digests',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    weekOf: date('week_of', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'compliance_digests_pk', columns: [t.organisationId, t.weekOf] })],
);

/**
 * A number per organisation that changes whenever what its compliance matrix shows may change: its
 * requirements, its contractors' current documents, its links to contractors, or a linked
 * contractor's name, location or state (the triggers of migration 0037 bump it in the writing
 * statement's transaction, whoever writes). The matrix, the summary and the overall states are
 * kept by this number and the day (matrix.service.ts): one key lookup instead of the cells of
 * every contractor, on every instance. No foreign key: a deleted organisation's number is deleted
 * by the erasure, and a trigger firing while an organisation's rows cascade away must not fail.
 */
export const complianceVersions = pgTable('compliance_versions', {
  organisationId: text('organisation_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

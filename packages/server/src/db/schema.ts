import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ChatDocument, ChatSenderType } from '@palisade/domain/chat/chat.schema';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import type { AuditorFileRecord } from '@palisade/domain/responses/response.schema';
import type { NotificationKind } from '@palisade/domain/notifications/notification.rules';
import type { AnswerStatus, AnswerType, AssessmentStatus, AssessStatus, ResponseStatus } from '@palisade/domain/statuses';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The tenant: the firm that runs the portal for its suppliers. */
export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  location: text('location'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every account, of all five types. Contractors' name is the company name; auditors' the
 * inspection firm's. Organisation users and employees belong to one organisation through
 * organisation_id; contractors and auditors through user_organisations.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    type: smallint('type').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    phone: text('phone'),
    location: text('location'),
    code: text('code'),
    contactPersonName: text('contact_person_name'),
    organisationId: text('organisation_id').references(() => organisations.id),
    contractorId: text('contractor_id'),
    isActive: boolean('is_active').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    profileImage: jsonb('profile_image').$type<FileRecord>(),
    canExportAssessmentData: boolean('can_export_assessment_data').notNull().default(false),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_organisation_idx').on(t.organisationId, t.type),
    index('users_contractor_idx').on(t.contractorId),
    // The Employee Learning table: an organisation's live employees by name, a page at a time (learning.repository).
    index('users_org_type_name_live_idx').on(t.organisationId, t.type, t.name, t.id).where(sql`${t.deletedAt} is null`),
    index('users_contractor_name_live_idx').on(t.contractorId, t.name, t.id).where(sql`${t.deletedAt} is null`),
    // Its name search (ILIKE '%text%'): trigrams of live employees' names (migration 0018, pg_trgm).
    index('users_employee_name_trgm_idx')
      .using('gin', t.name.op('gin_trgm_ops'))
      .where(sql`${t.type} = 5 and ${t.deletedAt} is null`),
  ],
);

/**
 * assoc_companies: the organisations a contractor or an auditor serves. disabled_at: the
 * organisation disabled an account that also serves another for itself only (DECISIONS.md): the
 * account may not work there, and stays active elsewhere.
 */
export const userOrganisations = pgTable(
  'user_organisations',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organisationId] }),
    index('user_organisations_org_idx').on(t.organisationId),
  ],
);

/** Server-side sessions; the cookie holds a random token, the row its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The working organisation chosen with the switcher; null follows the default rule. */
    organisationId: text('organisation_id'),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use codes of reset and invitation links, stored hashed. */
export const authCodes = pgTable(
  'auth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'reset' | 'invite'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_codes_user_idx').on(t.userId)],
);

/** Failed sign-ins of an account since its last success (#17): backoff, then a lock. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client address the failures came from; '*' for the account's from every address (issue 64). */
    address: text('address').notNull().default('*'),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

/** Stored files, so that downloads can be authorized. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    path: text('path').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    size: integer('size').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    /** The organisation whose users may read it; null: the owner and those sharing one with it. */
    organisationId: text('organisation_id'),
    /**
     * With organisationId: only the organisation's own users and its auditors read it, besides the
     * owner (answer attachments: the organisation's other contractors are the owner's competitors).
     */
    staffOnly: boolean('staff_only').notNull().default(false),
    /**
     * With organisationId: the organisation's auditors do not read it (policy documents: its users,
     * contractors and employees; with staffOnly, feedback: its own users and the owner only).
     */
    auditorsExcluded: boolean('auditors_excluded').notNull().default(false),
    /**
     * The organisation whose storage quota the file counts against when that is not
     * organisationId (a profile image, readable beyond one organisation: the uploader's working
     * organisation); null: organisationId. Migration 0013 keeps organisation_storage in step.
     */
    quotaOrganisationId: text('quota_organisation_id'),
    /**
     * Since when nothing uses the file (an answer attachment uploaded for a later save, or taken
     * off its answer); null once it is attached. Unattached files count against their owner's
     * limit and are deleted UNATTACHED_UPLOAD_TTL_MS after this.
     */
    unattachedSince: timestamp('unattached_since', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('files_path_key').on(t.path),
    index('files_owner_idx').on(t.ownerId),
    index('files_unattached_owner_idx').on(t.ownerId).where(sql`${t.unattachedSince} is not null`),
    index('files_unattached_since_idx').on(t.unattachedSince).where(sql`${t.unattachedSince} is not null`),
  ],
);

/**
 * Bytes an organisation's files take (the files charged to it: quotaOrganisationId, else
 * organisationId), kept by a trigger on files (migration 0013) so that the quota check of an
 * upload reads one row, which it locks while it decides.
 */
export const organisationStorage = pgTable('organisation_storage', {
  organisationId: text('organisation_id').primaryKey(),
  usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
});

/**
 * Append-only: who changed what, when, before → after. A trigger (migration 0014) raises on any
 * UPDATE or DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
    actorId: text('actor_id'),
    organisationId: text('organisation_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_organisation_at_idx').on(t.organisationId, t.at.desc(), t.id.desc()),
    index('audit_log_organisation_actor_at_idx').on(t.organisationId, t.actorId, t.at.desc()),
  ],
);

// ------------------------------------------------------------------------ assessment authoring

/** The organisation's categories of assessment sections; a name once per organisation, any case. */
export const assessCategories = pgTable(
  'assess_categories',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    /** Who created it (migration 0028; older rows: null): a repeated create of theirs gets it back. */
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Also serves the list, sorted by name.
    uniqueIndex('assess_categories_org_name_key').on(t.organisationId, sql`lower(${t.name})`),
    index('assess_categories_org_created_idx').on(t.organisationId, t.createdAt),
  ],
);

/** The organisation's question bank; a text once per organisation, any case. */
export const questions = pgTable(
  'questions',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    questText: text('quest_text').notNull(),
    /** Who created it (migration 0028; older rows: null): a repeated create of theirs gets it back. */
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('questions_org_text_key').on(t.organisationId, sql`lower(${t.questText})`),
    index('questions_org_created_idx').on(t.organisationId, t.createdAt),
  ],
);

/**
 * The version of a list of an organisation that the server keeps (migration 0022): 'question_bank'
 * or 'assessments'. Triggers give it a new one (a sequence) with every write of its rows, so a list
 * kept by the server is current while its version holds.
 */
export const listVersions = pgTable(
  'list_versions',
  {
    organisationId: text('organisation_id').notNull(),
    list: text('list').$type<'question_bank' | 'assessments'>().notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'list_versions_pk', columns: [t.organisationId, t.list] })],
);

/** An assessment: NEW on creation, PENDING once a contractor has started it. */
export const assessments = pgTable(
  'assessments',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').$type<AssessmentStatus>().notNull().default('NEW'),
    /** Goes up with every change (migration 0028): an edit based on an older one is refused (409). */
    version: integer('version').notNull().default(0),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastAccessTime: timestamp('last_access_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assessments_org_created_idx').on(t.organisationId, t.createdAt),
    index('assessments_org_access_idx').on(t.organisationId, t.lastAccessTime),
    // The Assessments modal: an organisation's NEW ones, newest first.
    index('assessments_org_status_created_idx').on(t.organisationId, t.status, t.createdAt),
    index('assessments_creator_idx').on(t.creatorId),
    // The reminder sweep: the assessments due in its window.
    index('assessments_due_date_idx').on(t.dueDate),
  ],
);

/** A section of an assessment: one category (once per assessment), its marks and E-S-G-O factors. */
export const assessmentSections = pgTable(
  'assessment_sections',
  {
    id: text('id').primaryKey(),
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    categoryId: text('category_id')
      .notNull()
      .references(() => assessCategories.id),
    totalMarks: integer('total_marks').notNull(),
    factorEnvironment: boolean('factor_environment').notNull().default(false),
    factorSocial: boolean('factor_social').notNull().default(false),
    factorGovernance: boolean('factor_governance').notNull().default(false),
    factorOthers: boolean('factor_others').notNull().default(false),
  },
  (t) => [
    uniqueIndex('assessment_sections_position_key').on(t.assessmentId, t.position),
    uniqueIndex('assessment_sections_category_key').on(t.assessmentId, t.categoryId),
    index('assessment_sections_category_idx').on(t.categoryId),
  ],
);

/** A question of a section: one of the bank (once per section) and how it is answered. */
export const assessmentSectionQuestions = pgTable(
  'assessment_section_questions',
  {
    id: text('id').primaryKey(),
    sectionId: text('section_id')
      .notNull()
      .references(() => assessmentSections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id),
    answerType: text('answer_type').$type<AnswerType>().notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('assessment_section_questions_position_key').on(t.sectionId, t.position),
    uniqueIndex('assessment_section_questions_question_key').on(t.sectionId, t.questionId),
    index('assessment_section_questions_question_idx').on(t.questionId),
  ],
);

/** The contractor companies an assessment is shared with. */
export const assessmentContractors = pgTable(
  'assessment_contractors',
  {
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    contractorId: text('contractor_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.contractorId] }),
    index('assessment_contractors_contractor_idx').on(t.contractorId),
  ],
);

/** What happened to an assessment, oldest first: who, when, the status then, the action. */
export const assessmentTimeline = pgTable(
  'assessment_timeline',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id').references(() => users.id),
    /** The name at the time, so that the entry reads the same after a rename. */
    actorName: text('actor_name').notNull(),
    status: text('status').$type<AssessmentStatus>().notNull(),
    action: text('action').notNull(),
  },
  (t) => [index('assessment_timeline_assessment_idx').on(t.assessmentId, t.at)],
);

/**
 * A contractor's response to an assessment (one per contractor and assessment). The counts that
 * lists and scores read are kept here and in response_sections, updated in the same transaction
 * as the answers (responses.repository recount), so that a list reads one indexed page and score
 * totals are SQL sums over them.
 */
export const responses = pgTable(
  'responses',
  {
    id: text('id').primaryKey(),
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id),
    contractorId: text('contractor_id')
      .notNull()
      .references(() => users.id),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    status: text('status').$type<ResponseStatus>().notNull().default('PENDING'),
    /** The contractor company's name when it started, as the lists show it. */
    contractorName: text('contractor_name').notNull().default(''),
    isDueDateExtended: boolean('is_due_date_extended').notNull().default(false),
    newDueDate: date('new_due_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastAccessTime: timestamp('last_access_time', { withTimezone: true }).notNull().defaultNow(),
    totalSections: integer('total_sections').notNull().default(0),
    /** Sections whose questions are all ANSWERED. */
    completeSections: integer('complete_sections').notNull().default(0),
    totalQuestions: integer('total_questions').notNull().default(0),
    answeredQuestions: integer('answered_questions').notNull().default(0),
    /** Questions whose assessStatus is not NONE. */
    judgedQuestions: integer('judged_questions').notNull().default(0),
    rejectedQuestions: integer('rejected_questions').notNull().default(0),
    acceptedQuestions: integer('accepted_questions').notNull().default(0),
    /** Sum of the sections' totalMarks. */
    totalMarks: integer('total_marks').notNull().default(0),
    /** Sum of the sections' scoredMarks (0 until scored). */
    scoredMarks: integer('scored_marks').notNull().default(0),
    /** When it became COMPLETED (dashboards: the performance periods). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The auditor the organisation assigned (optional; issue 19): first on its dashboard. */
    assignedAuditorId: text('assigned_auditor_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('responses_assessment_contractor_key').on(t.assessmentId, t.contractorId),
    index('responses_org_assigned_idx').on(t.organisationId, t.assignedAuditorId).where(sql`${t.assignedAuditorId} is not null`),
    index('responses_org_access_idx').on(t.organisationId, t.lastAccessTime),
    index('responses_contractor_access_idx').on(t.contractorId, t.lastAccessTime),
    index('responses_org_status_access_idx').on(t.organisationId, t.status, t.lastAccessTime.desc()),
    // The reminder sweep: the responses whose extended due date is in its window.
    index('responses_extended_due_idx').on(t.newDueDate).where(sql`${t.isDueDateExtended}`),
    // Dashboards: the performance of a period reads this index alone (scores included).
    index('responses_org_completed_idx')
      .on(t.organisationId, t.completedAt, t.contractorId, t.scoredMarks, t.totalMarks)
      .where(sql`${t.status} = 'COMPLETED'`),
  ],
);

/**
 * Each contractor's sums over its COMPLETED responses in an organisation (count, scored and total
 * marks), kept by a trigger on responses (migration 0016) in the transaction of every change, so
 * that the organisation's totals, leaderboard and Engagement pages read one row per contractor. A
 * row whose `completed` is back to 0 stands for none.
 */
export const contractorScores = pgTable(
  'contractor_scores',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    contractorId: text('contractor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completed: integer('completed').notNull().default(0),
    scored: bigint('scored', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  // Also contractor_scores_org_cover_idx (organisation_id) INCLUDE (the other columns), migration
  // 0019: the organisation's totals read by an index-only scan (the builder has no INCLUDE).
  (t) => [primaryKey({ name: 'contractor_scores_pk', columns: [t.organisationId, t.contractorId] })],
);

/**
 * A section of a response: a copy of the assessment's section taken at the start (category name,
 * marks, factors), its score, and the counts of its questions.
 */
export const responseSections = pgTable(
  'response_sections',
  {
    id: text('id').primaryKey(),
    responseId: text('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    assessmentSectionId: text('assessment_section_id')
      .notNull()
      .references(() => assessmentSections.id),
    categoryId: text('category_id')
      .notNull()
      .references(() => assessCategories.id),
    /** The category's name when the response started. */
    categoryName: text('category_name').notNull(),
    totalMarks: integer('total_marks').notNull(),
    factorEnvironment: boolean('factor_environment').notNull().default(false),
    factorSocial: boolean('factor_social').notNull().default(false),
    factorGovernance: boolean('factor_governance').notNull().default(false),
    factorOthers: boolean('factor_others').notNull().default(false),
    /** Set by the auditor once every question is ACCEPTED. */
    scoredMarks: integer('scored_marks'),
    questionCount: integer('question_count').notNull().default(0),
    answeredCount: integer('answered_count').notNull().default(0),
    judgedCount: integer('judged_count').notNull().default(0),
    rejectedCount: integer('rejected_count').notNull().default(0),
    acceptedCount: integer('accepted_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('response_sections_position_key').on(t.responseId, t.position),
    // Deleting an assessment's sections (edit of an assessment nobody answered) checks this key.
    index('response_sections_assessment_section_idx').on(t.assessmentSectionId),
  ],
);

/** The answer of a response question: {yesNo, text, value}, the field of its type set. */
export interface StoredAnswerJson {
  yesNo: 'YES' | 'NO' | null;
  text: string | null;
  value: string | number | boolean | string[] | null;
}

/** A question of a response: a copy of the assessment's question, its answer and judgement. */
export const responseQuestions = pgTable(
  'response_questions',
  {
    id: text('id').primaryKey(),
    responseId: text('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    responseSectionId: text('response_section_id')
      .notNull()
      .references(() => responseSections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id),
    /** The question's text when the response started. */
    questText: text('quest_text').notNull(),
    answerType: text('answer_type').$type<AnswerType>().notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    answer: jsonb('answer').$type<StoredAnswerJson>(),
    attachments: jsonb('attachments').$type<FileRecord[]>().notNull().default([]),
    /** The auditors' files on the question (issue 56), oldest first; not part of the answer (no version change). */
    auditorAttachments: jsonb('auditor_attachments').$type<AuditorFileRecord[]>().notNull().default([]),
    answerStatus: text('answer_status').$type<AnswerStatus>().notNull().default('UNANSWERED'),
    assessStatus: text('assess_status').$type<AssessStatus>().notNull().default('NONE'),
    remarks: text('remarks'),
    /** Goes up with every change of the answer or its files: a save based on an older one is refused (409). */
    version: integer('version').notNull().default(1),
    /**
     * The version the answer had when the response entered REASSESSMENT, for the questions then
     * REJECTED (editable until the contractor submits); null otherwise (DECISIONS.md, States).
     */
    reopenedVersion: integer('reopened_version'),
  },
  (t) => [
    uniqueIndex('response_questions_position_key').on(t.responseSectionId, t.position),
    index('response_questions_response_idx').on(t.responseId),
  ],
);

/** Every judgement and remark of a question, kept as its history (DECISIONS.md, States). */
export const responseQuestionHistory = pgTable(
  'response_question_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    responseId: text('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    responseQuestionId: text('response_question_id')
      .notNull()
      .references(() => responseQuestions.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id').references(() => users.id),
    /** The name and type at the time, so that the entry reads the same after a rename. */
    actorName: text('actor_name').notNull(),
    actorType: smallint('actor_type').notNull(),
    assessStatus: text('assess_status').$type<AssessStatus>().notNull(),
    remarks: text('remarks'),
  },
  (t) => [
    index('response_question_history_question_idx').on(t.responseQuestionId, t.at),
    index('response_question_history_response_idx').on(t.responseId),
  ],
);

/** Every status change of a response: who, when, from, to (DECISIONS.md, States). */
export const responseTimeline = pgTable(
  'response_timeline',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    responseId: text('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id').references(() => users.id),
    /** The name and type at the time, so that the entry reads the same after a rename. */
    actorName: text('actor_name').notNull(),
    actorType: smallint('actor_type').notNull(),
    /** Null at the start. */
    fromStatus: text('from_status').$type<ResponseStatus>(),
    toStatus: text('to_status').$type<ResponseStatus>().notNull(),
    /** E.g. the extended due date of a reassessment. */
    note: text('note'),
  },
  (t) => [index('response_timeline_response_idx').on(t.responseId, t.at)],
);

// ------------------------------------------------------------------------------------------ chat

/**
 * A conversation about one question of a contractor's response, id `${contractorId}_${questionId}`
 * (spec §3), created with its first message. Who may read it follows the response: its
 * contractor, the organisation's users and the organisation's auditors.
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: text('id').primaryKey(),
    responseId: text('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id),
    /** The response section of the question. */
    sectionId: text('section_id')
      .notNull()
      .references(() => responseSections.id, { onDelete: 'cascade' }),
    /** The response question (its `_id` in replies). */
    questionId: text('question_id')
      .notNull()
      .references(() => responseQuestions.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    contractorId: text('contractor_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('chat_rooms_response_idx').on(t.responseId)],
);

/**
 * A message of a room. Its sender's name and side are kept as they were; created_at rises
 * strictly within a response (chat.service), so that a reconnecting client resumes after the
 * last one it has without loss or repeat.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    responseId: text('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    fromId: text('from_id')
      .notNull()
      .references(() => users.id),
    fromType: text('from_type').$type<ChatSenderType>().notNull(),
    fromName: text('from_name').notNull(),
    /** '' when only a file was sent. */
    message: text('message').notNull().default(''),
    document: jsonb('document').$type<ChatDocument>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_room_idx').on(t.roomId, t.createdAt, t.id),
    index('chat_messages_response_idx').on(t.responseId, t.createdAt),
    // The chat digest sweep (issue 22) reads the messages of the last day older than ten minutes.
    index('chat_messages_created_idx').on(t.createdAt),
  ],
);

/** How far each reader has read a room (unread counts are the newer messages of others). */
export const chatReads = pgTable(
  'chat_reads',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);

// ------------------------------------------------------------------------------------ observations

/**
 * A safety observation report (company-and-auditor §3): reported by an employee or a contractor,
 * of one contractor (managerid) of one organisation, numbered per organisation (srno). status:
 * 1 Submitted, 2 Accepted, 3 Rejected, 4 Marked as Duplicate; action: 0 none, 1 to 3.
 */
export const observations = pgTable(
  'observations',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    srno: integer('srno').notNull(),
    category: text('category').notNull(),
    status: smallint('status').notNull().default(1),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    reportedBy: text('reported_by')
      .notNull()
      .references(() => users.id),
    reporterName: text('reporter_name').notNull(),
    contractorId: text('contractor_id')
      .notNull()
      .references(() => users.id),
    /** The submitted form fields, in order (FullName, Location, Description, …). */
    formData: jsonb('form_data').$type<{ label: string; value: string }[]>().notNull(),
    description: text('description').notNull().default(''),
    photo: jsonb('photo').$type<FileRecord>(),
    action: smallint('action').notNull().default(0),
    actionAt: timestamp('action_at', { withTimezone: true }),
    /** Captured once, by the first action or comment. */
    acceptAt: timestamp('accept_at', { withTimezone: true }),
    actionBy: text('action_by').references(() => users.id),
    rootCauseAnalysis: text('root_cause_analysis').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('observations_org_srno_key').on(t.organisationId, t.srno),
    index('observations_org_reported_idx').on(t.organisationId, t.reportedAt, t.id),
    // INCLUDE (organisation_id, category) too, migration 0023: the contractor's graph reads the
    // index alone (the builder has no INCLUDE).
    index('observations_contractor_reported_idx').on(t.contractorId, t.reportedAt, t.id),
  ],
);

/**
 * Reports per organisation, UTC day and category, kept in the transaction of each new report:
 * the organisation's Monthly Reporting reads at most 366 × 6 of these instead of a year of reports.
 */
export const observationDayCounts = pgTable(
  'observation_day_counts',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.day, t.category] })],
);


/**
 * The organisation's reports per UTC month and category (#21): the year's graph reads 12 months
 * of these instead of 365 days of observation_day_counts. Written with the day's row in one
 * statement (observations.repository.ts bumpDayCount); month is the UTC month's first day.
 */
export const observationMonthCounts = pgTable(
  'observation_month_counts',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    month: date('month', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.month, t.category] })],
);
// ------------------------------------------------------------------------ documents and feedback

/**
 * A policy document (policy update) of an organisation, shown in the homes' Recent Policy Updates
 * card. Its files are stored records (files table) listed in attachments; the creator's name and
 * type are kept as they were.
 */
export const policyDocuments = pgTable(
  'policy_documents',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id),
    creatorType: smallint('creator_type').notNull(),
    creatorName: text('creator_name').notNull(),
    attachments: jsonb('attachments').$type<FileRecord[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('policy_documents_org_idx').on(t.organisationId, t.createdAt)],
);

/** A reader's first opening of a policy document: once per user (spec §4). */
export const policyDocumentViews = pgTable(
  'policy_document_views',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => policyDocuments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewerType: smallint('viewer_type').notNull(),
    viewerName: text('viewer_name').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.userId] }), index('policy_document_views_user_idx').on(t.userId)],
);

/** Feedback given to an organisation; the author's name, e-mail and company are kept as they were. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    authorType: smallint('author_type').notNull(),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    companyName: text('company_name').notNull(),
    feedbackText: text('feedback_text').notNull(),
    attachments: jsonb('attachments').$type<FileRecord[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedbacks_org_idx').on(t.organisationId, t.createdAt)],
);

// ------------------------------------------------------------------------ learning and notices

/**
 * Learning categories (topics) and sub-categories an organisation added besides the defaults
 * (LEARNING_DEFAULT_CATEGORIES, LEARNING_DEFAULT_SUBCATEGORIES); a name once per kind, any case.
 */
export const learningCategories = pgTable(
  'learning_categories',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    kind: text('kind').$type<'category' | 'subcategory'>().notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('learning_categories_org_kind_name_key').on(t.organisationId, t.kind, sql`lower(${t.name})`)],
);

/**
 * A learning document of an organisation under a topic (category) and sub-category; notices are
 * learning documents under topic Notices (DECISIONS.md). type: 1 Image, 2 Video, 3 PDF, 4 Youtube
 * link. A file document is ready once its file is uploaded to the storage reference that
 * uploadLearning / createNotice returned; a Youtube link is ready at once. Lists show ready ones.
 */
export const learningDocuments = pgTable(
  'learning_documents',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    topic: text('topic').notNull(),
    subcat: text('subcat').notNull().default(''),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: smallint('type').notNull(),
    rewards: integer('rewards').notNull(),
    /** Seconds (totaltime). */
    totalTime: integer('total_time').notNull(),
    /** The chosen file's name (stored name once uploaded). */
    fileName: text('file_name').notNull().default(''),
    /** The Youtube embed link (type 4). */
    itemUrl: text('item_url').notNull().default(''),
    file: jsonb('file').$type<FileRecord>(),
    ready: boolean('ready').notNull().default(false),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id),
    creatorType: smallint('creator_type').notNull(),
    creatorName: text('creator_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('learning_documents_org_topic_idx').on(t.organisationId, t.topic, t.createdAt)],
);

/**
 * An employee's time on one learning document (recordProgress): seconds only grow, completion is
 * set once. organisation and contractor are the employee's, kept for the lists.
 */
export const learningProgress = pgTable(
  'learning_progress',
  {
    docId: text('doc_id')
      .notNull()
      .references(() => learningDocuments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    contractorId: text('contractor_id').notNull().default(''),
    seconds: integer('seconds').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.docId, t.userId] }),
    // For the cascade of a user's deletion; the Employee Learning table reads learning_employee_totals.
    index('learning_progress_user_id_idx').on(t.userId),
  ],
);

/**
 * Seconds learnt per organisation, UTC month and contractor, kept in the transaction of each
 * recordProgress (the growth of seconds is added to the month it was recorded in): the Learning in
 * hours chart reads at most 12 × contractors rows instead of the progress rows.
 */
export const learningMonthSeconds = pgTable(
  'learning_month_seconds',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    month: date('month', { mode: 'string' }).notNull(),
    contractorId: text('contractor_id').notNull().default(''),
    seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.month, t.contractorId] })],
);

/**
 * Seconds learnt per organisation and UTC month, all its contractors together: kept with
 * learning_month_seconds in the same statement (addMonthSeconds), so that the organisation's
 * Learning in hours chart reads 12 rows, not 12 × contractors (issue 21).
 */
export const learningOrgMonthSeconds = pgTable(
  'learning_org_month_seconds',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    month: date('month', { mode: 'string' }).notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.month] })],
);

/**
 * An employee's learning summed over its progress rows (seconds, and modules completed), kept in
 * the transaction of each recordProgress: the Employee Learning table reads one row per employee
 * of its page instead of summing each one's progress (issue 21).
 */
export const learningEmployeeTotals = pgTable('learning_employee_totals', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
  completed: integer('completed').notNull().default(0),
});

/** A reader's first opening of a notice: once per user. contractor_id is the reader's side (itself, or an employee's contractor). */
export const noticeViews = pgTable(
  'notice_views',
  {
    docId: text('doc_id')
      .notNull()
      .references(() => learningDocuments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contractorId: text('contractor_id').notNull().default(''),
    viewerType: smallint('viewer_type').notNull(),
    viewerName: text('viewer_name').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.docId, t.userId] }),
    index('notice_views_doc_contractor_idx').on(t.docId, t.contractorId),
    index('notice_views_user_idx').on(t.userId),
  ],
);

// ----------------------------------------------------------------------------------- notifications

/** What a user is told in the app (the bell, issue 22); one row per recipient and event. */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The app route where the user acts on it. */
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** The kinds whose mails a user turned off (in-app notifications stay). */
export const notificationEmailOptOuts = pgTable(
  'notification_email_opt_outs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'notification_email_opt_outs_pk', columns: [t.userId, t.kind] })],
);

/**
 * The mail queue: one row per mail, written in the transaction of the change that caused it;
 * workers of any instance claim due rows with FOR UPDATE SKIP LOCKED (notifications/mail-queue.ts).
 * status: pending (to send, at run_at), sent, failed (gave up; last_error kept).
 */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    notificationId: text('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    link: text('link'),
    unsubscribeLink: text('unsubscribe_link'),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claim's lease: a worker that died while sending leaves the row to another after it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_jobs_pending_idx').on(t.runAt, t.id).where(sql`${t.status} = 'pending'`)],
);

/** Reminders already told: one per response, kind and effective due date. */
export const notificationReminders = pgTable(
  'notification_reminders',
  {
    responseId: text('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'due_soon' | 'overdue'>().notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'notification_reminders_pk', columns: [t.responseId, t.kind, t.dueDate] })],
);

/** How far each reader's unread messages of a room were told in a digest. */
export const chatDigests = pgTable(
  'chat_digests',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'chat_digests_pk', columns: [t.roomId, t.userId] })],
);

/** Secrets made once per installation and shared by its instances (the unsubscribe links' key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

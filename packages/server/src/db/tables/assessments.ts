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
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnswerType, AssessmentStatus } from '@palisade/domain/statuses';
import { createdAt, updatedAt } from './columns';
import { organisations, users } from './accounts';

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

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import type { FileRecord } from '@palisade/domain/files/file.schema';
import type { AuditorFileRecord } from '@palisade/domain/responses/response.schema';
import type {
  AnswerStatus,
  AnswerType,
  AssessStatus,
  ResponseStatus,
} from '@palisade/domain/statuses';
import { createdAt, updatedAt } from './columns';
import { organisations, users } from './accounts';
import { assessCategories, questions, assessments, assessmentSections } from './assessments';

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
    assignedAuditorId: text('assigned_auditor_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The round of a recurring assessment (issue 58, tables/recurrence.ts); 1 otherwise. */
    roundNumber: integer('round_number').notNull().default(1),
    /** The same contractor's response to the previous round (issue 58); null in round 1. */
    previousResponseId: text('previous_response_id').references((): AnyPgColumn => responses.id, {
      onDelete: 'set null',
    }),
    /**
     * Issue 58: a round's response whose sections and questions are not copied from its assessment
     * yet. A round opens as response rows only (its counts set from the assessment); the first read
     * of the response with its sections copies them (responsesRepository.materialise).
     */
    sectionsPending: boolean('sections_pending').notNull().default(false),
  },
  (t) => [
    uniqueIndex('responses_assessment_contractor_round_key').on(
      t.assessmentId,
      t.contractorId,
      t.roundNumber,
    ),
    // The next round's response of a response (and the set null when one is deleted).
    index('responses_previous_idx')
      .on(t.previousResponseId)
      .where(sql`${t.previousResponseId} is not null`),
    index('responses_org_assigned_idx')
      .on(t.organisationId, t.assignedAuditorId)
      .where(sql`${t.assignedAuditorId} is not null`),
    index('responses_org_access_idx').on(t.organisationId, t.lastAccessTime),
    index('responses_contractor_access_idx').on(t.contractorId, t.lastAccessTime),
    index('responses_org_status_access_idx').on(
      t.organisationId,
      t.status,
      t.lastAccessTime.desc(),
    ),
    // The reminder sweep: the responses whose extended due date is in its window.
    index('responses_extended_due_idx')
      .on(t.newDueDate)
      .where(sql`${t.isDueDateExtended}`),
    // Dashboards: the performance of a period reads this index alone (scores included).
    index('responses_org_completed_idx')
      .on(t.organisationId, t.completedAt, t.contractorId, t.scoredMarks, t.totalMarks)
      .where(sql`${t.status} = 'COMPLETED'`),
    // A contractor's trend (issue 58): its COMPLETED responses in an organisation, newest first.
    index('responses_contractor_completed_idx')
      .on(t.contractorId, t.organisationId, t.completedAt, t.id)
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
  (t) => [
    primaryKey({ name: 'contractor_scores_pk', columns: [t.organisationId, t.contractorId] }),
  ],
);

/**
 * An organisation's kept ranking (issue 63): its contractors with a COMPLETED response in
 * getTotalScoresOfContrsInCompany's order (best percent first, those with no marks last, then by
 * name and id), rebuilt from contractor_scores by a background job (dashboards/ranking.service.ts)
 * after the changes rankingState counts, never by a reader. A contractor whose total is 0 has no
 * percent and is not ranked: the ranked ones are positions 1 … rankingState.ranked, their rank.
 */
export const contractorRankings = pgTable(
  'contractor_rankings',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** From 1, in the ranking's order. */
    position: integer('position').notNull(),
    contractorId: text('contractor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The contractor's name when the ranking was built (a rename asks for a rebuild). */
    contractorName: text('contractor_name').notNull(),
    scored: bigint('scored', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'contractor_rankings_pk', columns: [t.organisationId, t.position] }),
    // A contractor's own entry (its position card); one per contractor by construction.
    index('contractor_rankings_contractor_idx').on(t.organisationId, t.contractorId),
  ],
);

/**
 * Where an organisation's kept ranking stands: `wanted` counts the changes that touch it (the
 * triggers of migration 0033: contractor_scores, a ranked contractor's name), `built` the count its
 * last rebuild saw; the ranking is due while wanted > built. `version` (never given twice: a
 * sequence) names the rebuild readers' kept texts go by; 0 until the first.
 */
export const rankingState = pgTable('ranking_state', {
  organisationId: text('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  wanted: bigint('wanted', { mode: 'number' }).notNull().default(1),
  built: bigint('built', { mode: 'number' }).notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /** Contractors ranked (with a percent): positions 1 … ranked. */
  ranked: integer('ranked').notNull().default(0),
  builtAt: timestamp('built_at', { withTimezone: true }),
});

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
    auditorAttachments: jsonb('auditor_attachments')
      .$type<AuditorFileRecord[]>()
      .notNull()
      .default([]),
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

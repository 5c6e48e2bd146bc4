/**
 * Issue 58: recurring assessments and carry-over.
 *
 * Where a response's round lives (for readers such as the trend pages): ON THE RESPONSES TABLE.
 * `responses.round_number` (1 for every response made before a recurrence, and for the first
 * round) and `responses.previous_response_id` (the same contractor's response to the previous
 * round of the same assessment; null in round 1). The series a response belongs to is its
 * assessment (`responses.assessment_id`): every round of a recurring assessment answers the same
 * assessment. A response is unique per (assessment_id, contractor_id, round_number).
 *
 * A round's label ("Q3 2027"), start and due date are in `assessment_rounds`, keyed by
 * (assessment_id, round_number): join it as
 *   left join assessment_rounds ar on ar.assessment_id = r.assessment_id and ar.round_number = r.round_number
 * (no row: the assessment does not recur; round 1 then has no label).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organisations, users } from './accounts';
import { assessments } from './assessments';
import { responseQuestions, responses } from './responses';

/**
 * How an assessment recurs: every `interval_months` (1, 3, 6 or 12) from `starts_on` (the start
 * of round 1), each round open for `window_days` (its due date: its start + window). Stopping keeps
 * the row (`active` false); a change (interval, window) applies from the next round on: the sweep
 * opens the next round on `next_round_on`, kept as the last opened round's start + the interval.
 */
export const assessmentRecurrences = pgTable(
  'assessment_recurrences',
  {
    assessmentId: text('assessment_id')
      .primaryKey()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    intervalMonths: smallint('interval_months').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    windowDays: integer('window_days').notNull(),
    active: boolean('active').notNull().default(true),
    /** The start of the next round to open (the sweep's key). */
    nextRoundOn: date('next_round_on', { mode: 'string' }).notNull(),
    /** Goes up with every change: an edit based on an older one is refused (409). */
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The sweep: the active recurrences whose next round is due.
    index('assessment_recurrences_due_idx')
      .on(t.nextRoundOn)
      .where(sql`${t.active}`),
    index('assessment_recurrences_org_idx').on(t.organisationId),
  ],
);

/**
 * A round of a recurring assessment, inserted once when it opens (the primary key makes a second
 * opening, by another instance, a no-op). Round 1 is recorded when the recurrence is set.
 */
export const assessmentRounds = pgTable(
  'assessment_rounds',
  {
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    roundNumber: integer('round_number').notNull(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** E.g. "Q3 2027", "Jul 2027", "H2 2027", "2027": the calendar period of its start. */
    label: text('label').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'assessment_rounds_pk', columns: [t.assessmentId, t.roundNumber] }),
    // The organisation's round filter: its rounds by label, newest first.
    index('assessment_rounds_org_idx').on(t.organisationId, t.startsOn),
  ],
);

/**
 * An answer carried over from the previous round (one row per question of the new response that
 * got one). It is unconfirmed while the question's version is still `carried_version` and
 * `confirmed_at` is null; a change of the answer (version up) counts as confirmed, and the
 * auditor then sees the previous answer beside the new one.
 */
export const responseCarryOvers = pgTable(
  'response_carry_overs',
  {
    responseQuestionId: text('response_question_id')
      .primaryKey()
      .references(() => responseQuestions.id, { onDelete: 'cascade' }),
    responseId: text('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    /** The question of the previous round's response the answer came from. */
    previousQuestionId: text('previous_question_id')
      .notNull()
      .references(() => responseQuestions.id, { onDelete: 'cascade' }),
    carriedVersion: integer('carried_version').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('response_carry_overs_response_idx').on(t.responseId)],
);

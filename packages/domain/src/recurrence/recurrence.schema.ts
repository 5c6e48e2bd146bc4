import { z } from 'zod';
import { versionField } from '../client-id';
import { isCalendarDay } from '../assessments/assessment.schema';
import { answerReplySchema } from '../responses/response.schema';
import { idField } from '../users/users.schema';
import { recurrenceMessages as m } from './recurrence.messages';
import {
  CARRY_CONFIRM_MAX,
  CARRY_STATES,
  RECURRENCE_INTERVALS,
  RECURRENCE_WINDOW_MAX_DAYS,
  RECURRENCE_WINDOW_MIN_DAYS,
  maxWindowDays,
} from './recurrence.rules';

/**
 * Recurring assessments and carry-over (issue 58). Every call is POST /api/recurrence/<name>; the
 * server validates each with these and the forms resolve with the same ones.
 *
 * Who may call what:
 * - the organisation's users (type ORGANISATION): getRecurrence, setRecurrence, stopRecurrence,
 *   listRounds, getResponseRound of its responses;
 * - its auditors: getRecurrence, listRounds, getResponseRound (what was carried over and changed);
 * - the contractor: getResponseRound, carryOver and confirmCarried of its own responses.
 * Another organisation's or contractor's ids are 404.
 *
 * The round of a response, for every reader (trends, overview): `responses.round_number`,
 * `responses.previous_response_id`, the series is the assessment; label and dates in
 * `assessment_rounds` (server tables/recurrence.ts). `responseRoundSchema` is its reply shape.
 */

const intervalField = z
  .number({ error: m.intervalInvalid })
  .int(m.intervalInvalid)
  .refine((n): n is (typeof RECURRENCE_INTERVALS)[number] => (RECURRENCE_INTERVALS as readonly number[]).includes(n), m.intervalInvalid);

const windowField = z
  .number({ error: m.windowInvalid(RECURRENCE_WINDOW_MIN_DAYS, RECURRENCE_WINDOW_MAX_DAYS) })
  .int(m.windowInvalid(RECURRENCE_WINDOW_MIN_DAYS, RECURRENCE_WINDOW_MAX_DAYS))
  .min(RECURRENCE_WINDOW_MIN_DAYS, m.windowInvalid(RECURRENCE_WINDOW_MIN_DAYS, RECURRENCE_WINDOW_MAX_DAYS))
  .max(RECURRENCE_WINDOW_MAX_DAYS, m.windowInvalid(RECURRENCE_WINDOW_MIN_DAYS, RECURRENCE_WINDOW_MAX_DAYS));

const dayField = z.string({ error: m.startsOnInvalid }).trim().refine(isCalendarDay, m.startsOnInvalid);

/** POST /recurrence/getRecurrence */
export const getRecurrenceSchema = z.object({ assessmentId: idField('assessmentId') });
export type GetRecurrenceInput = z.input<typeof getRecurrenceSchema>;

/**
 * The fields of a recurrence as the form edits them. A change applies from the next round on;
 * startsOn (the start of round 1) is kept from the first save.
 */
export const recurrenceFieldsSchema = z
  .object({
    intervalMonths: intervalField,
    startsOn: dayField,
    windowDays: windowField,
  })
  .superRefine((v, ctx) => {
    const max = maxWindowDays(v.intervalMonths);
    if (v.windowDays > max) ctx.addIssue({ code: 'custom', path: ['windowDays'], message: m.windowTooLong(max) });
  });
export type RecurrenceFieldsInput = z.input<typeof recurrenceFieldsSchema>;

/**
 * POST /recurrence/setRecurrence: makes the assessment recur (version 0 when it does not yet) or
 * changes its recurrence (the version read; stale: 409), and resumes a stopped one.
 */
export const setRecurrenceSchema = z
  .object({
    assessmentId: idField('assessmentId'),
    intervalMonths: intervalField,
    startsOn: dayField,
    windowDays: windowField,
    version: versionField,
  })
  .superRefine((v, ctx) => {
    const max = maxWindowDays(v.intervalMonths);
    if (v.windowDays > max) ctx.addIssue({ code: 'custom', path: ['windowDays'], message: m.windowTooLong(max) });
  });
export type SetRecurrenceInput = z.input<typeof setRecurrenceSchema>;
export type SetRecurrenceBody = z.output<typeof setRecurrenceSchema>;

/** POST /recurrence/stopRecurrence: no round opens after this; open rounds stay open. */
export const stopRecurrenceSchema = z.object({ assessmentId: idField('assessmentId'), version: versionField });
export type StopRecurrenceInput = z.input<typeof stopRecurrenceSchema>;

/** A round of a recurring assessment. */
export const roundReplySchema = z.object({
  roundNumber: z.number().int(),
  /** E.g. "Q3 2027". */
  label: z.string(),
  /** YYYY-MM-DD. */
  startsOn: z.string(),
  dueDate: z.string(),
  /** ISO instant. */
  openedAt: z.string(),
});
export type RoundReply = z.infer<typeof roundReplySchema>;

/** An assessment's recurrence; null in getRecurrence's data when it does not recur. */
export const recurrenceReplySchema = z.object({
  assessmentId: z.string(),
  intervalMonths: z.number().int(),
  startsOn: z.string(),
  windowDays: z.number().int(),
  active: z.boolean(),
  /** The start of the next round (YYYY-MM-DD), when active. */
  nextRoundOn: z.string().nullable(),
  version: z.number().int(),
  /** Oldest first. */
  rounds: z.array(roundReplySchema),
});
export type RecurrenceReply = z.infer<typeof recurrenceReplySchema>;
export const getRecurrenceReplySchema = recurrenceReplySchema.nullable();

/** POST /recurrence/listRounds: the organisation's round labels, for the round filter. */
export const listRoundsSchema = z.object({ companyId: idField('companyId') });
export type ListRoundsInput = z.input<typeof listRoundsSchema>;
/** Newest first, each label once. */
export const listRoundsReplySchema = z.array(z.object({ label: z.string(), startsOn: z.string() }));
export type ListRoundsReply = z.infer<typeof listRoundsReplySchema>;

/** A round filter field as other calls take it (overview, performance): a label, or absent for all. */
export const roundFilterField = z.string({ error: m.roundInvalid }).trim().min(1, m.roundInvalid).max(40, m.roundInvalid).optional();

/** POST /recurrence/getResponseRound, /recurrence/carryOver */
export const responseRoundInputSchema = z.object({ responseId: idField('responseId') });
export type ResponseRoundInput = z.input<typeof responseRoundInputSchema>;

/** POST /recurrence/confirmCarried: confirms carried answers unchanged (those changed need no confirming). */
export const confirmCarriedSchema = z.object({
  responseId: idField('responseId'),
  questionIds: z
    .array(idField('questionIds'), { error: m.questionIdsRequired })
    .min(1, m.questionIdsRequired)
    .max(CARRY_CONFIRM_MAX, m.tooManyQuestions(CARRY_CONFIRM_MAX))
    .transform((ids) => [...new Set(ids)]),
});
export type ConfirmCarriedInput = z.input<typeof confirmCarriedSchema>;

/** A question's carried-over answer: its state and the previous round's answer beside it. */
export const carriedQuestionSchema = z.object({
  /** The response question's id (as in the response's sections). */
  questionId: z.string(),
  state: z.enum(CARRY_STATES),
  /** The question's version right after the carry-over: a later one means changed (carryState). */
  carriedVersion: z.number().int(),
  confirmed: z.boolean(),
  previousQuestionId: z.string(),
  previousAnswer: answerReplySchema,
});
export type CarriedQuestion = z.infer<typeof carriedQuestionSchema>;

/** The round of a response: what trends, lists and the checklist read. */
export const responseRoundSchema = z.object({
  responseId: z.string(),
  /** The series: every round of a recurring assessment answers the same assessment. */
  assessmentId: z.string(),
  roundNumber: z.number().int(),
  /** Null when the assessment does not recur (round 1 of an ordinary assessment). */
  roundLabel: z.string().nullable(),
  startsOn: z.string().nullable(),
  dueDate: z.string().nullable(),
  previousResponseId: z.string().nullable(),
  /** The previous round's label, when there is one. */
  previousRoundLabel: z.string().nullable(),
});
export type ResponseRound = z.infer<typeof responseRoundSchema>;

/** getResponseRound's, carryOver's and confirmCarried's reply. */
export const responseRoundReplySchema = responseRoundSchema.extend({
  /** True while the contractor may still carry over (PENDING, nothing answered, none carried). */
  canCarryOver: z.boolean(),
  carried: z.array(carriedQuestionSchema),
  /** Carried answers still neither confirmed nor changed (submit refuses while any). */
  unconfirmed: z.number().int(),
  /**
   * For the auditor and organisation: the previous round's answer of every question whose answer
   * differs from it (carried or not), by response question id.
   */
  changedSinceLast: z.array(z.object({ questionId: z.string(), previousAnswer: answerReplySchema })),
});
export type ResponseRoundReply = z.infer<typeof responseRoundReplySchema>;

import { z } from 'zod';
import { BULK_QUESTIONS_MAX, QUESTION_EDIT_MIN_LENGTH, QUESTION_MAX_LENGTH, QUESTION_MIN_LENGTH } from '../constants';
import { messages } from '../messages';
import { idField } from '../users/users.schema';

const m = messages.assessment;

/**
 * The organisation's question bank (company-and-auditor §2.6, §5, §7): each text unique in the
 * organisation regardless of case.
 */

/**
 * Question texts are free sentences ("Is a permit to work issued before hot work?"); what they may
 * not hold is markup and control characters: < > { } \ ` and line breaks.
 */
export const QUESTION_TEXT_PATTERN = /^[^<>{}\\`\p{Cc}]+$/u;

/** A question text with the given minimum length (2 when created, 3 when edited: spec §9). */
export function questionTextField(min: number) {
  return z
    .string({ error: m.questionRequired })
    .trim()
    .min(1, m.questionRequired)
    .min(min, min === QUESTION_MIN_LENGTH ? m.questionMin : m.questionMinEdit)
    .max(QUESTION_MAX_LENGTH, m.questionTooLong)
    .regex(QUESTION_TEXT_PATTERN, m.questionSpecial);
}

/** Create New Question tab (and each imported row). */
export const questionCreateFormSchema = z.object({ questText: questionTextField(QUESTION_MIN_LENGTH) });
export type QuestionCreateForm = z.infer<typeof questionCreateFormSchema>;

/** Edit Question dialog: at least 3 characters. */
export const questionEditFormSchema = z.object({ questText: questionTextField(QUESTION_EDIT_MIN_LENGTH) });
export type QuestionEditForm = z.infer<typeof questionEditFormSchema>;

/** POST /assessment/questions/createQuestion: companyId is the caller's organisation. */
export const createQuestionSchema = questionCreateFormSchema.extend({ companyId: idField('companyId') });
export type CreateQuestionInput = z.input<typeof createQuestionSchema>;
export type CreateQuestionBody = z.infer<typeof createQuestionSchema>;

/** POST /assessment/questions/editQuestion */
export const editQuestionSchema = z.object({
  questionId: idField('questionId'),
  updateData: questionEditFormSchema,
});
export type EditQuestionInput = z.input<typeof editQuestionSchema>;
export type EditQuestionBody = z.infer<typeof editQuestionSchema>;

/**
 * POST /assessment/questions/createBulkQuestions: the rows of an imported file (first column),
 * each with the caller's organisation. A row's text is checked row by row by the server: empty,
 * invalid and existing (or repeated) rows are skipped and reported, the rest created.
 */
export const createBulkQuestionsSchema = z.object({
  questionsData: z
    .array(
      z.object({
        companyId: idField('companyId'),
        questText: z.string({ error: m.questionRequired }).max(QUESTION_MAX_LENGTH * 4, m.questionTooLong).nullish(),
      }),
      { error: m.bulkQuestionsEmpty },
    )
    .min(1, m.bulkQuestionsEmpty)
    .max(BULK_QUESTIONS_MAX, m.bulkQuestionsTooMany),
});
export type CreateBulkQuestionsInput = z.input<typeof createBulkQuestionsSchema>;
export type CreateBulkQuestionsBody = z.infer<typeof createBulkQuestionsSchema>;

/** POST /assessment/questions/getQuestionsByCompanyId */
export const getQuestionsSchema = z.object({ companyId: idField('companyId') });

/** A question as every reply carries it (spec §3). */
export const questionReplySchema = z.object({
  _id: z.string(),
  questText: z.string(),
  /** The organisation that owns it. */
  companyId: z.string(),
  createdAt: z.string(),
});
export type Question = z.infer<typeof questionReplySchema>;

/** A row an import did not create: numbered from 1 in the order sent, with the reason. */
export const bulkQuestionSkipSchema = z.object({
  row: z.number().int(),
  questText: z.string(),
  reason: z.string(),
});
export type BulkQuestionSkip = z.infer<typeof bulkQuestionSkipSchema>;

/** Reply of createBulkQuestions. */
export const bulkQuestionsReplySchema = z.object({
  created: z.array(questionReplySchema),
  createdCount: z.number().int(),
  skipped: z.array(bulkQuestionSkipSchema),
});
export type BulkQuestionsReply = z.infer<typeof bulkQuestionsReplySchema>;

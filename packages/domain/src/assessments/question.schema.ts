import { z } from 'zod';
import {
  BULK_QUESTIONS_MAX,
  QUESTION_EDIT_MIN_LENGTH,
  QUESTION_MAX_LENGTH,
  QUESTION_MIN_LENGTH,
  QUESTION_SEARCH_MAX_LENGTH,
  QUESTION_TABLE_PAGE_SIZES,
} from '../constants';
import { clientIdField } from '../client-id';
import { assessmentMessages } from '../messages/assessment';
import { pageNumberField, pageSizeField } from '../paging';
import { idField } from '../users/users.schema';

const m = assessmentMessages;

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

/**
 * POST /assessment/questions/createQuestion: companyId is the caller's organisation; id the
 * client-made id of the new question (client-id.ts).
 */
export const createQuestionSchema = questionCreateFormSchema.extend({ companyId: idField('companyId'), id: clientIdField });
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

/** The orders of Select Existing Question: Sr.No (the bank's order, oldest first) or the text. */
export const QUESTION_SORTS = ['srNo', 'question'] as const;
export type QuestionSort = (typeof QUESTION_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export type QuestionPageSize = (typeof QUESTION_TABLE_PAGE_SIZES)[number];

/**
 * POST /assessment/questions/getQuestionsByCompanyId {companyId, page?, pageSize?, search?, sort?,
 * direction?}. With none of the paging fields it is the spec's call: the whole bank, oldest
 * first. With any of them, one page (page from 1; 5, 10 or 20 rows, 5 by default) of the questions
 * whose text holds the search (any case), in the order asked (Sr.No ascending by default), and the
 * count of all that match: what Select Existing Question shows.
 */
export const getQuestionsSchema = z.object({
  companyId: idField('companyId'),
  page: pageNumberField.optional(),
  pageSize: pageSizeField(QUESTION_TABLE_PAGE_SIZES).optional(),
  search: z
    .string({ error: m.searchTooLong(QUESTION_SEARCH_MAX_LENGTH) })
    .trim()
    .max(QUESTION_SEARCH_MAX_LENGTH, m.searchTooLong(QUESTION_SEARCH_MAX_LENGTH))
    .optional(),
  sort: z.enum(QUESTION_SORTS, { error: m.sortInvalid }).optional(),
  direction: z.enum(SORT_DIRECTIONS, { error: m.directionInvalid }).optional(),
});
export type GetQuestionsInput = z.input<typeof getQuestionsSchema>;
export type GetQuestionsBody = z.output<typeof getQuestionsSchema>;

/** A page of the bank as the server reads it. */
export interface QuestionsPageQuery {
  page: number;
  pageSize: QuestionPageSize;
  /** '' for every question. */
  search: string;
  sort: QuestionSort;
  direction: SortDirection;
}

/** The page a body asks for, with the defaults filled in; null when it asks for the whole bank. */
export function questionsPageOf(body: GetQuestionsBody): QuestionsPageQuery | null {
  const { page, pageSize, search, sort, direction } = body;
  if (page === undefined && pageSize === undefined && search === undefined && sort === undefined && direction === undefined) {
    return null;
  }
  return {
    page: page ?? 1,
    pageSize: pageSize ?? QUESTION_TABLE_PAGE_SIZES[0],
    search: search ?? '',
    sort: sort ?? 'srNo',
    direction: direction ?? 'asc',
  };
}

/** A question as every reply carries it (spec §3). */
export const questionReplySchema = z.object({
  _id: z.string(),
  questText: z.string(),
  /** The organisation that owns it. */
  companyId: z.string(),
  createdAt: z.string(),
});
export type Question = z.infer<typeof questionReplySchema>;

/** A question of a page, with its Sr.No: its place in the whole bank, oldest first, whatever the search and order. */
export const questionRowSchema = questionReplySchema.extend({ srNo: z.number().int().positive() });
export type QuestionRow = z.infer<typeof questionRowSchema>;

/** getQuestionsByCompanyId's data when paged: the page and the count of all that match. */
export const questionsPageSchema = z.object({
  data: z.array(questionRowSchema),
  total: z.number().int().nonnegative(),
});
export type QuestionsPage = z.infer<typeof questionsPageSchema>;

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

/**
 * Reply of getQuestionsByCompanyId: without paging fields the whole bank (oldest first); with any
 * of them one page and the count of all that match.
 */
export const questionListReplySchema = z.union([z.array(questionReplySchema), questionsPageSchema]);
export type QuestionListReply = z.infer<typeof questionListReplySchema>;

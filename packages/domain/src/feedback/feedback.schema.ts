import { z } from 'zod';
import { clientIdField } from '../client-id';
import { FEEDBACK_PAGE_SIZES, FEEDBACK_TEXT_MAX_LENGTH } from '../constants';
import { fileRecordSchema } from '../files/file.schema';
import { feedbackMessages } from '../messages/feedback';
import { pageField, pageSizeField } from '../paging';
import { idField } from '../users/users.schema';

const m = feedbackMessages;

/**
 * Feedback (foundation-and-contractor §2, §3, §5, §7; company-and-auditor §2.9, §3, §7): anyone on
 * a web home writes to its working organisation, with optional files; the organisation reads
 * them on its Feedback page and deletes them.
 */

/**
 * POST /feedback/createFeedback (multipart): feedbackText and files named `attachments`. The
 * author (userUid, userType, userInfo) and the organisation (cmp_id, cmp_name) come from the
 * session; those fields in the body are ignored.
 */
export const createFeedbackFieldsSchema = z.object({
  /** The feedback's own id, made by the dialog when it opens (DECISIONS.md: the same id twice stores one). */
  id: clientIdField,
  feedbackText: z
    .string({ error: m.textRequired })
    .trim()
    .min(1, m.textRequired)
    .max(FEEDBACK_TEXT_MAX_LENGTH, m.textTooLong(FEEDBACK_TEXT_MAX_LENGTH)),
});
export type CreateFeedbackFields = z.output<typeof createFeedbackFieldsSchema>;

/** POST /feedback/getFeedbacksByCompanyId: one page, newest first (page from 1; 5, 10 or 20 rows). */
export const getFeedbacksByCompanyIdSchema = z.object({
  companyId: idField('companyId'),
  page: pageField.default(1),
  pageSize: pageSizeField(FEEDBACK_PAGE_SIZES).default(FEEDBACK_PAGE_SIZES[0]),
});
export type GetFeedbacksByCompanyIdInput = z.input<typeof getFeedbacksByCompanyIdSchema>;

/** POST /feedback/deleteFeedback */
export const deleteFeedbackSchema = z.object({ feedbackId: idField('feedbackId') });
/** deleteFeedback's data: the feedback removed. */
export const deleteFeedbackReplySchema = z.object({ feedbackId: z.string() });

/** A feedback as replies name it (company-and-auditor §3). */
export const feedbackSchema = z.object({
  _id: z.string(),
  /** ISO date and time. */
  created_at: z.string(),
  feedbackText: z.string(),
  attachments: z.array(fileRecordSchema),
  userUid: z.string(),
  userType: z.number().int(),
  userInfo: z.object({ name: z.string(), email: z.string() }),
  /** The organisation it was given to. */
  cmp_id: z.string(),
  /** The author's company: the contractor's or auditor's firm, or the organisation's name. */
  cmp_name: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** getFeedbacksByCompanyId's data: the page and the count of all. */
export const feedbacksPageSchema = z.object({
  data: z.array(feedbackSchema),
  total: z.number().int().nonnegative(),
});
export type FeedbacksPage = z.infer<typeof feedbacksPageSchema>;

/** GET /feedback/getAllFeedbacks' data: every feedback of the organisations the caller reads, newest first. */
export const allFeedbacksReplySchema = z.array(feedbackSchema) satisfies z.ZodType<Feedback[]>;

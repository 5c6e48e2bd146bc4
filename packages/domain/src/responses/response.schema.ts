import { z } from 'zod';
import { assessmentReplySchema, isCalendarDay, questTypeReplySchema } from '../assessments/assessment.schema';
import {
  ANSWER_ATTACHMENTS_MAX,
  ANSWER_TEXT_MAX_LENGTH,
  CHOICE_MAX_LENGTH,
  CHOICES_MAX,
  CONTRACTOR_LIST_PAGE_SIZES,
  SECTION_QUESTIONS_MAX,
  SORT_CODES,
} from '../constants';
import { fileRecordSchema } from '../files/file.schema';
import { responsesMessages } from '../messages/responses';
import { reviewMessages } from '../messages/review';
import { pageNumberField, pageSizeField } from '../paging';
import { AnswerStatus, AssessStatus, RESPONSE_STATUSES } from '../statuses';
import { idField } from '../users/users.schema';
import { responseSearchSchema } from './assignment.schema';

const m = responsesMessages;

/**
 * Contractor answering (foundation-and-contractor §2 to §4, §7): the calls' bodies and replies.
 * The server validates with these; the web reads the reply types. Answer rules that depend on the
 * question (its type and choices) are in answer.rules.ts.
 */

/** What a read expands (spec §7, include); unknown flags are ignored. */
export const responseIncludeSchema = z
  .object({
    assessment: z.boolean().default(false),
    sections_category: z.boolean().default(false),
    sections_questions_question: z.boolean().default(false),
  })
  .prefault({});
export type ResponseInclude = z.output<typeof responseIncludeSchema>;

/** POST /assessment/getAssessmentsByContractorId {contractorId, include} */
export const getAssessmentsByContractorIdSchema = z.object({
  contractorId: idField('contractorId'),
  include: z
    .object({
      sections_category: z.boolean().default(false),
      sections_questions_question: z.boolean().default(false),
    })
    .prefault({}),
});
export type GetAssessmentsByContractorIdInput = z.input<typeof getAssessmentsByContractorIdSchema>;

/**
 * POST /assessment/responses/getResponsesByContractorId {contractorId, include}: the whole list,
 * as the spec's client reads it. With `page` (issue 21) it is one page of summaries instead
 * (ContractorResponsePage): of one status, or whose assessment's name holds `search`, by
 * lastAccessTime (sort NTO newest first, the default, or OTN), `pageSize` rows (10 by default).
 */
export const getResponsesByContractorIdSchema = z
  .object({
    contractorId: idField('contractorId'),
    include: responseIncludeSchema,
    page: pageNumberField.optional(),
    pageSize: pageSizeField(CONTRACTOR_LIST_PAGE_SIZES).optional(),
    status: z.enum(RESPONSE_STATUSES, { error: reviewMessages.statusInvalid }).optional(),
    sort: z.enum(SORT_CODES, { error: reviewMessages.sortInvalid }).optional(),
    search: responseSearchSchema,
  })
  .superRefine((v, ctx) => {
    if (v.page === undefined && (v.pageSize !== undefined || v.status !== undefined || v.sort !== undefined || v.search !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: m.pageRequired });
    }
  });
export type GetResponsesByContractorIdInput = z.input<typeof getResponsesByContractorIdSchema>;
export type GetResponsesByContractorIdBody = z.output<typeof getResponsesByContractorIdSchema>;

/** A page of the contractor's responses (summaries, no sections) and the number matching. */
export interface ContractorResponsePage {
  items: ResponseReply[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * POST /assessment/responses/createResponseForContractor {assessmentId, contractor}: the
 * contractor starts an assessment shared with it. Its name and location are taken from its
 * account, not from the body.
 */
export const createResponseForContractorSchema = z.object({
  assessmentId: idField('assessmentId'),
  contractor: z.object(
    {
      contractorId: idField('contractor.contractorId'),
      contractorName: z.string().max(255, 'contractor.contractorName is invalid').optional(),
      companyId: idField('contractor.companyId').optional(),
      contractorLocation: z.string().max(255, 'contractor.contractorLocation is invalid').optional(),
    },
    { error: 'contractor is required' },
  ),
});
export type CreateResponseForContractorInput = z.input<typeof createResponseForContractorSchema>;

/** POST /assessment/responses/getResponseById {responseId, include}: sections are always there. */
export const getResponseByIdSchema = z.object({
  responseId: idField('responseId'),
  include: responseIncludeSchema,
});
export type GetResponseByIdInput = z.input<typeof getResponseByIdSchema>;

/** A choice or a list of choices, a number, or a tick: what `value` may hold. */
const answerValueSchema = z.union(
  [
    z.number({ error: m.answerNumber }),
    z.string().max(CHOICE_MAX_LENGTH, m.answerChoice),
    z.boolean(),
    z.array(z.string().max(CHOICE_MAX_LENGTH, m.answerChoices)).max(CHOICES_MAX, m.answerChoices),
  ],
  { error: 'answer.value is invalid' },
);

/**
 * An answer as the checklist sends it (spec §3: answer {yesNo, text, value, attachment[]}). Which
 * field counts depends on the question's type (answer.rules.ts); `attachment`, when sent, replaces
 * the question's files, and when left out keeps them.
 */
export const answerInputSchema = z.object({
  yesNo: z.enum(['YES', 'NO'], { error: m.answerYesNo }).nullable().optional(),
  text: z.string({ error: m.answerText }).max(ANSWER_TEXT_MAX_LENGTH, m.answerTooLong).nullable().optional(),
  value: answerValueSchema.nullable().optional(),
  attachment: z.array(fileRecordSchema).max(ANSWER_ATTACHMENTS_MAX, m.tooManyAttachments).optional(),
});
export type AnswerInput = z.output<typeof answerInputSchema>;

/**
 * The version of the answer a save is based on (responseQuestionReply.version): when sent and the
 * answer has changed since, the save is refused (409) instead of overwriting it.
 */
export const answerVersionSchema = z
  .number({ error: m.versionInvalid })
  .int(m.versionInvalid)
  .min(0, m.versionInvalid);

/**
 * What a save of a section (updateSectionInResponse) replies with: the whole response (left out:
 * the spec's reply), or 'sent': the response with only the section saved and, of its questions,
 * only those the save sent, for a client that keeps the rest (the answering screen saves each
 * answer typed on its own; a save changes nothing else, and the rest is most of the reply).
 */
export const SAVE_REPLIES = ['response', 'sent'] as const;
export type SaveReply = (typeof SAVE_REPLIES)[number];
export const saveReplySchema = z.enum(SAVE_REPLIES, { error: m.replyInvalid }).default('response');

/**
 * POST /assessment/responses/updateSectionInResponse {assesRespId, sectionId, responseData}: the
 * answers of some questions of one section (category). `sectionId` is the response section's _id
 * (its categoryId is accepted too). Other fields a client sends with each question (answerStatus,
 * assessStatus, question…) are ignored: the server derives the status from the answer.
 */
export const updateSectionInResponseSchema = z.object({
  assesRespId: idField('assesRespId'),
  sectionId: idField('sectionId'),
  responseData: z.object(
    {
      questions: z
        .array(
          z.object({
            _id: idField('responseData.questions._id'),
            answer: answerInputSchema.optional(),
            version: answerVersionSchema.optional(),
          }),
          { error: m.noQuestions },
        )
        .min(1, m.noQuestions)
        .max(SECTION_QUESTIONS_MAX, m.tooManyQuestions)
        .superRefine((qs, ctx) => {
          const seen = new Set<string>();
          qs.forEach((q, i) => {
            if (seen.has(q._id)) ctx.addIssue({ code: 'custom', message: m.questionRepeated, path: [i, '_id'] });
            seen.add(q._id);
          });
        }),
    },
    { error: 'responseData is required' },
  ),
  reply: saveReplySchema,
});
export type UpdateSectionInResponseInput = z.input<typeof updateSectionInResponseSchema>;
export type UpdateSectionInResponseBody = z.output<typeof updateSectionInResponseSchema>;

/**
 * POST /assessment/responses/changeResponseStatus {responseId, status, updatedBy, companyId,
 * assessmentId, extendedDueDate?}. The actor is the signed-in user, whatever updatedBy says;
 * companyId and assessmentId, when sent, must be the response's.
 */
export const changeResponseStatusSchema = z.object({
  responseId: idField('responseId'),
  status: z.enum(RESPONSE_STATUSES, { error: m.statusRequired }),
  updatedBy: z.object({ name: z.string().optional(), userType: z.number().optional(), uid: z.string().optional() }).optional(),
  companyId: idField('companyId').optional(),
  assessmentId: idField('assessmentId').optional(),
  /** Reassessment with a new due date (auditor): YYYY-MM-DD. */
  extendedDueDate: z.string().refine(isCalendarDay, 'extendedDueDate is invalid').optional(),
});
export type ChangeResponseStatusInput = z.input<typeof changeResponseStatusSchema>;

/** POST getTotalScoreForContractor and getESGOForContractor {contractorId} */
export const contractorScoreSchema = z.object({ contractorId: idField('contractorId') });

/**
 * The query of POST /assessment/responses/uploadAttachment?responseId=…&sectionId=…&questionId=…:
 * with questionId the file joins that question's answer at once.
 */
export const uploadAttachmentQuerySchema = z.object({
  responseId: idField('responseId'),
  sectionId: idField('sectionId'),
  questionId: idField('questionId').optional(),
});

/** The reply of uploadAttachment: the file, and the question's new version when it was attached. */
export type UploadAttachmentReply = z.infer<typeof fileRecordSchema> & { questionVersion?: number };

/** POST /assessment/responses/deleteAttachment {responseId, sectionId, questionId, filePath} */
export const deleteAttachmentSchema = z.object({
  responseId: idField('responseId'),
  sectionId: idField('sectionId'),
  questionId: idField('questionId'),
  filePath: z.string({ error: 'filePath is required' }).trim().min(1, 'filePath is required').max(500, 'filePath is invalid'),
});
export type DeleteAttachmentInput = z.input<typeof deleteAttachmentSchema>;

// ------------------------------------------------------------------------------- replies

/**
 * The query of POST /assessment/responses/uploadAuditorAttachment?responseId=…&questionId=…
 * (issue 56): an auditor's file on a question of a SUBMITTED response; the reply is the response.
 */
export const uploadAuditorAttachmentQuerySchema = z.object({
  responseId: idField('responseId'),
  questionId: idField('questionId'),
});
export type UploadAuditorAttachmentInput = z.input<typeof uploadAuditorAttachmentQuerySchema>;

/** POST /assessment/responses/deleteAuditorAttachment {responseId, questionId, filePath}: an auditor removes its own file. */
export const deleteAuditorAttachmentSchema = z.object({
  responseId: idField('responseId'),
  questionId: idField('questionId'),
  filePath: z.string({ error: 'filePath is required' }).trim().min(1, 'filePath is required').max(500, 'filePath is invalid'),
});
export type DeleteAuditorAttachmentInput = z.input<typeof deleteAuditorAttachmentSchema>;

/** An answer as replies carry it: every field present, files under `attachment`. */
export const answerReplySchema = z.object({
  yesNo: z.enum(['YES', 'NO']).nullable(),
  text: z.string().nullable(),
  value: z.union([z.number(), z.string(), z.boolean(), z.array(z.string())]).nullable(),
  attachment: z.array(fileRecordSchema),
});
export type AnswerReply = z.infer<typeof answerReplySchema>;

/** One judgement of a question by an auditor: who, when, what and why (DECISIONS.md, States). */
export const judgementReplySchema = z.object({
  /** ISO instant. */
  at: z.string(),
  by: z.object({ id: z.string().nullable(), name: z.string(), type: z.number().int() }),
  assessStatus: z.enum(AssessStatus),
  remarks: z.string().nullable(),
});
export type JudgementReply = z.infer<typeof judgementReplySchema>;

/** A file an auditor attached to a question (issue 56): the file, who attached it and when (ISO instant). */
export const auditorFileRecordSchema = fileRecordSchema.extend({
  uploadedBy: z.object({ _id: z.string(), name: z.string() }),
  uploadedAt: z.string(),
});
export type AuditorFileRecord = z.infer<typeof auditorFileRecordSchema>;

/** A question of a response (spec §3). */
export const responseQuestionReplySchema = z.object({
  _id: z.string(),
  question: z.object({ _id: z.string(), questText: z.string() }),
  questType: questTypeReplySchema,
  answerStatus: z.enum(AnswerStatus),
  assessStatus: z.enum(AssessStatus),
  answer: answerReplySchema,
  remarks: z.string().nullable(),
  /** Goes up with every change of the answer or its files; a save names the one it is based on. */
  version: z.number().int(),
  /**
   * In REASSESSMENT, the version the answer had when it was rejected (the question stays editable
   * until the contractor submits; unchanged while version equals it); null otherwise.
   */
  reopenedVersion: z.number().int().nullable(),
  /** Every judgement and remark, oldest first. */
  history: z.array(judgementReplySchema),
  /** The auditors' files on the question, oldest first (issue 56); readable by all who read the response. */
  auditorAttachments: z.array(auditorFileRecordSchema),
});
export type ResponseQuestionReply = z.infer<typeof responseQuestionReplySchema>;

/** A section (category) of a response, with its readings kept in columns. */
export const responseSectionReplySchema = z.object({
  _id: z.string(),
  category: z.object({ _id: z.string(), name: z.string() }),
  categoryId: z.string(),
  totalMarks: z.number().int(),
  /** Set by the auditor once every question is ACCEPTED; null until then. */
  scoredMarks: z.number().int().nullable(),
  factors: z.object({ environment: z.boolean(), social: z.boolean(), governance: z.boolean(), others: z.boolean() }),
  /** Share of ANSWERED questions, percent with 2 decimals (contractor and organisation). */
  progress: z.number(),
  /** Share of judged questions (not NONE), percent with 2 decimals (auditor). */
  judgedProgress: z.number(),
  /** Every question ANSWERED. */
  complete: z.boolean(),
  /** Any question REJECTED (the red warning icon). */
  hasRejected: z.boolean(),
  questions: z.array(responseQuestionReplySchema),
});
export type ResponseSectionReply = z.infer<typeof responseSectionReplySchema>;

/** One status change: who, when, from, to (from is null at the start). */
export const responseTimelineEntrySchema = z.object({
  at: z.string(),
  by: z.object({ id: z.string().nullable(), name: z.string(), type: z.number().int() }),
  from: z.enum(RESPONSE_STATUSES).nullable(),
  to: z.enum(RESPONSE_STATUSES),
  /** E.g. the extended due date of a reassessment. */
  note: z.string().nullable(),
});
export type ResponseTimelineEntry = z.infer<typeof responseTimelineEntrySchema>;

/** The counts kept in columns, updated in the same transaction as the answers. */
export const responseCountsSchema = z.object({
  totalQuestions: z.number().int(),
  answered: z.number().int(),
  judged: z.number().int(),
  rejected: z.number().int(),
  accepted: z.number().int(),
  totalSections: z.number().int(),
  completeSections: z.number().int(),
});
export type ResponseCounts = z.infer<typeof responseCountsSchema>;

/** A response as every reply carries it (spec §3). */
export const responseReplySchema = z.object({
  _id: z.string(),
  status: z.enum(RESPONSE_STATUSES),
  assessment: z.object({ _id: z.string(), name: z.string(), dueDate: z.string() }),
  assessmentId: z.string(),
  contractorId: z.string(),
  contractorName: z.string(),
  /** The organisation the response belongs to (the assessment's). */
  companyId: z.string(),
  /** ISO instants. */
  lastAccessTime: z.string(),
  createdAt: z.string(),
  isDueDateExtended: z.boolean(),
  /** YYYY-MM-DD or null. */
  newDueDate: z.string().nullable(),
  /** newDueDate when extended and not earlier than the due date, else the due date. */
  effectiveDueDate: z.string(),
  /** Assessment progress: share of complete sections, percent with 2 decimals. */
  progress: z.number(),
  /** Sums of the sections' scoredMarks and totalMarks. */
  scored: z.number().int(),
  total: z.number().int(),
  counts: responseCountsSchema,
  /** The round of a recurring assessment (issue 58: "Q3 2027"); absent when it does not recur. */
  round: z.object({ number: z.number().int(), label: z.string() }).optional(),
  /** The auditor the organisation assigned (issue 19), null when none; every reply of the server carries it. */
  assignedAuditor: z.object({ _id: z.string(), name: z.string() }).nullable().optional(),
  /**
   * Always in getResponseById and the writes (a save with reply 'sent': only the questions sent);
   * in lists only when include asks for sections.
   */
  sections: z.array(responseSectionReplySchema).optional(),
  /** Oldest first; in getResponseById and the writes. */
  timeline: z.array(responseTimelineEntrySchema).optional(),
});
export type ResponseReply = z.infer<typeof responseReplySchema>;

/** An assessment shared with the contractor, with its response (null when not started). */
export const contractorAssessmentReplySchema = assessmentReplySchema.extend({
  responseId: z.string().nullable(),
  responseStatus: z.enum(RESPONSE_STATUSES).nullable(),
  /** The response's effective due date (YYYY-MM-DD), null when not started: the contractor home's due dates (issue 21). */
  responseDueDate: z.string().nullable(),
});
export type ContractorAssessmentReply = z.infer<typeof contractorAssessmentReplySchema>;

/** getTotalScoreForContractor: one entry per COMPLETED response. */
export const scoreEntrySchema = z.object({ scored: z.number().int(), total: z.number().int() });
export type ScoreEntry = z.infer<typeof scoreEntrySchema>;

/** One factor of getESGOForContractor; percent is null when there is nothing to score. */
export const esgoFactorSchema = z.object({ scored: z.number().int(), total: z.number().int(), percent: z.number().nullable() });
export const esgoReplySchema = z.object({
  environment: esgoFactorSchema,
  social: esgoFactorSchema,
  governance: esgoFactorSchema,
  others: esgoFactorSchema,
});
export type EsgoReply = z.infer<typeof esgoReplySchema>;

/** getAssessmentsByContractorId: the assessments shared with the contractor, newest first. */
export const contractorAssessmentsReplySchema = z.array(contractorAssessmentReplySchema);

/** getResponsesByContractorId with a page (issue 21): one page of summaries and the number matching. */
export const contractorResponsePageReplySchema = z.object({
  items: z.array(responseReplySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
}) satisfies z.ZodType<ContractorResponsePage>;

/** getResponsesByContractorId: the whole list (no page asked), or one page of it. */
export const contractorResponsesReplySchema = z.union([z.array(responseReplySchema), contractorResponsePageReplySchema]);

/** getTotalScoreForContractor: one entry per COMPLETED response. */
export const scoreEntriesReplySchema = z.array(scoreEntrySchema);

/** uploadAttachment: the file, and the question's new version when it was attached to one. */
export const uploadAttachmentReplySchema = fileRecordSchema.extend({
  questionVersion: z.number().int().optional(),
}) satisfies z.ZodType<UploadAttachmentReply>;

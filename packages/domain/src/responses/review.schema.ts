import { z } from 'zod';
import { isCalendarDay } from '../assessments/assessment.schema';
import {
  REMARKS_MAX_LENGTH,
  RESPONSES_COMPANY_IDS_MAX,
  RESPONSES_PAGE_DEFAULT,
  RESPONSES_PAGE_MAX,
  SECTION_QUESTIONS_MAX,
  SORT_CODES,
} from '../constants';
import { assessmentMessages } from '../messages/assessment';
import { responsesMessages } from '../messages/responses';
import { reviewMessages } from '../messages/review';
import { orgAuditorMessages } from '../responses/org-auditor.messages';
import { AssessStatus, RESPONSE_STATUSES } from '../statuses';
import { idField } from '../users/users.schema';
import { roundFilterField } from '../recurrence/recurrence.schema';
import { responseSearchSchema } from './assignment.schema';
import {
  answerInputSchema,
  answerVersionSchema,
  contractorResponsePageReplySchema,
  responseIncludeSchema,
  saveReplySchema,
  type ResponseReply,
} from './response.schema';

const m = reviewMessages;

/**
 * Auditor review and the organisation's response views (company-and-auditor §2.4, §2.5, §4, §7,
 * §9): the lists with paging, the auditor's section save, the organisation's due-date edit, the
 * organisation-wide scores and the Excel export. changeResponseStatus keeps its schema
 * (response.schema.ts); its auditor rules are on the server and in response.rules.ts.
 */

/** Paging and filters shared by both lists; sort by lastAccessTime, newest first by default. */
const listFields = {
  include: responseIncludeSchema,
  status: z.enum(RESPONSE_STATUSES, { error: m.statusInvalid }).optional(),
  sort: z.enum(SORT_CODES, { error: m.sortInvalid }).default('NTO'),
  page: z.number({ error: m.pageInvalid }).int(m.pageInvalid).min(1, m.pageInvalid).default(1),
  pageSize: z
    .number({ error: m.pageSizeInvalid })
    .int(m.pageSizeInvalid)
    .min(1, m.pageSizeInvalid)
    .max(RESPONSES_PAGE_MAX, m.pageSizeInvalid)
    .default(RESPONSES_PAGE_DEFAULT),
};

/**
 * POST /assessment/responses/getResponsesByCompanyIds: the responses of these organisations (each
 * must be one the caller belongs to or serves), optionally of one status, contractor, assessment.
 */
export const getResponsesByCompanyIdsSchema = z.object({
  companyIds: z
    .array(idField('companyIds'), { error: m.companyIdsRequired })
    .min(1, m.companyIdsRequired)
    .max(RESPONSES_COMPANY_IDS_MAX, m.tooManyCompanyIds),
  contractorId: idField('contractorId').optional(),
  assessmentId: idField('assessmentId').optional(),
  /** Part of the assessment's or the company's name (issue 19: the overview's search). */
  search: responseSearchSchema,
  /** An auditor's dashboard: the responses assigned to it first (issue 19). */
  assignedFirst: z.boolean({ error: orgAuditorMessages.assignedFirstInvalid }).optional(),
  /** The responses of one round of the recurring assessments, by its label ("Q3 2027"; issue 58). */
  round: roundFilterField,
  ...listFields,
});
export type GetResponsesByCompanyIdsInput = z.input<typeof getResponsesByCompanyIdsSchema>;
export type GetResponsesByCompanyIdsBody = z.output<typeof getResponsesByCompanyIdsSchema>;

/** POST /assessment/responses/getResponsesByAssessmentId: the responses to one assessment. */
export const getResponsesByAssessmentIdSchema = z.object({
  assessmentId: idField('assessmentId'),
  ...listFields,
});
export type GetResponsesByAssessmentIdInput = z.input<typeof getResponsesByAssessmentIdSchema>;
export type GetResponsesByAssessmentIdBody = z.output<typeof getResponsesByAssessmentIdSchema>;

/** A page of responses (summaries unless include asks for sections): items and the whole count. */
export interface ResponsePage {
  items: ResponseReply[];
  total: number;
  page: number;
  pageSize: number;
}

/** getResponsesByCompanyIds and getResponsesByAssessmentId: a page of responses (the contractor's page's shape). */
export const responsePageReplySchema = contractorResponsePageReplySchema satisfies z.ZodType<ResponsePage>;

/** The auditor's judgement of a question: sent fields change, left-out ones stay. */
export const assessStatusSchema = z.enum(
  [AssessStatus.ACCEPTED, AssessStatus.REJECTED, AssessStatus.NONE],
  { error: m.assessStatusInvalid },
);

/** A section score: a whole number from 0 (its upper bound, the section's marks, is checked on save). */
export const scoredMarksSchema = z
  .number({ error: orgAuditorMessages.marksNumber })
  .int(orgAuditorMessages.marksWhole)
  .min(0, assessmentMessages.marksPositive);

/**
 * POST /assessment/responses/updateSectionInResponse, both sides in one schema: the contractor's
 * answers (response.schema.ts) and the auditor's assessStatus and remarks per question and the
 * section's scoredMarks. Each side's fields are ignored when the other side sends them (a client
 * may send whole question objects back); the server applies only the caller's own.
 */
export const reviewSectionInResponseSchema = z.object({
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
            assessStatus: assessStatusSchema.optional(),
            remarks: z
              .string({ error: m.remarksInvalid })
              .max(REMARKS_MAX_LENGTH, m.remarksTooLong)
              .nullable()
              .optional(),
          }),
          { error: responsesMessages.noQuestions },
        )
        .min(1, responsesMessages.noQuestions)
        .max(SECTION_QUESTIONS_MAX, responsesMessages.tooManyQuestions)
        .superRefine((qs, ctx) => {
          const seen = new Set<string>();
          qs.forEach((q, i) => {
            if (seen.has(q._id)) ctx.addIssue({ code: 'custom', message: responsesMessages.questionRepeated, path: [i, '_id'] });
            seen.add(q._id);
          });
        }),
      /** The section's score (auditor): null clears it; left out keeps it. */
      scoredMarks: scoredMarksSchema.nullable().optional(),
    },
    { error: 'responseData is required' },
  ),
  /** The whole response (the default) or only the questions sent: see saveReplySchema. */
  reply: saveReplySchema,
});
export type ReviewSectionInResponseInput = z.input<typeof reviewSectionInResponseSchema>;
export type ReviewSectionInResponseBody = z.output<typeof reviewSectionInResponseSchema>;

/**
 * POST /assessment/responses/editResponse (organisation): extends a response's due date, or with
 * null removes the extension. Not before the assessment's due date (checked on the server).
 */
export const editResponseSchema = z.object({
  responseId: idField('responseId'),
  updateData: z.object(
    {
      newDueDate: z
        .string({ error: m.newDueDateInvalid })
        .refine(isCalendarDay, m.newDueDateInvalid)
        .nullable(),
    },
    { error: m.updateDataRequired },
  ),
});
export type EditResponseInput = z.input<typeof editResponseSchema>;

/** POST getTotalScoresOfContrsInCompany {companyId} */
export const companyScoresSchema = z.object({ companyId: idField('companyId') });
export type CompanyScoresInput = z.input<typeof companyScoresSchema>;

/** One contractor's overall score over its COMPLETED responses in the organisation. */
export const contractorTotalScoreSchema = z.object({
  _id: z.object({ contractorName: z.string(), contractorId: z.string() }),
  scored: z.number().int(),
  total: z.number().int(),
  /** scored / total × 100 with 2 decimals; null when there is nothing to score. */
  percent: z.number().nullable(),
});
export type ContractorTotalScore = z.infer<typeof contractorTotalScoreSchema>;

/** getTotalScoresOfContrsInCompany: each contractor's totals, best percent first, then by name. */
export const contractorTotalScoresReplySchema = z.array(contractorTotalScoreSchema);

/** POST getESGOForAllContractors {companyId, contractorId?}: reply EsgoReply. */
export const companyEsgoSchema = z.object({
  companyId: idField('companyId'),
  contractorId: idField('contractorId').optional(),
});
export type CompanyEsgoInput = z.input<typeof companyEsgoSchema>;

/** POST /assessment/responses/exportResponseToExcel {responseId}: the .xlsx bytes. */
export const exportResponseSchema = z.object({ responseId: idField('responseId') });
export type ExportResponseInput = z.input<typeof exportResponseSchema>;

/** The Content-Type of the export. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

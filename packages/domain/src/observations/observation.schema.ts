import { z } from 'zod';
import { clientIdField } from '../client-id';
import { isCalendarDay } from '../assessments/assessment.schema';
import {
  COMPARE_FIRST_YEAR,
  OBSERVATION_COMMENT_MAX_LENGTH,
  OBSERVATION_DESCRIPTION_MAX_LENGTH,
  OBSERVATION_FIELDS_MAX,
  OBSERVATION_FIELD_MAX_LENGTH,
  OBSERVATION_TABLE_PAGE_SIZES,
  TEXT_MAX_LENGTH,
} from '../constants';
import { fileRecordSchema } from '../files/file.schema';
import { observationMessages } from '../messages/observation';
import { idField } from '../users/users.schema';
import { OBSERVATION_ACTIONS, OBSERVATION_CATEGORIES } from './observation.rules';

const m = observationMessages;

/**
 * Safety observations (company-and-auditor §2.8, §3, §4, §7; DECISIONS.md, observation calls).
 * Employees and contractors report; the organisation and the report's contractor read the
 * charts and the table and act on a Submitted report. The server validates every call with
 * these; the web forms resolve with them.
 */

/** The client's offset from UTC in minutes (dayjs().utcOffset()), so months and days are its own. */
const utcOffsetField = z
  .number({ error: m.invalid('utcOffset') })
  .int(m.invalid('utcOffset'))
  .min(-840, m.invalid('utcOffset'))
  .max(840, m.invalid('utcOffset'))
  .default(0);

const yearField = z.coerce
  .number({ error: m.yearInvalid })
  .int(m.yearInvalid)
  .min(COMPARE_FIRST_YEAR, m.yearInvalid)
  .max(2100, m.yearInvalid);

const dayField = (name: string) =>
  z
    .string({ error: m.required(name) })
    .trim()
    .min(1, m.required(name))
    .refine(isCalendarDay, m.dayInvalid(name));

/** A category of the six. */
export const observationCategoryField = z.enum(OBSERVATION_CATEGORIES, { error: m.categoryInvalid });

/** A submitted form field, as label and value. */
export const observationFieldSchema = z.object({
  label: z.string({ error: m.required('label') }).trim().min(1, m.required('label')).max(100, m.tooLong('label')),
  value: z.string({ error: m.required('value') }).trim().max(OBSERVATION_FIELD_MAX_LENGTH, m.tooLong('value')),
});
export type ObservationField = z.infer<typeof observationFieldSchema>;

/**
 * POST /observation/createObservation: the multipart form's text fields (the photo is the
 * optional file part `photo`). `fields` carries any further form fields as JSON.
 */
export const createObservationFieldsSchema = z.object({
  /** The report's own id, made by the form when it opens (DECISIONS.md: the same id twice stores one). */
  id: clientIdField,
  category: observationCategoryField,
  description: z.string().trim().max(OBSERVATION_DESCRIPTION_MAX_LENGTH, m.tooLong('description')).default(''),
  location: z.string().trim().max(TEXT_MAX_LENGTH, m.tooLong('location')).default(''),
  /** When it happened (ISO date-time); now when left out; never in the future. */
  reportedAt: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || v === '' || !Number.isNaN(Date.parse(v)), m.invalid('reportedAt')),
  fields: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return [];
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: m.invalid('fields') });
        return z.NEVER;
      }
    })
    .pipe(z.array(observationFieldSchema, { error: m.invalid('fields') }).max(OBSERVATION_FIELDS_MAX, m.tooMany('fields'))),
});
export type CreateObservationFields = z.input<typeof createObservationFieldsSchema>;

/** POST /company/reportgraph: monthly counts per category of the organisation (or one contractor). */
export const companyReportGraphSchema = z.object({
  year: yearField,
  company_id: idField('company_id'),
  /** A contractor of the organisation: only its reports (the Companies dropdown). */
  managerid: idField('managerid').optional(),
  utcOffset: utcOffsetField,
});
export type CompanyReportGraphInput = z.input<typeof companyReportGraphSchema>;

/** POST /contractor/reportgraph: monthly counts per category of one contractor. */
export const contractorReportGraphSchema = z.object({
  year: yearField,
  managerid: idField('managerid'),
  utcOffset: utcOffsetField,
});
export type ContractorReportGraphInput = z.input<typeof contractorReportGraphSchema>;

const rangeShape = {
  start_date: dayField('start_date'),
  end_date: dayField('end_date'),
  company_id: idField('company_id'),
  managerid: idField('managerid').optional(),
  utcOffset: utcOffsetField,
};

const endNotBeforeStart = (v: { start_date: string; end_date: string }) => v.end_date >= v.start_date;

/** POST /company/reporttable: a page of the reports of a range of days, newest first. */
export const reportTableSchema = z
  .object({
    ...rangeShape,
    page: z.number({ error: m.invalid('page') }).int(m.invalid('page')).min(0, m.invalid('page')).max(100_000, m.invalid('page')).default(0),
    limit: z
      .number({ error: m.invalid('limit') })
      .refine((n) => (OBSERVATION_TABLE_PAGE_SIZES as readonly number[]).includes(n), m.invalid('limit'))
      .default(OBSERVATION_TABLE_PAGE_SIZES[0]),
  })
  .refine(endNotBeforeStart, { message: m.endBeforeStart, path: ['end_date'] });
export type ReportTableInput = z.input<typeof reportTableSchema>;

/** POST /company/exportObservations: the reports of a range as CSV (the organisation). */
export const exportObservationsSchema = z.object(rangeShape).refine(endNotBeforeStart, { message: m.endBeforeStart, path: ['end_date'] });
export type ExportObservationsInput = z.input<typeof exportObservationsSchema>;

/** POST /observation/getObservationById: one report (the detail pages, from a direct URL). */
export const getObservationSchema = z.object({ _id: idField('_id') });

/**
 * POST /admin/rcastatus: an action (1 accept, 2 reject, 3 duplicate; status = action + 1) on a
 * Submitted report, and/or the comment (rootCauseAnalysis) on any report not Marked as Duplicate.
 */
export const rcaStatusSchema = z
  .object({
    _id: idField('_id'),
    action: z
      .number({ error: m.actionInvalid })
      .refine((n): n is (typeof OBSERVATION_ACTIONS)[number] => (OBSERVATION_ACTIONS as readonly number[]).includes(n), m.actionInvalid)
      .optional(),
    rootCauseAnalysis: z.string({ error: m.invalid('rootCauseAnalysis') }).trim().max(OBSERVATION_COMMENT_MAX_LENGTH, m.tooLong('rootCauseAnalysis')).optional(),
  })
  .refine((v) => v.action !== undefined || (v.rootCauseAnalysis ?? '') !== '', { message: m.actionOrComment, path: ['action'] });
export type RcaStatusInput = z.input<typeof rcaStatusSchema>;

const rcaFormShape = {
  action: z.number(),
  comment: z.string().trim().max(OBSERVATION_COMMENT_MAX_LENGTH, m.tooLong('comment')),
};

/** The root-cause form of ViewObservation on a Submitted report: Action Taken (0 Please Select) and/or the comment. */
export const rcaFormSchema = z
  .object(rcaFormShape)
  .refine((v) => v.action !== 0 || v.comment !== '', { message: m.actionOrComment, path: ['action'] });
export type RcaFormValues = z.input<typeof rcaFormSchema>;

/**
 * The same form on an Accepted or Rejected report: its action is taken (the select shows it,
 * disabled), so only the comment is sent, and it must not be empty.
 */
export const rcaCommentFormSchema = z
  .object(rcaFormShape)
  .refine((v) => v.comment !== '', { message: m.commentRequired, path: ['comment'] });

/** An observation report as every reply carries it (spec §3). */
export const observationSchema = z.object({
  _id: z.string(),
  /** Serial number within the organisation (Activity No.). */
  srno: z.number().int(),
  category: observationCategoryField,
  /** 1 Submitted, 2 Accepted, 3 Rejected, 4 Marked as Duplicate. */
  status: z.number().int(),
  /** ISO date-time it happened. */
  reportedAt: z.string(),
  reported_by: z.string(),
  reporterName: z.string(),
  /** The contractor (manager) the report is of. */
  managerid: z.string(),
  managername: z.string(),
  form_data: z.array(observationFieldSchema),
  description: z.string(),
  reportImage: fileRecordSchema.nullable(),
  /** 0 none, 1 accept, 2 reject, 3 duplicate. */
  action: z.number().int(),
  report_action_time: z.string().nullable(),
  accept_time: z.string().nullable(),
  rootCauseAnalysis: z.string(),
});
export type Observation = z.infer<typeof observationSchema>;

/** Report graph reply: data[year][month 1–12][category] = count. */
export type ReportGraphReply = Record<string, Record<string, Record<string, number>>>;

/** Report table reply: a page of reports and how many the range holds. */
export interface ReportTableReply {
  items: Observation[];
  total: number;
  page: number;
  limit: number;
}

/** POST /company/reportgraph and /contractor/reportgraph's data: data[year][month 1–12][category] = count. */
export const reportGraphReplySchema = z.record(z.string(), z.record(z.string(), z.record(z.string(), z.number()))) satisfies z.ZodType<ReportGraphReply>;

/** POST /company/reporttable's data: the page of reports (page from 0) and how many the range holds. */
export const reportTableReplySchema = z.object({
  items: z.array(observationSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  limit: z.number().int(),
}) satisfies z.ZodType<ReportTableReply>;

/** POST /company/exportObservations' data: every report of the range (the web writes the CSV). */
export const exportObservationsReplySchema = z.array(observationSchema) satisfies z.ZodType<Observation[]>;

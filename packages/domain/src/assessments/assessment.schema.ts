import { z } from 'zod';
import {
  ASSESSMENT_CONTRACTORS_MAX,
  ASSESSMENT_SECTIONS_MAX,
  CHOICE_MAX_LENGTH,
  CHOICES_MAX,
  NAME_MIN_LENGTH,
  NEW_ASSESSMENTS_PAGE_SIZES,
  SECTION_MARKS_MAX,
  SECTION_MARKS_MIN,
  SECTION_QUESTIONS_MAX,
  TEXT_MAX_LENGTH,
} from '../constants';
import { clientIdField, versionField } from '../client-id';
import { assessmentMessages } from '../messages/assessment';
import { ANSWER_TYPES, ASSESSMENT_STATUSES, AnswerType, AssessmentStatus } from '../statuses';
import { idField } from '../users/users.schema';
import { pageNumberField, pageSizeField } from '../paging';

const m = assessmentMessages;

/**
 * Assessments (company-and-auditor §2.6, §3, §5, §7): a name, a due date, the contractor
 * companies it is shared with, and sections, each a category with marks, E-S-G-O factors and
 * questions from the organisation's bank. The form schema is what Add and Edit Assessment resolve
 * with; the call schemas are what the server validates: one rule, written once.
 *
 * The due date may not be before today: the form passes the user's today (a day), the server a
 * function that reads its clock's (UTC) day at each check, so that one schema serves every day.
 */

/** Today as YYYY-MM-DD, or where to read it at each check. */
export type Today = string | (() => string);

/** Letters (any script), digits, spaces and - _ . , & ( ) / ' (spec §5: "limited punctuation"). */
export const ASSESSMENT_NAME_PATTERN = /^[\p{L}\p{N} _.,&()/'’-]+$/u;

/** A calendar day as the calls carry it: YYYY-MM-DD. */
export const ISO_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC calendar day of an instant, YYYY-MM-DD (the server's "today"). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** True when the string is a real calendar day in YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!ISO_DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDay(date) === value;
}

/** Name of Assessment: required, at least 3 characters, limited punctuation. */
export const assessmentNameField = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .min(NAME_MIN_LENGTH, m.nameMin)
  .max(TEXT_MAX_LENGTH, m.nameTooLong)
  .regex(ASSESSMENT_NAME_PATTERN, m.specialCharacters);

/** Due Date: required, a real day in YYYY-MM-DD, not before `today`. */
export function dueDateField(today: Today) {
  return z
    .string({ error: m.dateRequired })
    .trim()
    .min(1, m.dateRequired)
    .refine(isCalendarDay, m.dateInvalid)
    .refine((day) => day >= (typeof today === 'string' ? today : today()), m.dateBeforeToday);
}

/**
 * The contractors shared with: ids of contractor companies. The Select Companies dialog leaves an
 * empty string for each unchecked row (spec §2.6); those and repeats are dropped. At least one.
 */
export const contractorsField = z
  .array(z.string({ error: m.minOneCompany }), { error: m.minOneCompany })
  .transform((ids) => [...new Set(ids.map((id) => id.trim()).filter((id) => id.length > 0))])
  .pipe(
    z
      .array(z.string().max(100, 'contractors is invalid'))
      .min(1, m.minOneCompany)
      .max(ASSESSMENT_CONTRACTORS_MAX, m.tooManyCompanies),
  );

/** True for the answer types that carry choices: multiChoice (required) and checkbox (optional). */
export function hasChoices(answerType: AnswerType): boolean {
  return answerType === AnswerType.MULTI_CHOICE || answerType === AnswerType.CHECKBOX;
}

/** Answer type and, for multiChoice, the choices (chips labelled 'Choices'). */
export const questTypeSchema = z
  .object({
    answerType: z.enum(ANSWER_TYPES, { error: m.answerTypeRequired }),
    /** Choices: trimmed, blanks and repeats dropped; required for multiChoice. */
    options: z
      .array(z.string({ error: m.addChoices }).trim().max(CHOICE_MAX_LENGTH, m.choiceTooLong), { error: m.addChoices })
      .max(CHOICES_MAX, m.tooManyChoices)
      .default([])
      .transform((options) => [...new Set(options.filter((o) => o.length > 0))]),
  })
  .superRefine((v, ctx) => {
    if (v.answerType === AnswerType.MULTI_CHOICE && v.options.length === 0) {
      ctx.addIssue({ code: 'custom', message: m.addChoices, path: ['options'] });
    }
  })
  // Only choice types keep choices: a type changed from multiChoice to text drops them.
  .transform((v) => ({ answerType: v.answerType, options: hasChoices(v.answerType) ? v.options : [] }));
export type QuestTypeInput = z.input<typeof questTypeSchema>;

/** One question of a section: a question of the organisation's bank and how it is answered. */
export const sectionQuestionSchema = z.object({
  question: z.string({ error: m.questionRequired }).trim().min(1, m.questionRequired).max(100, 'question is invalid'),
  questType: questTypeSchema,
});
export type SectionQuestionInput = z.input<typeof sectionQuestionSchema>;

/** The four factor switches; a section needs at least one on. */
export const factorsSchema = z
  .object({
    environment: z.boolean().default(false),
    social: z.boolean().default(false),
    governance: z.boolean().default(false),
    others: z.boolean().default(false),
  })
  .prefault({})
  .refine((f) => f.environment || f.social || f.governance || f.others, m.selectFactor);
export type Factors = z.output<typeof factorsSchema>;

/** Enter Marks: a whole number from 1 ('Marks must be number', 'Marks is required'). */
export const totalMarksField = z
  .number({ error: m.marksNumber })
  .int(m.marksWhole)
  .min(SECTION_MARKS_MIN, m.marksRequired)
  .max(SECTION_MARKS_MAX, m.marksMax);

/** A section: a category, its marks, factors and at least one question (each once). */
export const sectionSchema = z
  .object({
    category: z.string({ error: m.categoryRequired }).trim().min(1, m.categoryRequired).max(100, 'category is invalid'),
    totalMarks: totalMarksField,
    factors: factorsSchema,
    questions: z
      .array(sectionQuestionSchema, { error: m.minOneQuestion })
      .min(1, m.minOneQuestion)
      .max(SECTION_QUESTIONS_MAX, m.tooManyQuestions),
  })
  .superRefine((section, ctx) => {
    const seen = new Set<string>();
    section.questions.forEach((q, i) => {
      if (seen.has(q.question)) ctx.addIssue({ code: 'custom', message: m.questionRepeated, path: ['questions', i, 'question'] });
      seen.add(q.question);
    });
  });
export type SectionInput = z.input<typeof sectionSchema>;
export type Section = z.output<typeof sectionSchema>;

/** The sections: at least one, each category once (a response's checklist is reached by category). */
export const sectionsField = z
  .array(sectionSchema, { error: m.minOneSection })
  .min(1, m.minOneSection)
  .max(ASSESSMENT_SECTIONS_MAX, m.tooManySections)
  .superRefine((sections, ctx) => {
    const seen = new Set<string>();
    sections.forEach((s, i) => {
      if (seen.has(s.category)) ctx.addIssue({ code: 'custom', message: m.categoryRepeated, path: [i, 'category'] });
      seen.add(s.category);
    });
  });

/** The fields of Add Assessment and Edit Assessment. */
function assessmentFields(today: Today) {
  return {
    name: assessmentNameField,
    dueDate: dueDateField(today),
    contractors: contractorsField,
    sections: sectionsField,
  };
}

/** Add / Edit Assessment form, for the day `today` (YYYY-MM-DD). */
export function assessmentFormSchema(today: string) {
  return z.object(assessmentFields(today));
}
export type AssessmentFormInput = z.input<ReturnType<typeof assessmentFormSchema>>;
export type AssessmentForm = z.output<ReturnType<typeof assessmentFormSchema>>;

/**
 * POST /assessment/createAssessment: the form, optionally the caller's organisation id, and the
 * client-made id of the new assessment (client-id.ts: the same id twice stores one assessment and
 * tells its contractors once).
 */
export function createAssessmentSchema(today: Today) {
  return z.object({ ...assessmentFields(today), companyId: idField('companyId').optional(), id: clientIdField });
}
export type CreateAssessmentInput = z.input<ReturnType<typeof createAssessmentSchema>>;
export type CreateAssessmentBody = z.output<ReturnType<typeof createAssessmentSchema>>;

/**
 * POST /assessment/editAssessment {assessmentId, version, updateData}: any of the form's fields (at
 * least one), each with the form's rules; sections and contractors, when sent, replace the old
 * lists. `version` is the assessment's version the edit is based on (the reply's): an older one is
 * refused with 409 (client-id.ts). Optional for older clients; the web always sends it.
 */
export function editAssessmentSchema(today: Today) {
  return z.object({
    assessmentId: idField('assessmentId'),
    version: versionField.optional(),
    updateData: z
      .object(assessmentFields(today))
      .partial()
      .refine((v) => Object.values(v).some((x) => x !== undefined), { message: m.nothingToUpdate }),
  });
}
export type EditAssessmentInput = z.input<ReturnType<typeof editAssessmentSchema>>;
export type EditAssessmentBody = z.output<ReturnType<typeof editAssessmentSchema>>;

/** What the reads expand: category names and question texts (spec §7, include). */
export const includeSchema = z
  .object({
    sections_category: z.boolean().default(false),
    sections_questions_question: z.boolean().default(false),
  })
  .prefault({});
export type Include = z.output<typeof includeSchema>;
export type IncludeInput = z.input<typeof includeSchema>;

/** POST /assessment/deleteAssessment */
export const deleteAssessmentSchema = z.object({ assessmentId: idField('assessmentId') });

/** POST /assessment/getAssessmentById {assessmentId, include} */
export const getAssessmentByIdSchema = z.object({ assessmentId: idField('assessmentId'), include: includeSchema });
export type GetAssessmentByIdInput = z.input<typeof getAssessmentByIdSchema>;

/**
 * POST /assessment/getAssessmentsByCompanyIds {companyIds, include, status?, sections?}:
 * organisations of the caller; status NEW gives the assessments no contractor has started, and
 * sections: false leaves the sections out (an empty list): the Assessments modal asks for both.
 */
export const getAssessmentsByCompanyIdsSchema = z.object({
  companyIds: z
    .array(idField('companyIds'), { error: 'companyIds is required' })
    .min(1, 'companyIds is required')
    .max(50, 'At most 50 companyIds a call'),
  include: includeSchema,
  status: z.enum(ASSESSMENT_STATUSES, { error: 'status must be NEW or PENDING' }).optional(),
  sections: z.boolean({ error: 'sections must be true or false' }).default(true),
  /**
   * With page or pageSize the reply is one page (page from 1; 10, 20 or 30 a page, 10 by default),
   * newest first, and the count of all: {data, total}. Without them, the spec's list.
   */
  page: pageNumberField.optional(),
  pageSize: pageSizeField(NEW_ASSESSMENTS_PAGE_SIZES).optional(),
});
export type GetAssessmentsByCompanyIdsInput = z.input<typeof getAssessmentsByCompanyIdsSchema>;
export type NewAssessmentsPageSize = (typeof NEW_ASSESSMENTS_PAGE_SIZES)[number];

// ------------------------------------------------------------------------------- replies

/** How a question is answered, as the checklist reads it (spec §3: questType). */
export const questTypeReplySchema = z.object({
  answerType: z.enum(ANSWER_TYPES),
  options: z.array(z.string()),
  /** True for yesNo: the checklist shows Yes / No. */
  yesNo: z.boolean(),
  /** True for shortAnswer, longAnswer and numeric: the checklist shows a text input. */
  text: z.boolean(),
  /** Every question takes attachments (the checklist's attach button). */
  attachment: z.boolean(),
});
export type QuestTypeReply = z.infer<typeof questTypeReplySchema>;

/** One question of a section; `question` is the id unless include.sections_questions_question. */
export const sectionQuestionReplySchema = z.object({
  _id: z.string(),
  question: z.union([z.string(), z.object({ _id: z.string(), questText: z.string() })]),
  questType: questTypeReplySchema,
});

/** One section; `category` is the id unless include.sections_category. */
export const sectionReplySchema = z.object({
  _id: z.string(),
  category: z.union([z.string(), z.object({ id: z.string(), name: z.string() })]),
  totalMarks: z.number().int(),
  factors: z.object({ environment: z.boolean(), social: z.boolean(), governance: z.boolean(), others: z.boolean() }),
  questions: z.array(sectionQuestionReplySchema),
});
export type SectionReply = z.infer<typeof sectionReplySchema>;

/** One timeline entry: when, who, the status then and what happened (created, edited). */
export const timelineEntrySchema = z.object({
  updatedAt: z.string(),
  updatedBy: z.object({ id: z.string().nullable(), name: z.string() }),
  status: z.enum(AssessmentStatus),
  action: z.string(),
});

/** An assessment as every reply carries it (spec §3). */
export const assessmentReplySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** YYYY-MM-DD. */
  dueDate: z.string(),
  status: z.enum(AssessmentStatus),
  /** Goes up with every change of the assessment: what an edit sends back as the one it is based on. */
  version: z.number().int(),
  /** Ids of the contractor companies it is shared with. */
  contractors: z.array(z.string()),
  creator: z.object({ id: z.string(), userType: z.number().int(), name: z.string() }),
  /** The organisation that owns it. */
  companyId: z.string(),
  companyName: z.string(),
  sections: z.array(sectionReplySchema),
  /** Oldest first. */
  timeline: z.array(timelineEntrySchema),
  /** ISO instants. */
  lastAccessTime: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AssessmentReply = z.infer<typeof assessmentReplySchema>;

/** getAssessmentsByCompanyIds' data when paged: the page and the count of all that match. */
export const assessmentsPageSchema = z.object({
  data: z.array(assessmentReplySchema),
  total: z.number().int().nonnegative(),
});
export type AssessmentsPage = z.infer<typeof assessmentsPageSchema>;

/** Reply of deleteAssessment: the id of the assessment deleted. */
export const deleteAssessmentReplySchema = z.object({ _id: z.string() });
export type DeleteAssessmentReply = z.infer<typeof deleteAssessmentReplySchema>;

/** Reply of getAllAssessments: the working organisation's assessments, newest first. */
export const assessmentListReplySchema = z.array(assessmentReplySchema);

/**
 * Reply of getAssessmentsByCompanyIds: without page and pageSize the list, newest first; with
 * either, one page and the count of all.
 */
export const assessmentsByCompanyIdsReplySchema = z.union([assessmentListReplySchema, assessmentsPageSchema]);
export type AssessmentsByCompanyIdsReply = z.infer<typeof assessmentsByCompanyIdsReplySchema>;

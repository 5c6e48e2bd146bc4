import { z } from 'zod';
import { assessmentNameField, dueDateField, type Today } from '../assessments/assessment.schema';
import { clientIdField } from '../client-id';
import { ANSWER_TYPES } from '../statuses';
import { idField } from '../users/users.schema';
import { STARTER_SET_IDS } from './starter-library';
import { templatesMessages } from './templates.messages';

const m = templatesMessages;

/**
 * Templates (issue 58): duplicating an assessment into a new NEW one, and the starter library an
 * organisation adds to its question bank.
 */

/** The form of the Duplicate dialog: the new assessment's name and due date. */
export function duplicateFormSchema(today: Today) {
  return z.object({ name: assessmentNameField, dueDate: dueDateField(today) });
}
export type DuplicateForm = z.output<ReturnType<typeof duplicateFormSchema>>;

/**
 * POST /templates/duplicateAssessment {assessmentId, id, name?, dueDate?}: a new assessment in
 * status NEW with the source's sections in order (category, marks, factors) and their questions
 * in order (answer type, choices), shared with nobody yet. `id` is the client-made id of the new
 * assessment (client-id.ts: the same id twice stores one copy). Without a name the copy is
 * "{name} (copy)"; without a due date it keeps the source's, or today when that has passed.
 */
export function duplicateAssessmentSchema(today: Today) {
  return z.object({
    assessmentId: idField('assessmentId'),
    id: clientIdField,
    name: assessmentNameField.optional(),
    dueDate: dueDateField(today).optional(),
  });
}
export type DuplicateAssessmentInput = z.input<ReturnType<typeof duplicateAssessmentSchema>>;
export type DuplicateAssessmentBody = z.output<ReturnType<typeof duplicateAssessmentSchema>>;

/** A starter set's id. */
export const starterSetIdField = z.enum(STARTER_SET_IDS, { error: m.setInvalid });

/** POST /templates/getStarterSets {companyId}: the library, each set with how much of it the bank holds. */
export const getStarterSetsSchema = z.object({ companyId: idField('companyId') });

/** POST /templates/addStarterSet {companyId, setId}: adds what the bank lacks; a second time adds nothing. */
export const addStarterSetSchema = z.object({ companyId: idField('companyId'), setId: starterSetIdField });
export type AddStarterSetInput = z.input<typeof addStarterSetSchema>;

// ------------------------------------------------------------------------------- replies

export const starterQuestionReplySchema = z.object({
  questText: z.string(),
  /** The answer type it is best asked with when placed in an assessment. */
  answerType: z.enum(ANSWER_TYPES),
  options: z.array(z.string()),
  /** True when the organisation's bank holds this text (any case). */
  inBank: z.boolean(),
});

export const starterSetReplySchema = z.object({
  _id: z.enum(STARTER_SET_IDS),
  name: z.string(),
  description: z.string(),
  categories: z.array(z.object({ name: z.string(), inBank: z.boolean(), questions: z.array(starterQuestionReplySchema) })),
  questionCount: z.number().int(),
  /** How many of its questions the bank holds. */
  questionsInBank: z.number().int(),
  /** True when the bank holds every category and question of it. */
  added: z.boolean(),
});
export type StarterSetReply = z.infer<typeof starterSetReplySchema>;

export const starterSetsReplySchema = z.array(starterSetReplySchema);
export type StarterSetsReply = z.infer<typeof starterSetsReplySchema>;

/** Reply of addStarterSet: what it added and what the bank held already (kept as it was). */
export const addStarterSetReplySchema = z.object({
  setId: z.enum(STARTER_SET_IDS),
  categoriesAdded: z.number().int(),
  categoriesKept: z.number().int(),
  questionsAdded: z.number().int(),
  questionsKept: z.number().int(),
});
export type AddStarterSetReply = z.infer<typeof addStarterSetReplySchema>;

import { z } from 'zod';
import { fileRecordSchema, type FileRecord } from '@palisade/domain/files/file.schema';
import { responsesMessages } from '@palisade/domain/messages/responses';
import { answerProblem } from '@palisade/domain/responses/answer.rules';
import {
  answerInputSchema,
  type AnswerInput,
  type ResponseQuestionReply,
} from '@palisade/domain/responses/response.schema';
import { answerStatusOf } from '@palisade/domain/responses/response.rules';
import { AnswerStatus, AnswerType } from '@palisade/domain/statuses';

/**
 * The checklist form: one entry per question of the section, in its order. Every input keeps
 * what a person types (a number as text, no choice as ''); toAnswerInput turns an entry into the
 * answer the server takes (response.schema's answerInputSchema).
 */
export interface AnswerForm {
  yesNo: 'YES' | 'NO' | '';
  text: string;
  number: string;
  choice: string;
  choices: string[];
  tick: boolean;
  attachment: FileRecord[];
}
export interface ChecklistForm {
  answers: AnswerForm[];
}

/** The field of an entry that the question's type reads (where its error shows). */
export function fieldOf(question: ResponseQuestionReply): keyof Omit<AnswerForm, 'attachment'> {
  const { answerType, options } = question.questType;
  switch (answerType) {
    case AnswerType.SHORT_ANSWER:
    case AnswerType.LONG_ANSWER:
      return 'text';
    case AnswerType.NUMERIC:
      return 'number';
    case AnswerType.YES_NO:
      return 'yesNo';
    case AnswerType.MULTI_CHOICE:
      return 'choice';
    case AnswerType.CHECKBOX:
      return options.length > 0 ? 'choices' : 'tick';
  }
}

/** The form entry of a saved answer. */
export function answerToForm(question: ResponseQuestionReply): AnswerForm {
  const { yesNo, text, value, attachment } = question.answer;
  return {
    yesNo: yesNo ?? '',
    text: text ?? '',
    number: typeof value === 'number' ? String(value) : '',
    choice: typeof value === 'string' ? value : '',
    choices: Array.isArray(value) ? [...value] : [],
    tick: value === true,
    attachment: [...attachment],
  };
}

/** The entries of a section's questions, as the form starts. */
export function formOf(questions: readonly ResponseQuestionReply[]): ChecklistForm {
  return { answers: questions.map(answerToForm) };
}

function isBlank(text: string): boolean {
  return text.trim() === '';
}

/**
 * The answer an entry says, without its files: blank text, no choice and no ticks are no answer
 * (null), which the server reads as UNANSWERED (spec §4: clearing a text answer).
 */
export function toAnswerInput(question: ResponseQuestionReply, entry: AnswerForm): AnswerInput {
  const { answerType, options } = question.questType;
  switch (answerType) {
    case AnswerType.SHORT_ANSWER:
    case AnswerType.LONG_ANSWER:
      return { text: isBlank(entry.text) ? null : entry.text };
    case AnswerType.NUMERIC:
      return { value: isBlank(entry.number) ? null : Number(entry.number.trim()) };
    case AnswerType.YES_NO:
      return { yesNo: entry.yesNo === '' ? null : entry.yesNo };
    case AnswerType.MULTI_CHOICE:
      return { value: entry.choice === '' ? null : entry.choice };
    case AnswerType.CHECKBOX:
      if (options.length === 0) return { value: entry.tick };
      return { value: entry.choices.length === 0 ? null : entry.choices };
  }
}

/** True when the entry says what the saved answer says (its files aside). */
function unchanged(question: ResponseQuestionReply, entry: AnswerForm): boolean {
  const field = fieldOf(question);
  const saved = answerToForm(question);
  return JSON.stringify(saved[field]) === JSON.stringify(entry[field]);
}

/**
 * The answer Save sends for one question: the saved answer itself when the entry did not change
 * it (so the server sees "unchanged" and, in REASSESSMENT, does not send it back to the auditor),
 * else the entry's answer; always with the files the entry holds now.
 */
export function answerToSave(question: ResponseQuestionReply, entry: AnswerForm): AnswerInput {
  const { yesNo, text, value } = question.answer;
  const answer = unchanged(question, entry)
    ? { yesNo, text, value }
    : toAnswerInput(question, entry);
  return { ...answer, attachment: entry.attachment };
}

/** ANSWERED or UNANSWERED, as the server will derive it, for the live count on the page. */
export function entryStatus(question: ResponseQuestionReply, entry: AnswerForm): AnswerStatus {
  const { answerType, options } = question.questType;
  if (
    answerType === AnswerType.NUMERIC &&
    !isBlank(entry.number) &&
    !Number.isFinite(Number(entry.number.trim()))
  ) {
    return AnswerStatus.UNANSWERED;
  }
  return answerStatusOf(answerType, options, toAnswerInput(question, entry));
}

const answerFormSchema = z.object({
  yesNo: z.enum(['YES', 'NO', '']),
  text: z.string(),
  number: z.string(),
  choice: z.string(),
  choices: z.array(z.string()),
  tick: z.boolean(),
  attachment: z.array(fileRecordSchema),
});

/** An entry as kept in the browser (lib/answer-drafts): without its files, which the server keeps. */
export const draftEntrySchema = answerFormSchema.omit({ attachment: true });
export type DraftEntry = z.infer<typeof draftEntrySchema>;

/** The entry without its files, as a draft keeps it. */
export function draftEntryOf(entry: AnswerForm): DraftEntry {
  const { yesNo, text, number, choice, choices, tick } = entry;
  return { yesNo, text, number, choice, choices, tick };
}

/** True when two entries say the same answer for the question's type (files aside). */
export function sameEntry(
  question: ResponseQuestionReply,
  a: Omit<AnswerForm, 'attachment'>,
  b: Omit<AnswerForm, 'attachment'>,
): boolean {
  const field = fieldOf(question);
  return JSON.stringify(a[field]) === JSON.stringify(b[field]);
}

/**
 * The form's schema for a section's questions: a numeric answer must read as a number, and every
 * answer must pass the server's answer schema and rules (length, choices), field by field.
 */
export function checklistSchema(questions: readonly ResponseQuestionReply[]) {
  return z.object({ answers: z.array(answerFormSchema) }).superRefine((form, ctx) => {
    form.answers.forEach((entry, i) => {
      const question = questions[i];
      if (!question) return;
      const path = ['answers', i, fieldOf(question)];
      const { answerType, options } = question.questType;
      if (
        answerType === AnswerType.NUMERIC &&
        !isBlank(entry.number) &&
        !Number.isFinite(Number(entry.number.trim()))
      ) {
        ctx.addIssue({ code: 'custom', path, message: responsesMessages.answerNumber });
        return;
      }
      const answer = toAnswerInput(question, entry);
      const parsed = answerInputSchema.safeParse({ ...answer, attachment: entry.attachment });
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', path, message: parsed.error.issues[0]?.message ?? '' });
        return;
      }
      const problem = answerProblem(answerType, options, answer);
      if (problem) ctx.addIssue({ code: 'custom', path, message: problem.message });
    });
  });
}

import { ANSWER_ATTACHMENT_ROOT } from '../constants';
import { responsesMessages } from '../messages/responses';
import { AnswerType } from '../statuses';
import type { AnswerValue } from './response.rules';

const m = responsesMessages;

/** An answer as a response question keeps it: only the field its type reads is set. */
export interface StoredAnswer {
  yesNo: 'YES' | 'NO' | null;
  text: string | null;
  value: string | number | boolean | string[] | null;
}

/** What is wrong with an answer for a question: the field and the text; null when it is fine. */
export interface AnswerProblem {
  field: 'yesNo' | 'text' | 'value';
  message: string;
}

/**
 * Checks the field a question's type reads (the other fields are ignored, then dropped by
 * normalizeAnswer): numeric a finite number; multiChoice one of the choices; checkbox a list of
 * its choices, or a tick (true/false) when it has none; yesNo YES or NO; text types text. A null
 * or missing field is no answer, which is always allowed (it clears the question).
 */
export function answerProblem(answerType: AnswerType, options: readonly string[], answer: AnswerValue | null | undefined): AnswerProblem | null {
  const a = answer ?? {};
  switch (answerType) {
    case AnswerType.SHORT_ANSWER:
    case AnswerType.LONG_ANSWER:
      return a.text === undefined || a.text === null || typeof a.text === 'string' ? null : { field: 'text', message: m.answerText };
    case AnswerType.YES_NO:
      return a.yesNo === undefined || a.yesNo === null || a.yesNo === 'YES' || a.yesNo === 'NO' ? null : { field: 'yesNo', message: m.answerYesNo };
    case AnswerType.NUMERIC:
      return a.value === undefined || a.value === null || (typeof a.value === 'number' && Number.isFinite(a.value))
        ? null
        : { field: 'value', message: m.answerNumber };
    case AnswerType.MULTI_CHOICE:
      return a.value === undefined || a.value === null || (typeof a.value === 'string' && options.includes(a.value))
        ? null
        : { field: 'value', message: m.answerChoice };
    case AnswerType.CHECKBOX:
      if (a.value === undefined || a.value === null) return null;
      if (options.length === 0) return typeof a.value === 'boolean' ? null : { field: 'value', message: m.answerTick };
      return Array.isArray(a.value) && a.value.every((v) => options.includes(v)) ? null : { field: 'value', message: m.answerChoices };
  }
}

/**
 * The answer as stored: the field of the question's type, the others null. Checkbox choices are
 * kept once each, in the order of the choices, so that the same ticks read as the same answer.
 */
export function normalizeAnswer(answerType: AnswerType, options: readonly string[], answer: AnswerValue | null | undefined): StoredAnswer {
  const a = answer ?? {};
  const stored: StoredAnswer = { yesNo: null, text: null, value: null };
  switch (answerType) {
    case AnswerType.SHORT_ANSWER:
    case AnswerType.LONG_ANSWER:
      stored.text = typeof a.text === 'string' ? a.text : null;
      break;
    case AnswerType.YES_NO:
      stored.yesNo = a.yesNo === 'YES' || a.yesNo === 'NO' ? a.yesNo : null;
      break;
    case AnswerType.NUMERIC:
    case AnswerType.MULTI_CHOICE:
      stored.value = a.value ?? null;
      break;
    case AnswerType.CHECKBOX:
      if (Array.isArray(a.value)) {
        const ticked = new Set(a.value);
        stored.value = options.filter((o) => ticked.has(o));
      } else {
        stored.value = a.value ?? null;
      }
      break;
  }
  return stored;
}

/** True when two stored answers say the same (null and a missing answer are the same). */
export function sameAnswer(a: StoredAnswer | null | undefined, b: StoredAnswer | null | undefined): boolean {
  const x = a ?? { yesNo: null, text: null, value: null };
  const y = b ?? { yesNo: null, text: null, value: null };
  return (
    (x.yesNo ?? null) === (y.yesNo ?? null) &&
    (x.text ?? null) === (y.text ?? null) &&
    JSON.stringify(x.value ?? null) === JSON.stringify(y.value ?? null)
  );
}

/** True when two lists of files name the same paths in the same order. */
export function sameFiles(a: readonly { filePath: string }[], b: readonly { filePath: string }[]): boolean {
  return a.length === b.length && a.every((f, i) => f.filePath === b[i]?.filePath);
}

/** The storage folder of a section's attachments: assessment/{responseId}/{sectionId} (spec §4). */
export function attachmentFolder(responseId: string, sectionId: string): string {
  return `${ANSWER_ATTACHMENT_ROOT}/${responseId}/${sectionId}`;
}

/** True when the path is a file directly inside that section's folder. */
export function isInAttachmentFolder(filePath: string, responseId: string, sectionId: string): boolean {
  const prefix = `${attachmentFolder(responseId, sectionId)}/`;
  const rest = filePath.startsWith(prefix) ? filePath.slice(prefix.length) : '';
  return rest.length > 0 && !rest.includes('/') && !rest.includes('\\') && rest !== '.' && rest !== '..';
}

import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import { ANSWER_TYPES, type AnswerType } from '@palisade/domain/statuses';

/** The answer types the Input type select offers, in the order shown. */
export const ANSWER_TYPE_OPTIONS: readonly AnswerType[] = ANSWER_TYPES;

/** The label of an answer type ('Multiple Choice' for multiChoice…). */
export function answerTypeLabel(type: AnswerType): string {
  return assessmentScreensMessages.answerTypes[type];
}

/** True for a string the select sent that is one of the answer types. */
export function isAnswerType(value: string): value is AnswerType {
  return (ANSWER_TYPES as readonly string[]).includes(value);
}

import { AnswerStatus, AnswerType, AssessStatus, ResponseStatus, NO_ASSESS_STATES } from '../statuses';

/** An answer as the checklist keeps it (spec §3: answer {yesNo, text, value, attachment[]}). */
export interface AnswerValue {
  yesNo?: 'YES' | 'NO' | null;
  text?: string | null;
  value?: string | number | boolean | string[] | null;
}

/** The parts of a response question the rules read. */
export interface QuestionState {
  answerStatus: AnswerStatus;
  assessStatus: AssessStatus;
}

/** Percent with 2 decimals; 0 of 0 is 0. */
function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 100 * 100) / 100;
}

/**
 * ANSWERED or UNANSWERED, derived from the answer itself (the server never trusts the client's):
 * text types need non-blank text; numeric a finite number; yes/no a choice; multiChoice one of
 * the choices; checkbox at least one ticked choice, or the tick itself when it has no choices.
 */
export function answerStatusOf(answerType: AnswerType, options: readonly string[], answer: AnswerValue | null | undefined): AnswerStatus {
  const a = answer ?? {};
  let answered: boolean;
  switch (answerType) {
    case AnswerType.SHORT_ANSWER:
    case AnswerType.LONG_ANSWER:
      answered = typeof a.text === 'string' && a.text.trim().length > 0;
      break;
    case AnswerType.NUMERIC:
      answered = typeof a.value === 'number' && Number.isFinite(a.value);
      break;
    case AnswerType.YES_NO:
      answered = a.yesNo === 'YES' || a.yesNo === 'NO';
      break;
    case AnswerType.MULTI_CHOICE:
      answered = typeof a.value === 'string' && options.includes(a.value);
      break;
    case AnswerType.CHECKBOX:
      answered =
        options.length === 0
          ? a.value === true
          : Array.isArray(a.value) && a.value.some((v) => options.includes(v));
      break;
  }
  return answered ? AnswerStatus.ANSWERED : AnswerStatus.UNANSWERED;
}

/** A section (category) is Complete when all its questions are ANSWERED. */
export function isSectionComplete(questions: readonly QuestionState[]): boolean {
  return questions.every((q) => q.answerStatus === AnswerStatus.ANSWERED);
}

/**
 * Category progress, in its two readings (DECISIONS.md): 'answered' for the contractor and the
 * organisation (share of ANSWERED questions), 'judged' on the auditor's screen (share not NONE).
 */
export function sectionProgress(questions: readonly QuestionState[], reading: 'answered' | 'judged'): number {
  const done = questions.filter((q) =>
    reading === 'answered' ? q.answerStatus === AnswerStatus.ANSWERED : q.assessStatus !== AssessStatus.NONE,
  ).length;
  return percent(done, questions.length);
}

/** Assessment progress: the share of sections whose questions are all ANSWERED. */
export function assessmentProgress(sections: readonly (readonly QuestionState[])[]): number {
  return percent(sections.filter(isSectionComplete).length, sections.length);
}

/** The same from counts kept in columns: complete sections of all sections. */
export function progressFromCounts(completeSections: number, totalSections: number): number {
  return percent(completeSections, totalSections);
}

/**
 * The effective due date: newDueDate when the extension flag is set and it is the same day as or
 * later than the original, else the original. Days are YYYY-MM-DD strings.
 */
export function effectiveDueDate(r: { dueDate: string; isDueDateExtended: boolean; newDueDate: string | null }): string {
  return r.isDueDateExtended && r.newDueDate !== null && r.newDueDate >= r.dueDate ? r.newDueDate : r.dueDate;
}

/** Overdue: the effective due date is before today and the contractor still holds the pen. */
export function isOverdue(effectiveDue: string, today: string, status: ResponseStatus | null): boolean {
  return effectiveDue < today && (status === null || status === ResponseStatus.PENDING || status === ResponseStatus.REASSESSMENT);
}

/** Submit: not SUBMITTED or COMPLETED, and no question UNANSWERED. */
export function canSubmit(status: ResponseStatus, questions: readonly QuestionState[]): boolean {
  if (status === ResponseStatus.SUBMITTED || status === ResponseStatus.COMPLETED) return false;
  return questions.length > 0 && isSectionComplete(questions);
}

/**
 * Which answers the contractor may change: all while PENDING; in REASSESSMENT only the REJECTED
 * ones; none once SUBMITTED or COMPLETED.
 */
export function contractorMayChange(status: ResponseStatus, assessStatus: AssessStatus): boolean {
  switch (status) {
    case ResponseStatus.PENDING:
      return true;
    case ResponseStatus.REASSESSMENT:
      return assessStatus === AssessStatus.REJECTED;
    case ResponseStatus.SUBMITTED:
    case ResponseStatus.COMPLETED:
      return false;
  }
}

/** Auditors judge only a SUBMITTED response (not in the no-assess states, not once COMPLETED). */
export function auditorMayJudge(status: ResponseStatus): boolean {
  return !NO_ASSESS_STATES.includes(status) && status !== ResponseStatus.COMPLETED;
}

/** Mark for Reassessment: judgeable, not already REASSESSMENT, every question judged, one REJECTED. */
export function canMarkReassessment(status: ResponseStatus, questions: readonly QuestionState[]): boolean {
  return (
    auditorMayJudge(status) &&
    questions.length > 0 &&
    questions.every((q) => q.assessStatus !== AssessStatus.NONE) &&
    questions.some((q) => q.assessStatus === AssessStatus.REJECTED)
  );
}

/** Mark as Completed: judgeable, not COMPLETED, every question ACCEPTED. */
export function canMarkCompleted(status: ResponseStatus, questions: readonly QuestionState[]): boolean {
  return auditorMayJudge(status) && questions.length > 0 && questions.every((q) => q.assessStatus === AssessStatus.ACCEPTED);
}

/** The Score field is enabled once every question of the section is ACCEPTED. */
export function canScoreSection(questions: readonly QuestionState[]): boolean {
  return questions.length > 0 && questions.every((q) => q.assessStatus === AssessStatus.ACCEPTED);
}

/**
 * What is wrong with a section score, or null: with all accepted a score above 0 is needed
 * ('Please enter the score'); it may not be negative or above the section's marks
 * ('Marks should be positive').
 */
export function sectionScoreProblem(
  scored: number | null,
  totalMarks: number,
  allAccepted: boolean,
): 'enterScore' | 'marksPositive' | null {
  if (scored !== null && (scored < 0 || scored > totalMarks || !Number.isFinite(scored))) return 'marksPositive';
  if (allAccepted && (scored === null || scored <= 0)) return 'enterScore';
  return null;
}

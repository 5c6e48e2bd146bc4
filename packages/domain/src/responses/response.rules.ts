import { assessmentMessages } from '../messages/assessment';
import { orgAuditorMessages } from '../responses/org-auditor.messages';
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
 * Which answers the contractor may change: all while PENDING; in REASSESSMENT the ones that were
 * REJECTED when it began (reopenedVersion set), as often as it likes until it submits (DECISIONS.md,
 * States); none once SUBMITTED or COMPLETED.
 */
export function contractorMayChange(status: ResponseStatus, question: { reopenedVersion: number | null }): boolean {
  switch (status) {
    case ResponseStatus.PENDING:
      return true;
    case ResponseStatus.REASSESSMENT:
      return question.reopenedVersion !== null;
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

/**
 * Whether a response's score (marks, percent, band) is shown to the contractor, the organisation
 * and on the shared response cards (issue 56): only once the auditor has COMPLETED it, i.e. scored
 * every category. Before that any sum is partial (a resubmitted response kept the scores of its
 * accepted categories, and 10 of 50 read as a failing, red score): "Not scored yet" until the
 * auditor scores again. The auditor's own review screen shows its scores as it enters them.
 */
export function isScoreFinal(status: ResponseStatus): boolean {
  return status === ResponseStatus.COMPLETED;
}

/** The Score field is enabled once every question of the section is ACCEPTED. */
export function canScoreSection(questions: readonly QuestionState[]): boolean {
  return questions.length > 0 && questions.every((q) => q.assessStatus === AssessStatus.ACCEPTED);
}

/** What can be wrong with a section score (sectionScoreProblem). */
export type SectionScoreProblem = 'enterScore' | 'marksWhole' | 'marksPositive' | 'marksAboveTotal';

/**
 * What is wrong with a section score, or null: a whole number ('Marks must be a whole number'),
 * not negative ('Marks should be positive'), not above the section's marks ('Marks should not be
 * more than {total}'); with all accepted a score above 0 is needed ('Please enter the score').
 */
export function sectionScoreProblem(scored: number | null, totalMarks: number, allAccepted: boolean): SectionScoreProblem | null {
  if (scored !== null) {
    if (!Number.isInteger(scored)) return 'marksWhole';
    if (scored < 0) return 'marksPositive';
    if (scored > totalMarks) return 'marksAboveTotal';
  }
  // 0 is a score (DECISIONS.md: from 0 to totalMarks); only a missing one is asked for.
  if (allAccepted && scored === null) return 'enterScore';
  return null;
}

/** The text of a section score problem, the same on the form and from the server. */
export function sectionScoreMessage(problem: SectionScoreProblem, totalMarks: number): string {
  switch (problem) {
    case 'enterScore':
      return assessmentMessages.enterScore;
    case 'marksWhole':
      return orgAuditorMessages.marksWhole;
    case 'marksPositive':
      return assessmentMessages.marksPositive;
    case 'marksAboveTotal':
      return orgAuditorMessages.marksAboveTotal(totalMarks);
  }
}

/** What Submit sends, for its confirmation: answered questions, files and, in REASSESSMENT, rejected answers left unchanged. */
export interface SubmitSummary {
  answered: number;
  total: number;
  files: number;
  /** REASSESSMENT: the rejected answers the contractor may change. */
  reopened: number;
  /** REASSESSMENT: of those, the ones not changed since they were rejected. */
  unchanged: number;
}

/** The confirmation's summary of a response's questions. */
export function submitSummary(
  questions: readonly { answerStatus: AnswerStatus; version: number; reopenedVersion: number | null; answer: { attachment: readonly unknown[] } }[],
): SubmitSummary {
  const reopened = questions.filter((q) => q.reopenedVersion !== null);
  return {
    answered: questions.filter((q) => q.answerStatus === AnswerStatus.ANSWERED).length,
    total: questions.length,
    files: questions.reduce((n, q) => n + q.answer.attachment.length, 0),
    reopened: reopened.length,
    unchanged: reopened.filter((q) => q.version === q.reopenedVersion).length,
  };
}

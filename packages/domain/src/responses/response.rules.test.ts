import { describe, expect, it } from 'vitest';
import { AnswerStatus as A, AssessStatus as J, ResponseStatus as S } from '../statuses';
import {
  answerStatusOf,
  assessmentProgress,
  canMarkCompleted,
  canMarkReassessment,
  canScoreSection,
  canSubmit,
  contractorMayChange,
  submitSummary,
  effectiveDueDate,
  isOverdue,
  isScoreFinal,
  progressFromCounts,
  sectionProgress,
  sectionScoreMessage,
  sectionScoreProblem,
} from './response.rules';

const q = (answerStatus: A, assessStatus: J = J.NONE) => ({ answerStatus, assessStatus });

describe('answerStatusOf', () => {
  it('reads each answer type', () => {
    expect(answerStatusOf('shortAnswer', [], { text: '  ' })).toBe(A.UNANSWERED);
    expect(answerStatusOf('shortAnswer', [], { text: 'ok' })).toBe(A.ANSWERED);
    expect(answerStatusOf('longAnswer', [], null)).toBe(A.UNANSWERED);
    expect(answerStatusOf('numeric', [], { value: 0 })).toBe(A.ANSWERED);
    expect(answerStatusOf('numeric', [], { value: '3' })).toBe(A.UNANSWERED);
    expect(answerStatusOf('numeric', [], { value: Number.NaN })).toBe(A.UNANSWERED);
    expect(answerStatusOf('yesNo', [], { yesNo: 'NO' })).toBe(A.ANSWERED);
    expect(answerStatusOf('yesNo', [], { yesNo: null })).toBe(A.UNANSWERED);
    expect(answerStatusOf('multiChoice', ['a', 'b'], { value: 'b' })).toBe(A.ANSWERED);
    expect(answerStatusOf('multiChoice', ['a', 'b'], { value: 'c' })).toBe(A.UNANSWERED);
    expect(answerStatusOf('checkbox', ['a', 'b'], { value: ['a'] })).toBe(A.ANSWERED);
    expect(answerStatusOf('checkbox', ['a', 'b'], { value: [] })).toBe(A.UNANSWERED);
    expect(answerStatusOf('checkbox', [], { value: true })).toBe(A.ANSWERED);
    expect(answerStatusOf('checkbox', [], { value: false })).toBe(A.UNANSWERED);
  });
});

describe('progress', () => {
  it('has two readings for a category', () => {
    const qs = [q(A.ANSWERED, J.ACCEPTED), q(A.ANSWERED), q(A.UNANSWERED, J.REJECTED)];
    expect(sectionProgress(qs, 'answered')).toBe(66.67);
    expect(sectionProgress(qs, 'judged')).toBe(66.67);
    expect(sectionProgress([q(A.ANSWERED)], 'judged')).toBe(0);
    expect(sectionProgress([], 'answered')).toBe(0);
  });
  it('counts complete sections for the assessment', () => {
    expect(assessmentProgress([[q(A.ANSWERED)], [q(A.ANSWERED), q(A.UNANSWERED)], [q(A.ANSWERED)]])).toBe(66.67);
    expect(assessmentProgress([])).toBe(0);
  });
});

describe('due dates', () => {
  it('uses the extension only when flagged and not earlier', () => {
    expect(effectiveDueDate({ dueDate: '2026-12-01', isDueDateExtended: true, newDueDate: '2026-12-10' })).toBe('2026-12-10');
    expect(effectiveDueDate({ dueDate: '2026-12-01', isDueDateExtended: true, newDueDate: '2026-12-01' })).toBe('2026-12-01');
    expect(effectiveDueDate({ dueDate: '2026-12-01', isDueDateExtended: true, newDueDate: '2026-11-20' })).toBe('2026-12-01');
    expect(effectiveDueDate({ dueDate: '2026-12-01', isDueDateExtended: false, newDueDate: '2026-12-10' })).toBe('2026-12-01');
    expect(effectiveDueDate({ dueDate: '2026-12-01', isDueDateExtended: true, newDueDate: null })).toBe('2026-12-01');
  });
  it('is overdue only while the contractor holds the pen', () => {
    expect(isOverdue('2026-11-01', '2026-11-22', S.PENDING)).toBe(true);
    expect(isOverdue('2026-11-01', '2026-11-22', null)).toBe(true);
    expect(isOverdue('2026-11-01', '2026-11-22', S.SUBMITTED)).toBe(false);
    expect(isOverdue('2026-11-22', '2026-11-22', S.PENDING)).toBe(false);
  });
});

describe('who may act', () => {
  it('submits only a fully answered, open response', () => {
    expect(canSubmit(S.PENDING, [q(A.ANSWERED)])).toBe(true);
    expect(canSubmit(S.REASSESSMENT, [q(A.ANSWERED)])).toBe(true);
    expect(canSubmit(S.PENDING, [q(A.ANSWERED), q(A.UNANSWERED)])).toBe(false);
    expect(canSubmit(S.SUBMITTED, [q(A.ANSWERED)])).toBe(false);
    expect(canSubmit(S.COMPLETED, [q(A.ANSWERED)])).toBe(false);
    expect(canSubmit(S.PENDING, [])).toBe(false);
  });
  it('lets the contractor change only rejected answers in reassessment', () => {
    expect(contractorMayChange(S.PENDING, { reopenedVersion: null })).toBe(true);
    // Reopened when the reassessment began: editable however often it was saved since.
    expect(contractorMayChange(S.REASSESSMENT, { reopenedVersion: 3 })).toBe(true);
    expect(contractorMayChange(S.REASSESSMENT, { reopenedVersion: null })).toBe(false);
    expect(contractorMayChange(S.SUBMITTED, { reopenedVersion: null })).toBe(false);
    expect(contractorMayChange(S.COMPLETED, { reopenedVersion: 2 })).toBe(false);
  });
  it('summarises what Submit sends', () => {
    const files = [{}, {}];
    const summary = submitSummary([
      { answerStatus: A.ANSWERED, version: 4, reopenedVersion: 2, answer: { attachment: files } },
      { answerStatus: A.ANSWERED, version: 2, reopenedVersion: 2, answer: { attachment: [] } },
      { answerStatus: A.UNANSWERED, version: 1, reopenedVersion: null, answer: { attachment: [{}] } },
    ]);
    expect(summary).toEqual({ answered: 2, total: 3, files: 3, reopened: 2, unchanged: 1 });
  });
  it('enables Mark for Reassessment and Mark as Completed by the spec', () => {
    const judged = [q(A.ANSWERED, J.ACCEPTED), q(A.ANSWERED, J.REJECTED)];
    expect(canMarkReassessment(S.SUBMITTED, judged)).toBe(true);
    expect(canMarkReassessment(S.REASSESSMENT, judged)).toBe(false);
    expect(canMarkReassessment(S.PENDING, judged)).toBe(false);
    expect(canMarkReassessment(S.SUBMITTED, [q(A.ANSWERED, J.ACCEPTED), q(A.ANSWERED)])).toBe(false);
    expect(canMarkReassessment(S.SUBMITTED, [q(A.ANSWERED, J.ACCEPTED)])).toBe(false);
    expect(canMarkCompleted(S.SUBMITTED, [q(A.ANSWERED, J.ACCEPTED)])).toBe(true);
    expect(canMarkCompleted(S.SUBMITTED, judged)).toBe(false);
    expect(canMarkCompleted(S.COMPLETED, [q(A.ANSWERED, J.ACCEPTED)])).toBe(false);
    expect(canMarkCompleted(S.REASSESSMENT, [q(A.ANSWERED, J.ACCEPTED)])).toBe(false);
  });
  it('scores a section only with all accepted, within 0..total', () => {
    expect(canScoreSection([q(A.ANSWERED, J.ACCEPTED)])).toBe(true);
    expect(canScoreSection([q(A.ANSWERED, J.ACCEPTED), q(A.ANSWERED)])).toBe(false);
    expect(sectionScoreProblem(null, 10, true)).toBe('enterScore');
    expect(sectionScoreProblem(0, 10, true)).toBeNull();
    expect(sectionScoreProblem(11, 10, true)).toBe('marksAboveTotal');
    expect(sectionScoreProblem(10, 10, true)).toBeNull();
    expect(sectionScoreProblem(2.5, 10, true)).toBe('marksWhole');
    expect(sectionScoreProblem(Number.NaN, 10, true)).toBe('marksWhole');
    expect(sectionScoreProblem(-1, 10, false)).toBe('marksPositive');
    expect(sectionScoreMessage('marksAboveTotal', 60)).toBe('Marks should not be more than 60');
    expect(sectionScoreMessage('marksWhole', 60)).toBe('Marks must be a whole number');
    expect(sectionScoreMessage('marksPositive', 60)).toBe('Marks should be positive');
    expect(sectionScoreMessage('enterScore', 60)).toBe('Please enter the score');
    expect(sectionScoreProblem(7, 10, true)).toBeNull();
    expect(sectionScoreProblem(null, 10, false)).toBeNull();
  });
});

describe('progress from the count columns', () => {
  it('reads the same as the progress of the rows', () => {
    const sections = [[q(A.ANSWERED)], [q(A.ANSWERED), q(A.UNANSWERED)], [q(A.ANSWERED)]];
    expect(progressFromCounts(2, 3)).toBe(assessmentProgress(sections));
    expect(progressFromCounts(0, 0)).toBe(0);
    expect(progressFromCounts(1, 3)).toBe(33.33);
    expect(progressFromCounts(5, 5)).toBe(100);
  });
});

describe('the submit rule in reassessment', () => {
  it('submits again once the rejected answers are answered, judged or not', () => {
    expect(canSubmit(S.REASSESSMENT, [q(A.ANSWERED, J.ACCEPTED), q(A.ANSWERED, J.NONE)])).toBe(true);
    expect(canSubmit(S.REASSESSMENT, [q(A.ANSWERED, J.ACCEPTED), q(A.UNANSWERED, J.NONE)])).toBe(false);
  });
});

describe('effective due date at the edges', () => {
  it('compares whole days', () => {
    expect(effectiveDueDate({ dueDate: '2026-12-31', isDueDateExtended: true, newDueDate: '2027-01-01' })).toBe('2027-01-01');
    expect(effectiveDueDate({ dueDate: '2026-02-28', isDueDateExtended: true, newDueDate: '2026-02-27' })).toBe('2026-02-28');
  });
});

describe('isScoreFinal (issue 56)', () => {
  it('shows a score only once the response is COMPLETED: a resubmitted one is not scored yet', () => {
    expect(isScoreFinal(S.COMPLETED)).toBe(true);
    for (const status of [S.PENDING, S.SUBMITTED, S.REASSESSMENT]) expect(isScoreFinal(status)).toBe(false);
  });
});

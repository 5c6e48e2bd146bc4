import { describe, expect, it } from 'vitest';
import { AnswerStatus as A, AssessStatus as J, ResponseStatus as S } from '../statuses';
import { auditorMayJudge, canMarkCompleted, canMarkReassessment, canScoreSection, sectionScoreProblem } from './response.rules';
import { exportFileName, firstUnscoredSection, isDueDateNotBefore, notJudgeableReason, sheetNames } from './review.rules';

const q = (assessStatus: J) => ({ answerStatus: A.ANSWERED, assessStatus });

describe('who may judge', () => {
  it('judges only a SUBMITTED response', () => {
    expect(auditorMayJudge(S.SUBMITTED)).toBe(true);
    expect(auditorMayJudge(S.PENDING)).toBe(false);
    expect(auditorMayJudge(S.REASSESSMENT)).toBe(false);
    expect(auditorMayJudge(S.COMPLETED)).toBe(false);
  });
  it('says why not, state by state', () => {
    expect(notJudgeableReason(S.SUBMITTED)).toBeNull();
    expect(notJudgeableReason(S.PENDING)).toBe('pending');
    expect(notJudgeableReason(S.REASSESSMENT)).toBe('reassessment');
    expect(notJudgeableReason(S.COMPLETED)).toBe('completed');
  });
  it('agrees with auditorMayJudge in every state', () => {
    for (const s of Object.values(S)) expect(notJudgeableReason(s) === null).toBe(auditorMayJudge(s));
  });
});

describe('Mark for Reassessment at the edges', () => {
  it('needs every question judged and one rejected', () => {
    expect(canMarkReassessment(S.SUBMITTED, [q(J.REJECTED)])).toBe(true);
    expect(canMarkReassessment(S.SUBMITTED, [q(J.REJECTED), q(J.NONE)])).toBe(false);
    expect(canMarkReassessment(S.SUBMITTED, [q(J.ACCEPTED), q(J.ACCEPTED)])).toBe(false);
    expect(canMarkReassessment(S.SUBMITTED, [])).toBe(false);
    expect(canMarkReassessment(S.COMPLETED, [q(J.REJECTED)])).toBe(false);
  });
});

describe('Mark as Completed at the edges', () => {
  it('needs every question accepted', () => {
    expect(canMarkCompleted(S.SUBMITTED, [q(J.ACCEPTED), q(J.ACCEPTED)])).toBe(true);
    expect(canMarkCompleted(S.SUBMITTED, [q(J.ACCEPTED), q(J.NONE)])).toBe(false);
    expect(canMarkCompleted(S.SUBMITTED, [])).toBe(false);
    expect(canMarkCompleted(S.PENDING, [q(J.ACCEPTED)])).toBe(false);
  });
});

describe('section scores at the edges', () => {
  it('scores only with every question accepted', () => {
    expect(canScoreSection([])).toBe(false);
    expect(canScoreSection([q(J.ACCEPTED), q(J.REJECTED)])).toBe(false);
  });
  it('takes the whole range 0..total when all are accepted', () => {
    expect(sectionScoreProblem(0, 10, true)).toBeNull();
    expect(sectionScoreProblem(1, 10, true)).toBeNull();
    expect(sectionScoreProblem(10, 10, true)).toBeNull();
    expect(sectionScoreProblem(Number.POSITIVE_INFINITY, 10, true)).toBe('marksWhole');
    expect(sectionScoreProblem(0, 10, false)).toBeNull();
  });
  it('names the first unscored section', () => {
    const sections = [{ name: 'a', scoredMarks: 4 }, { name: 'b', scoredMarks: null }, { name: 'c', scoredMarks: 0 }];
    expect(firstUnscoredSection(sections)?.name).toBe('b');
    expect(firstUnscoredSection([{ scoredMarks: 0 }])).toBeUndefined();
    expect(firstUnscoredSection([{ scoredMarks: 3 }])).toBeUndefined();
  });
});

describe('due date extensions', () => {
  it('accepts the same day or later, never earlier', () => {
    expect(isDueDateNotBefore('2026-05-01', '2026-05-01')).toBe(true);
    expect(isDueDateNotBefore('2026-05-02', '2026-05-01')).toBe(true);
    expect(isDueDateNotBefore('2026-04-30', '2026-05-01')).toBe(false);
    expect(isDueDateNotBefore('2027-01-01', '2026-12-31')).toBe(true);
  });
});

describe('export names', () => {
  it('names the file from the assessment with spaces as underscores', () => {
    expect(exportFileName('Gas Safety  Audit 2026')).toBe('Gas_Safety_Audit_2026.xlsx');
    expect(exportFileName(' a/b:"c" ')).toBe('abc.xlsx');
    expect(exportFileName('???')).toBe('Assessment.xlsx');
  });
  it('cuts sheet names to 31 characters, strips what Excel refuses and keeps them unique', () => {
    const long = 'Environment, health and safety management';
    const names = sheetNames([long, long, 'Fire [zone] 1/2?', 'summary', '', 'Ok'], ['Summary']);
    expect(names[0]).toBe(long.slice(0, 31));
    expect(names[1]).toBe(`${long.slice(0, 27)} (2)`);
    expect(names[2]).toBe('Fire zone 12');
    expect(names[3]).toBe('summary (2)');
    expect(names[4]).toBe('Sheet');
    expect(names[5]).toBe('Ok');
    for (const n of names) expect(n.length).toBeLessThanOrEqual(31);
  });
});

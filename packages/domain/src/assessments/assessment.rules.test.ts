import { describe, expect, it } from 'vitest';
import {
  assessmentToForm,
  emptySection,
  hasErrorsOtherThanContractors,
  isShareEnabled,
  questionsUsedElsewhere,
  questTypeOf,
  sectionsHaveFactor,
  type ShareState,
} from './assessment.rules';
import { assessmentFormSchema, type AssessmentReply } from './assessment.schema';

const ready: ShareState = {
  dirty: true,
  touched: true,
  sectionsHaveFactor: true,
  submitting: false,
  mode: 'add',
  errorsOtherThanContractors: false,
};

describe('isShareEnabled', () => {
  it('is enabled on a changed, touched form whose sections all have a factor', () => {
    expect(isShareEnabled(ready)).toBe(true);
    expect(isShareEnabled({ ...ready, mode: 'edit' })).toBe(true);
  });
  it.each<[string, Partial<ShareState>]>([
    ['unchanged', { dirty: false }],
    ['untouched', { touched: false }],
    ['a section without factor', { sectionsHaveFactor: false }],
    ['submitting', { submitting: true }],
  ])('is disabled when %s, on add and on edit', (_, change) => {
    expect(isShareEnabled({ ...ready, ...change })).toBe(false);
    expect(isShareEnabled({ ...ready, ...change, mode: 'edit' })).toBe(false);
  });
  it('on add, errors other than contractors disable it; on edit they do not', () => {
    expect(isShareEnabled({ ...ready, errorsOtherThanContractors: true })).toBe(false);
    expect(isShareEnabled({ ...ready, mode: 'edit', errorsOtherThanContractors: true })).toBe(true);
  });
});

describe('share helpers', () => {
  it('every section needs a factor on', () => {
    expect(sectionsHaveFactor([{ factors: { social: true } }, { factors: { others: true, social: false } }])).toBe(true);
    expect(sectionsHaveFactor([{ factors: { social: true } }, { factors: {} }])).toBe(false);
    expect(sectionsHaveFactor([emptySection()])).toBe(false);
    expect(sectionsHaveFactor([])).toBe(false);
  });
  it('contractor errors alone do not count', () => {
    expect(hasErrorsOtherThanContractors(['contractors'])).toBe(false);
    expect(hasErrorsOtherThanContractors(['contractors.0'])).toBe(false);
    expect(hasErrorsOtherThanContractors([])).toBe(false);
    expect(hasErrorsOtherThanContractors(['contractors', 'sections.0.category'])).toBe(true);
    expect(hasErrorsOtherThanContractors(['contractorsNote'])).toBe(true);
  });
  it('a new section is empty: no category, no questions, marks 0, factors off', () => {
    const s = emptySection();
    expect(s).toEqual({ category: '', totalMarks: 0, factors: { environment: false, social: false, governance: false, others: false }, questions: [] });
    // Fresh objects: editing one section never changes another.
    expect(emptySection().factors).not.toBe(s.factors);
  });
});

describe('questionsUsedElsewhere', () => {
  it('flags, per section, the questions of the other sections', () => {
    const used = questionsUsedElsewhere([
      { questions: [{ question: 'q1' }, { question: 'q2' }] },
      { questions: [{ question: 'q2' }, { question: 'q3' }] },
      { questions: [] },
    ]);
    expect([...(used[0] ?? [])].sort()).toEqual(['q2', 'q3']);
    expect([...(used[1] ?? [])].sort()).toEqual(['q1', 'q2']);
    expect([...(used[2] ?? [])].sort()).toEqual(['q1', 'q2', 'q3']);
  });
  it('a question twice in one section is not "elsewhere"; empty ids are ignored', () => {
    const used = questionsUsedElsewhere([{ questions: [{ question: 'q1' }, { question: 'q1' }, { question: '' }] }, {}]);
    expect(used[0]?.size).toBe(0);
    expect([...(used[1] ?? [])]).toEqual(['q1']);
  });
});

describe('questTypeOf', () => {
  it('derives the checklist flags from the answer type', () => {
    expect(questTypeOf('yesNo', [])).toEqual({ answerType: 'yesNo', options: [], yesNo: true, text: false, attachment: true });
    expect(questTypeOf('longAnswer', ['x'])).toMatchObject({ options: [], yesNo: false, text: true });
    expect(questTypeOf('numeric', [])).toMatchObject({ text: true });
    expect(questTypeOf('multiChoice', ['A', 'B'])).toMatchObject({ options: ['A', 'B'], yesNo: false, text: false });
  });
});

describe('assessmentToForm', () => {
  const reply: AssessmentReply = {
    _id: 'a1',
    name: 'Working at Height Audit',
    dueDate: '2026-05-01',
    status: 'NEW',
    version: 0,
    contractors: ['c1', 'c2'],
    creator: { id: 'u1', userType: 2, name: 'Dana Admin' },
    companyId: 'o1',
    companyName: 'Demo Gas Ltd',
    sections: [
      {
        _id: 's1',
        category: { id: 'cat1', name: 'PPE' },
        totalMarks: 20,
        factors: { environment: false, social: true, governance: false, others: false },
        questions: [{ _id: 'sq1', question: { _id: 'q1', questText: 'Is PPE issued?' }, questType: questTypeOf('multiChoice', ['Yes', 'No']) }],
      },
      {
        _id: 's2',
        category: 'cat2',
        totalMarks: 5,
        factors: { environment: true, social: false, governance: false, others: false },
        questions: [{ _id: 'sq2', question: 'q2', questType: questTypeOf('yesNo', []) }],
      },
    ],
    timeline: [],
    lastAccessTime: '2026-03-01T10:00:00.000Z',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
  };
  it('gives ids whatever was included, and the form accepts it as is', () => {
    const values = assessmentToForm(reply);
    expect(values.sections.map((s) => s.category)).toEqual(['cat1', 'cat2']);
    expect(values.sections[0]?.questions[0]).toEqual({ question: 'q1', questType: { answerType: 'multiChoice', options: ['Yes', 'No'] } });
    expect(assessmentFormSchema('2026-03-15').safeParse(values).success).toBe(true);
  });
});

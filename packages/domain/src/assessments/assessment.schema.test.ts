import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  assessmentFormSchema,
  assessmentNameField,
  contractorsField,
  createAssessmentSchema,
  dueDateField,
  editAssessmentSchema,
  getAssessmentByIdSchema,
  isCalendarDay,
  isoDay,
  questTypeSchema,
  sectionSchema,
  type AssessmentFormInput,
  type SectionInput,
} from './assessment.schema';

const m = messages.assessment;
const TODAY = '2026-03-15';
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
const firstPath = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => r.error?.issues[0]?.path.join('.');

const section = (extra: Partial<SectionInput> = {}): SectionInput => ({
  category: 'cat-1',
  totalMarks: 10,
  factors: { environment: true },
  questions: [{ question: 'q-1', questType: { answerType: 'yesNo' } }],
  ...extra,
});
const form = (extra: Partial<AssessmentFormInput> = {}): AssessmentFormInput => ({
  name: 'Annual HSE Pre-qualification 2026',
  dueDate: '2026-04-30',
  contractors: ['c-1'],
  sections: [section()],
  ...extra,
});

describe('assessment name', () => {
  it.each([
    ['Annual HSE Pre-qualification 2026', true],
    ["Working at Height (Q1) / Contractors' audit, v1.2 & more", true],
    ['Évaluation sécurité', true],
    ['Ab', false],
    ['Audit #1', false],
    ['Audit <b>', false],
    ['Audit; drop', false],
  ])('%s → %s', (name, valid) => {
    expect(assessmentNameField.safeParse(name).success).toBe(valid);
  });
  it('names the rule that failed', () => {
    expect(firstMessage(assessmentNameField.safeParse(''))).toBe(m.nameRequired);
    expect(firstMessage(assessmentNameField.safeParse(undefined))).toBe(m.nameRequired);
    expect(firstMessage(assessmentNameField.safeParse('Ab'))).toBe(m.nameMin);
    expect(firstMessage(assessmentNameField.safeParse('Audit #1'))).toBe(m.specialCharacters);
    expect(firstMessage(assessmentNameField.safeParse('a'.repeat(256)))).toBe(m.nameTooLong);
    expect(assessmentNameField.parse('  Site Audit ')).toBe('Site Audit');
  });
});

describe('due date', () => {
  const field = dueDateField(TODAY);
  it('takes today and later, never earlier', () => {
    expect(field.safeParse(TODAY).success).toBe(true);
    expect(field.safeParse('2027-01-01').success).toBe(true);
    expect(firstMessage(field.safeParse('2026-03-14'))).toBe(m.dateBeforeToday);
  });
  it('needs a real calendar day in YYYY-MM-DD', () => {
    expect(firstMessage(field.safeParse(''))).toBe(m.dateRequired);
    expect(firstMessage(field.safeParse(undefined))).toBe(m.dateRequired);
    expect(firstMessage(field.safeParse('2026-02-30'))).toBe(m.dateInvalid);
    expect(firstMessage(field.safeParse('15/04/2026'))).toBe(m.dateInvalid);
    expect(firstMessage(field.safeParse('2026-04-15T00:00:00Z'))).toBe(m.dateInvalid);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
  });
  it('the server day is the UTC day', () => {
    expect(isoDay(new Date('2026-03-15T23:59:59Z'))).toBe('2026-03-15');
    expect(isoDay(new Date('2026-03-16T00:00:00+05:30'))).toBe('2026-03-15');
  });
});

describe('contractors', () => {
  it('drops the empty strings of unchecked rows and repeats', () => {
    expect(contractorsField.parse(['', 'c-1', ' ', 'c-2', 'c-1'])).toEqual(['c-1', 'c-2']);
  });
  it('needs at least one company', () => {
    expect(firstMessage(contractorsField.safeParse([]))).toBe(m.minOneCompany);
    expect(firstMessage(contractorsField.safeParse(['', '']))).toBe(m.minOneCompany);
    expect(firstMessage(contractorsField.safeParse(undefined))).toBe(m.minOneCompany);
    expect(firstMessage(contractorsField.safeParse('c-1'))).toBe(m.minOneCompany);
  });
});

describe('question type', () => {
  it('multiChoice needs choices; blanks and repeats are dropped', () => {
    expect(firstMessage(questTypeSchema.safeParse({ answerType: 'multiChoice' }))).toBe(m.addChoices);
    expect(firstMessage(questTypeSchema.safeParse({ answerType: 'multiChoice', options: [' ', ''] }))).toBe(m.addChoices);
    expect(questTypeSchema.parse({ answerType: 'multiChoice', options: ['Yes ', 'No', 'Yes', ''] })).toEqual({
      answerType: 'multiChoice',
      options: ['Yes', 'No'],
    });
  });
  it('only choice types keep choices', () => {
    expect(questTypeSchema.parse({ answerType: 'shortAnswer', options: ['a'] })).toEqual({ answerType: 'shortAnswer', options: [] });
    expect(questTypeSchema.parse({ answerType: 'checkbox', options: ['a'] })).toEqual({ answerType: 'checkbox', options: ['a'] });
    expect(questTypeSchema.parse({ answerType: 'checkbox' })).toEqual({ answerType: 'checkbox', options: [] });
  });
  it('needs a known answer type', () => {
    expect(firstMessage(questTypeSchema.safeParse({}))).toBe(m.answerTypeRequired);
    expect(firstMessage(questTypeSchema.safeParse({ answerType: 'essay' }))).toBe(m.answerTypeRequired);
    for (const answerType of ['shortAnswer', 'longAnswer', 'numeric', 'checkbox', 'yesNo']) {
      expect(questTypeSchema.safeParse({ answerType }).success).toBe(true);
    }
  });
});

describe('section', () => {
  it.each<[string, Partial<SectionInput>, string, string]>([
    ['no category', { category: '' }, m.categoryRequired, 'category'],
    ['no questions', { questions: [] }, m.minOneQuestion, 'questions'],
    ['marks 0 (a new section)', { totalMarks: 0 }, m.marksRequired, 'totalMarks'],
    ['marks not a number', { totalMarks: Number.NaN }, m.marksNumber, 'totalMarks'],
    ['marks as text', { totalMarks: '10' as unknown as number }, m.marksNumber, 'totalMarks'],
    ['marks not whole', { totalMarks: 2.5 }, m.marksWhole, 'totalMarks'],
    ['marks too many', { totalMarks: 10001 }, m.marksMax, 'totalMarks'],
    ['no factor on', { factors: { environment: false, social: false, governance: false, others: false } }, m.selectFactor, 'factors'],
    ['no factors at all', { factors: undefined }, m.selectFactor, 'factors'],
    [
      'a multiChoice question without choices',
      { questions: [{ question: 'q-1', questType: { answerType: 'multiChoice', options: [] } }] },
      m.addChoices,
      'questions.0.questType.options',
    ],
    [
      'the same question twice',
      { questions: [{ question: 'q-1', questType: { answerType: 'yesNo' } }, { question: 'q-1', questType: { answerType: 'numeric' } }] },
      m.questionRepeated,
      'questions.1.question',
    ],
  ])('refuses %s', (_, extra, message, path) => {
    const r = sectionSchema.safeParse(section(extra));
    expect(firstMessage(r)).toBe(message);
    expect(firstPath(r)).toBe(path);
  });
  it('fills missing factors with false', () => {
    expect(sectionSchema.parse(section({ factors: { social: true } })).factors).toEqual({
      environment: false,
      social: true,
      governance: false,
      others: false,
    });
  });
});

describe('assessment form and calls', () => {
  const schema = assessmentFormSchema(TODAY);
  it('accepts a complete form', () => {
    const parsed = schema.parse(form({ contractors: ['', 'c-1', 'c-2', ''] }));
    expect(parsed.contractors).toEqual(['c-1', 'c-2']);
    expect(parsed.sections[0]?.questions[0]?.questType).toEqual({ answerType: 'yesNo', options: [] });
  });
  it.each<[string, Partial<AssessmentFormInput>, string, string]>([
    ['no name', { name: '' }, m.nameRequired, 'name'],
    ['a name with special characters', { name: 'Audit @ site' }, m.specialCharacters, 'name'],
    ['no date', { dueDate: '' }, m.dateRequired, 'dueDate'],
    ['a past date', { dueDate: '2026-03-01' }, m.dateBeforeToday, 'dueDate'],
    ['no company', { contractors: ['', ''] }, m.minOneCompany, 'contractors'],
    ['no section', { sections: [] }, m.minOneSection, 'sections'],
    ['a category in two sections', { sections: [section(), section()] }, m.categoryRepeated, 'sections.1.category'],
    ['a second section without category', { sections: [section(), section({ category: '' })] }, m.categoryRequired, 'sections.1.category'],
  ])('refuses %s', (_, extra, message, path) => {
    const r = schema.safeParse(form(extra));
    expect(firstMessage(r)).toBe(message);
    expect(firstPath(r)).toBe(path);
  });
  it('the same question may appear in two sections (flagged, not refused)', () => {
    expect(schema.safeParse(form({ sections: [section(), section({ category: 'cat-2' })] })).success).toBe(true);
  });
  it('create takes an optional companyId', () => {
    expect(createAssessmentSchema(TODAY).safeParse({ ...form(), companyId: 'org-1' }).success).toBe(true);
    expect(firstMessage(createAssessmentSchema(TODAY).safeParse({ ...form(), companyId: '' }))).toBe('companyId is required');
  });
  it('edit takes any subset of the fields with the same rules, but not none', () => {
    const edit = editAssessmentSchema(TODAY);
    expect(edit.safeParse({ assessmentId: 'a-1', updateData: { name: 'Renamed audit' } }).success).toBe(true);
    expect(firstMessage(edit.safeParse({ assessmentId: 'a-1', updateData: {} }))).toBe(m.nothingToUpdate);
    expect(firstMessage(edit.safeParse({ assessmentId: 'a-1', updateData: { contractors: [''] } }))).toBe(m.minOneCompany);
    expect(firstMessage(edit.safeParse({ assessmentId: 'a-1', updateData: { dueDate: '2026-03-14' } }))).toBe(m.dateBeforeToday);
    expect(firstMessage(edit.safeParse({ updateData: { name: 'Renamed audit' } }))).toBe('assessmentId is required');
  });
  it('include defaults to ids only', () => {
    expect(getAssessmentByIdSchema.parse({ assessmentId: 'a-1' }).include).toEqual({ sections_category: false, sections_questions_question: false });
    expect(getAssessmentByIdSchema.parse({ assessmentId: 'a-1', include: { sections_category: true } }).include).toEqual({
      sections_category: true,
      sections_questions_question: false,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { categoryFormSchema, categoryNameField, editAssessCategorySchema } from './category.schema';
import { isQuestionsHeader, planQuestionImport, questionsFromCsv, QUESTIONS_SAMPLE_CSV } from './question.rules';
import { createBulkQuestionsSchema, createQuestionSchema, questionCreateFormSchema, questionEditFormSchema } from './question.schema';

const m = messages.assessment;
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('category name', () => {
  it.each([
    ['Safety Management', true],
    ['PPE', true],
    ['ISO 45001', true],
    ['Sécurité', true],
    ['PP', false],
    ['Safety & Health', false],
    ['Safety-Management', false],
  ])('%s → %s', (name, valid) => {
    expect(categoryNameField.safeParse(name).success).toBe(valid);
  });
  it('names the rule that failed, on add and on edit', () => {
    expect(firstMessage(categoryFormSchema.safeParse({ name: '' }))).toBe(m.categoryNameRequired);
    expect(firstMessage(categoryFormSchema.safeParse({}))).toBe(m.categoryNameRequired);
    expect(firstMessage(categoryFormSchema.safeParse({ name: 'PP' }))).toBe(m.categoryMin);
    expect(firstMessage(categoryFormSchema.safeParse({ name: 'Safety & Health' }))).toBe(m.categorySpecial);
    expect(firstMessage(categoryFormSchema.safeParse({ name: 'x'.repeat(101) }))).toBe(m.categoryTooLong);
    expect(firstMessage(editAssessCategorySchema.safeParse({ categoryId: 'c', updateData: { name: 'PP' } }))).toBe(m.categoryMin);
  });
});

describe('question text', () => {
  it('needs 2 characters when created, 3 when edited', () => {
    expect(questionCreateFormSchema.safeParse({ questText: 'OK' }).success).toBe(true);
    expect(firstMessage(questionEditFormSchema.safeParse({ questText: 'OK' }))).toBe(m.questionMinEdit);
    expect(firstMessage(questionCreateFormSchema.safeParse({ questText: 'O' }))).toBe(m.questionMin);
    expect(firstMessage(questionCreateFormSchema.safeParse({ questText: '   ' }))).toBe(m.questionRequired);
    expect(firstMessage(createQuestionSchema.safeParse({ companyId: 'o' }))).toBe(m.questionRequired);
  });
  it('takes sentences with punctuation, not markup or line breaks', () => {
    expect(questionCreateFormSchema.safeParse({ questText: 'Is a permit-to-work issued (hot work, confined space)? Give % & #.' }).success).toBe(true);
    expect(firstMessage(questionCreateFormSchema.safeParse({ questText: '<script>x</script>' }))).toBe(m.questionSpecial);
    expect(firstMessage(questionCreateFormSchema.safeParse({ questText: 'Line one\nline two' }))).toBe(m.questionSpecial);
    expect(firstMessage(questionCreateFormSchema.safeParse({ questText: 'x'.repeat(501) }))).toBe(m.questionTooLong);
  });
  it('an import carries 1 to 1000 rows', () => {
    expect(firstMessage(createBulkQuestionsSchema.safeParse({ questionsData: [] }))).toBe(m.bulkQuestionsEmpty);
    expect(firstMessage(createBulkQuestionsSchema.safeParse({}))).toBe(m.bulkQuestionsEmpty);
    const many = Array.from({ length: 1001 }, () => ({ companyId: 'o', questText: 'Question' }));
    expect(firstMessage(createBulkQuestionsSchema.safeParse({ questionsData: many }))).toBe(m.bulkQuestionsTooMany);
    expect(createBulkQuestionsSchema.safeParse({ questionsData: [{ companyId: 'o', questText: '' }, { companyId: 'o' }] }).success).toBe(true);
  });
});

describe('question import', () => {
  it('skips the sample’s header row (after a BOM, any case) and reports it; the sample imports its questions', () => {
    const sample = planQuestionImport(questionsFromCsv(`\uFEFF${QUESTIONS_SAMPLE_CSV}`), new Set());
    expect(sample.skipped).toEqual([{ row: 1, questText: 'Question', reason: messages.orgAuditor.importHeaderSkipped }]);
    expect(sample.create.map((r) => r.row)).toEqual([2, 3]);
    for (const header of ['\uFEFFQuestion', ' questions ', 'QUESTION TEXT', 'Question:']) {
      expect(isQuestionsHeader(header), header).toBe(true);
    }
    expect(isQuestionsHeader('Is the question clear?')).toBe(false);
    // Only the first row can be the header; later a "Question" is a (too short?) text like any other.
    const later = planQuestionImport(['Are drills held?', 'Question'], new Set());
    expect(later.create.map((r) => r.questText)).toEqual(['Are drills held?', 'Question']);
    // A BOM on the first question is not part of its text.
    expect(planQuestionImport(['\uFEFFAre drills held?'], new Set()).create).toEqual([{ row: 1, questText: 'Are drills held?' }]);
  });
  it('reads the first column of each row', () => {
    expect(questionsFromCsv('"Is PPE worn, always?",extra\n\nAre drills held?\r\n')).toEqual(['Is PPE worn, always?', '', 'Are drills held?']);
    expect(questionsFromCsv(QUESTIONS_SAMPLE_CSV)).toHaveLength(3);
    expect(questionsFromCsv('\uFEFFQuestion\r\nAre drills held?\r\n')).toEqual(['Question', 'Are drills held?']);
    expect(questionsFromCsv('')).toEqual([]);
  });
  it('reads a semicolon file (a spreadsheet in a comma-decimal locale): its header skipped, no ";Safety" in a text (issue 56)', () => {
    const texts = questionsFromCsv('Question;Category\r\nIs PPE worn on site?;Safety\r\nAre drills held monthly?;Fire\r\n');
    expect(texts).toEqual(['Question', 'Is PPE worn on site?', 'Are drills held monthly?']);
    const plan = planQuestionImport(texts, new Set());
    expect(plan.skipped.map((r) => r.row)).toEqual([1]);
    expect(plan.create.map((r) => r.questText)).toEqual(['Is PPE worn on site?', 'Are drills held monthly?']);
  });
  it('skips empty, invalid, existing and repeated rows, with the reason', () => {
    const plan = planQuestionImport(
      ['Are drills held?', '', 'Is PPE worn?', 'is ppe WORN?', 'X', null, ' Are toolbox talks held? ', '<b>bold</b>'],
      new Set(['are drills held?']),
    );
    expect(plan.create).toEqual([
      { row: 3, questText: 'Is PPE worn?' },
      { row: 7, questText: 'Are toolbox talks held?' },
    ]);
    expect(plan.skipped).toEqual([
      { row: 1, questText: 'Are drills held?', reason: m.questionExists },
      { row: 2, questText: '', reason: m.questionRequired },
      { row: 4, questText: 'is ppe WORN?', reason: m.questionExists },
      { row: 5, questText: 'X', reason: m.questionMin },
      { row: 6, questText: '', reason: m.questionRequired },
      { row: 8, questText: '<b>bold</b>', reason: m.questionSpecial },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { questTypeSchema } from '../assessments/assessment.schema';
import { categoryNameField } from '../assessments/category.schema';
import { questionTextField } from '../assessments/question.schema';
import { QUESTION_EDIT_MIN_LENGTH, TEXT_MAX_LENGTH } from '../constants';
import { AnswerType } from '../statuses';
import { questionCountOf, STARTER_LIBRARY, STARTER_SET_IDS, starterSetOf } from './starter-library';
import { duplicateDueDateOf, duplicateNameOf } from './templates.rules';

describe('the starter library', () => {
  it('has the three sets, each of 8 to 15 questions in named categories', () => {
    expect(STARTER_LIBRARY.map((s) => s.id)).toEqual([...STARTER_SET_IDS]);
    for (const set of STARTER_LIBRARY) {
      expect(questionCountOf(set)).toBeGreaterThanOrEqual(8);
      expect(questionCountOf(set)).toBeLessThanOrEqual(15);
      expect(set.categories.length).toBeGreaterThanOrEqual(2);
      expect(starterSetOf(set.id)).toBe(set);
    }
    expect(starterSetOf('nothing')).toBeUndefined();
  });

  it('passes the bank rules: category names, question texts, answer types and their choices', () => {
    for (const set of STARTER_LIBRARY) {
      for (const category of set.categories) {
        expect(categoryNameField.safeParse(category.name).success, category.name).toBe(true);
        for (const q of category.questions) {
          expect(questionTextField(QUESTION_EDIT_MIN_LENGTH).safeParse(q.questText).success, q.questText).toBe(true);
          const type = questTypeSchema.safeParse({ answerType: q.answerType, options: [...q.options] });
          expect(type.success, q.questText).toBe(true);
          // Choices only where the type takes them, and then at least two.
          if (q.answerType === AnswerType.MULTI_CHOICE || q.answerType === AnswerType.CHECKBOX) expect(q.options.length).toBeGreaterThanOrEqual(2);
          else expect(q.options).toEqual([]);
        }
      }
    }
  });

  it('holds no text or category twice (the bank holds each once, any case)', () => {
    const texts = STARTER_LIBRARY.flatMap((s) => s.categories.flatMap((c) => c.questions.map((q) => q.questText.toLowerCase())));
    expect(new Set(texts).size).toBe(texts.length);
    const names = STARTER_LIBRARY.flatMap((s) => s.categories.map((c) => c.name.toLowerCase()));
    expect(new Set(names).size).toBe(names.length);
  });

  it('mixes answer types in each set (not only Yes / No)', () => {
    for (const set of STARTER_LIBRARY) {
      const types = new Set(set.categories.flatMap((c) => c.questions.map((q) => q.answerType)));
      expect(types.size).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('duplicate defaults', () => {
  it('names the copy within the limit', () => {
    expect(duplicateNameOf('Quarterly HSE check')).toBe('Quarterly HSE check (copy)');
    const long = duplicateNameOf('x'.repeat(TEXT_MAX_LENGTH));
    expect(long.length).toBe(TEXT_MAX_LENGTH);
    expect(long.endsWith(' (copy)')).toBe(true);
  });

  it("keeps the source's due date unless it has passed", () => {
    expect(duplicateDueDateOf('2030-01-01', '2026-11-30')).toBe('2030-01-01');
    expect(duplicateDueDateOf('2026-01-01', '2026-11-30')).toBe('2026-11-30');
  });
});

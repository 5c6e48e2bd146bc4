import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { AnswerStatus, AnswerType as T } from '../statuses';
import { answerProblem, attachmentFolder, isInAttachmentFolder, normalizeAnswer, sameAnswer, sameFiles } from './answer.rules';
import { answerStatusOf } from './response.rules';

const m = messages.responses;
const CHOICES = ['Hard hat', 'Boots', 'Gloves'];

describe('answerProblem', () => {
  it('accepts what each type reads, and no answer at all', () => {
    expect(answerProblem(T.NUMERIC, [], { value: 0 })).toBeNull();
    expect(answerProblem(T.NUMERIC, [], { value: -2.5 })).toBeNull();
    expect(answerProblem(T.MULTI_CHOICE, CHOICES, { value: 'Boots' })).toBeNull();
    expect(answerProblem(T.CHECKBOX, CHOICES, { value: ['Gloves', 'Boots'] })).toBeNull();
    expect(answerProblem(T.CHECKBOX, CHOICES, { value: [] })).toBeNull();
    expect(answerProblem(T.CHECKBOX, [], { value: true })).toBeNull();
    expect(answerProblem(T.YES_NO, [], { yesNo: 'NO' })).toBeNull();
    expect(answerProblem(T.SHORT_ANSWER, [], { text: '' })).toBeNull();
    for (const type of Object.values(T)) {
      expect(answerProblem(type, CHOICES, null)).toBeNull();
      expect(answerProblem(type, CHOICES, {})).toBeNull();
      expect(answerProblem(type, CHOICES, { yesNo: null, text: null, value: null })).toBeNull();
    }
  });

  it('refuses what does not fit, naming the field', () => {
    expect(answerProblem(T.NUMERIC, [], { value: '3' })).toEqual({ field: 'value', message: m.answerNumber });
    expect(answerProblem(T.NUMERIC, [], { value: Number.POSITIVE_INFINITY })).toEqual({ field: 'value', message: m.answerNumber });
    expect(answerProblem(T.NUMERIC, [], { value: Number.NaN })).toEqual({ field: 'value', message: m.answerNumber });
    expect(answerProblem(T.MULTI_CHOICE, CHOICES, { value: 'Helmet' })).toEqual({ field: 'value', message: m.answerChoice });
    expect(answerProblem(T.MULTI_CHOICE, CHOICES, { value: ['Boots'] })).toEqual({ field: 'value', message: m.answerChoice });
    expect(answerProblem(T.CHECKBOX, CHOICES, { value: ['Boots', 'Helmet'] })).toEqual({ field: 'value', message: m.answerChoices });
    expect(answerProblem(T.CHECKBOX, CHOICES, { value: true })).toEqual({ field: 'value', message: m.answerChoices });
    expect(answerProblem(T.CHECKBOX, [], { value: ['x'] })).toEqual({ field: 'value', message: m.answerTick });
    expect(answerProblem(T.YES_NO, [], { yesNo: 'yes' as 'YES' })).toEqual({ field: 'yesNo', message: m.answerYesNo });
    expect(answerProblem(T.LONG_ANSWER, [], { text: 5 as unknown as string })).toEqual({ field: 'text', message: m.answerText });
  });

  it('ignores the fields the type does not read', () => {
    expect(answerProblem(T.YES_NO, [], { yesNo: 'YES', value: 'anything', text: 'x' })).toBeNull();
    expect(answerProblem(T.SHORT_ANSWER, [], { text: 'ok', value: ['x'] })).toBeNull();
  });
});

describe('normalizeAnswer', () => {
  it('keeps only the field of the type', () => {
    expect(normalizeAnswer(T.YES_NO, [], { yesNo: 'YES', text: 'x', value: 1 })).toEqual({ yesNo: 'YES', text: null, value: null });
    expect(normalizeAnswer(T.SHORT_ANSWER, [], { yesNo: 'NO', text: ' hi ' })).toEqual({ yesNo: null, text: ' hi ', value: null });
    expect(normalizeAnswer(T.NUMERIC, [], { value: 4, text: '4' })).toEqual({ yesNo: null, text: null, value: 4 });
    expect(normalizeAnswer(T.MULTI_CHOICE, CHOICES, {})).toEqual({ yesNo: null, text: null, value: null });
  });

  it('orders checkbox ticks as the choices and drops repeats', () => {
    expect(normalizeAnswer(T.CHECKBOX, CHOICES, { value: ['Gloves', 'Hard hat', 'Gloves'] }).value).toEqual(['Hard hat', 'Gloves']);
    expect(normalizeAnswer(T.CHECKBOX, [], { value: false }).value).toBe(false);
  });

  it('agrees with answerStatusOf once stored', () => {
    expect(answerStatusOf(T.YES_NO, [], normalizeAnswer(T.YES_NO, [], { yesNo: 'NO' }))).toBe(AnswerStatus.ANSWERED);
    expect(answerStatusOf(T.CHECKBOX, CHOICES, normalizeAnswer(T.CHECKBOX, CHOICES, { value: [] }))).toBe(AnswerStatus.UNANSWERED);
    expect(answerStatusOf(T.LONG_ANSWER, [], normalizeAnswer(T.LONG_ANSWER, [], { text: '  ' }))).toBe(AnswerStatus.UNANSWERED);
  });
});

describe('sameAnswer and sameFiles', () => {
  it('reads null and missing as the same, and compares lists by value', () => {
    expect(sameAnswer(null, { yesNo: null, text: null, value: null })).toBe(true);
    expect(sameAnswer({ yesNo: null, text: null, value: ['a', 'b'] }, { yesNo: null, text: null, value: ['a', 'b'] })).toBe(true);
    expect(sameAnswer({ yesNo: null, text: null, value: ['a', 'b'] }, { yesNo: null, text: null, value: ['b', 'a'] })).toBe(false);
    expect(sameAnswer({ yesNo: 'YES', text: null, value: null }, { yesNo: 'NO', text: null, value: null })).toBe(false);
    expect(sameAnswer({ yesNo: null, text: null, value: 0 }, { yesNo: null, text: null, value: null })).toBe(false);
    expect(sameFiles([{ filePath: 'a' }], [{ filePath: 'a' }])).toBe(true);
    expect(sameFiles([{ filePath: 'a' }], [])).toBe(false);
    expect(sameFiles([{ filePath: 'a' }, { filePath: 'b' }], [{ filePath: 'b' }, { filePath: 'a' }])).toBe(false);
  });
});

describe('attachment folders', () => {
  it('is assessment/{responseId}/{sectionId}, one level, no way out', () => {
    expect(attachmentFolder('r1', 's1')).toBe('assessment/r1/s1');
    expect(isInAttachmentFolder('assessment/r1/s1/AbCde_photo.png', 'r1', 's1')).toBe(true);
    expect(isInAttachmentFolder('assessment/r1/s2/AbCde_photo.png', 'r1', 's1')).toBe(false);
    expect(isInAttachmentFolder('assessment/r1/s1/', 'r1', 's1')).toBe(false);
    expect(isInAttachmentFolder('assessment/r1/s1/../s2/x.png', 'r1', 's1')).toBe(false);
    expect(isInAttachmentFolder('assessment/r1/s1/..', 'r1', 's1')).toBe(false);
    expect(isInAttachmentFolder('assessment/r1/s10/x.png', 'r1', 's1')).toBe(false);
    expect(isInAttachmentFolder('profile/u1/x.png', 'r1', 's1')).toBe(false);
  });
});

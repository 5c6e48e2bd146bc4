import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH, FEEDBACK_TEXT_MAX_LENGTH } from '../constants';
import { cutToLimit, showsCounter } from './text-limit';

describe('cutToLimit', () => {
  it('keeps a text within the limit as it is', () => {
    expect(cutToLimit('abc', 3)).toEqual({ text: 'abc', cut: false });
    expect(cutToLimit('', 3)).toEqual({ text: '', cut: false });
  });

  it('cuts a longer text to the limit and says so', () => {
    const pasted = 'x'.repeat(2100);
    expect(cutToLimit(pasted, CHAT_MESSAGE_MAX_LENGTH)).toEqual({ text: 'x'.repeat(2000), cut: true });
    expect(cutToLimit('abcd', 3)).toEqual({ text: 'abc', cut: true });
  });

  it('never keeps half of a two-unit character', () => {
    // '😀' is two UTF-16 units: the limit falls between them.
    expect(cutToLimit('ab😀', 3)).toEqual({ text: 'ab', cut: true });
    expect(cutToLimit('ab😀c', 4)).toEqual({ text: 'ab😀', cut: true });
  });
});

describe('showsCounter', () => {
  it('shows the count from 80 % of the limit on', () => {
    expect(showsCounter(1599, CHAT_MESSAGE_MAX_LENGTH)).toBe(false);
    expect(showsCounter(1600, CHAT_MESSAGE_MAX_LENGTH)).toBe(true);
    expect(showsCounter(FEEDBACK_TEXT_MAX_LENGTH, FEEDBACK_TEXT_MAX_LENGTH)).toBe(true);
    expect(showsCounter(0, FEEDBACK_TEXT_MAX_LENGTH)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { messages } from '@palisade/domain/messages';
import { scoreProblem, scoreValue } from '../review-form';

describe('the section score as typed (issue 56)', () => {
  it('reads plain decimal numbers only', () => {
    expect(scoreValue('')).toBeNull();
    expect(scoreValue(' 7 ')).toBe(7);
    expect(scoreValue('0')).toBe(0);
    expect(scoreValue('2.5')).toBe(2.5);
    for (const odd of ['1e1', '0x10', 'Infinity', '1_0', '7 marks', '--1']) expect(scoreValue(odd), odd).toBeNaN();
  });

  it('takes 0 to the marks when all are accepted; "1e1" is not 10', () => {
    expect(scoreProblem('0', 10, true)).toBeNull();
    expect(scoreProblem('10', 10, true)).toBeNull();
    expect(scoreProblem('', 10, true)).toBe(messages.assessment.enterScore);
    expect(scoreProblem('1e1', 10, true)).toBe(messages.orgAuditor.marksWhole);
    expect(scoreProblem('11', 10, true)).toBe(messages.orgAuditor.marksAboveTotal(10));
  });
});

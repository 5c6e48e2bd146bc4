import { describe, expect, it } from 'vitest';
import { overallPercent, scoreBand, scorePercent } from './score.rules';

describe('scores', () => {
  it('rounds the percent to 2 decimals and has none without a total', () => {
    expect(scorePercent(1, 3)).toBe(33.33);
    expect(scorePercent(2, 3)).toBe(66.67);
    expect(scorePercent(0, 0)).toBeNull();
    expect(scorePercent(5, 10)).toBe(50);
  });
  it('bands at 70 and 40', () => {
    expect(scoreBand(70)).toBe('GREEN');
    expect(scoreBand(69.99)).toBe('ORANGE');
    expect(scoreBand(40)).toBe('ORANGE');
    expect(scoreBand(39.99)).toBe('RED');
    expect(scoreBand(0)).toBe('RED');
  });
  it('sums before dividing for the overall score', () => {
    expect(overallPercent([{ scored: 10, total: 10 }, { scored: 0, total: 30 }])).toBe(25);
    expect(overallPercent([])).toBeNull();
  });
});

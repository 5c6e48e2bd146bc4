import { describe, expect, it } from 'vitest';
import { compareYears, daysInMonth, difference, isPeriodValid, periodRange, summarisePerformance } from './dashboard.rules';

describe('dashboard rules', () => {
  it('knows the length of every month, leap years included', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it('offers the years 2018 to the current year', () => {
    expect(compareYears(2020)).toEqual([2018, 2019, 2020]);
    expect(compareYears(2026)).toHaveLength(9);
  });

  it('needs month and year; a day must fit the month', () => {
    expect(isPeriodValid({ year: 2025, month: null, day: null }, 2026)).toBe(false);
    expect(isPeriodValid({ year: null, month: 3, day: null }, 2026)).toBe(false);
    expect(isPeriodValid({ year: 2025, month: 2, day: 29 }, 2026)).toBe(false);
    expect(isPeriodValid({ year: 2024, month: 2, day: 29 }, 2026)).toBe(true);
    expect(isPeriodValid({ year: 2017, month: 1, day: null }, 2026)).toBe(false);
    expect(isPeriodValid({ year: 2027, month: 1, day: null }, 2026)).toBe(false);
    expect(isPeriodValid({ year: 2026, month: 13, day: null }, 2026)).toBe(false);
  });

  it('turns a period into the days it covers', () => {
    expect(periodRange({ year: 2025, month: 2, day: null })).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(periodRange({ year: 2025, month: 11, day: 7 })).toEqual({ from: '2025-11-07', to: '2025-11-07' });
  });

  it('sums rows into the overall percent and one band per contractor', () => {
    const s = summarisePerformance([
      { contractorId: 'a', scored: 80, total: 100 },
      { contractorId: 'b', scored: 20, total: 50 },
      { contractorId: 'b', scored: 10, total: 50 },
      { contractorId: 'c', scored: 10, total: 100 },
      { contractorId: 'd', scored: 0, total: 0 },
    ]);
    expect(s.counts).toEqual({ GREEN: 1, ORANGE: 0, RED: 2 });
    expect(s.contractors).toBe(3);
    expect(s.percent).toBe(40);
    expect(summarisePerformance([]).percent).toBeNull();
  });

  it('gives the difference of two figures', () => {
    expect(difference(40, 55.5)).toBe(15.5);
    expect(difference(null, 3)).toBeNull();
  });
});

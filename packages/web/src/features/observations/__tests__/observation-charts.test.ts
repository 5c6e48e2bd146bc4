import { describe, expect, it } from 'vitest';
import { isObservationListPath } from '../../../lib/observation-range';
import { monthlySeries, shownMonths } from '../components/monthly-chart';

describe('observation charts', () => {
  it('shows January to the current month in the current year, all twelve otherwise', () => {
    expect(shownMonths(2026, new Date(2026, 10, 23))).toBe(11);
    expect(shownMonths(2026, new Date(2026, 0, 2))).toBe(1);
    expect(shownMonths(2025, new Date(2026, 0, 2))).toBe(12);
  });

  it('reads the graph reply into one series per category, zero where a month has none', () => {
    const series = monthlySeries({ '2026': { '1': { Accident: 2 }, '3': { Accident: 1, Nearmiss: 4 } } }, 2026, 3);
    expect(series.map((s) => s.category)).toEqual([
      'Accident',
      'Incident',
      'Positive Observation',
      'Unsafe Act',
      'Unsafe Condition',
      'Nearmiss',
    ]);
    expect(series.find((s) => s.category === 'Accident')?.data).toEqual([2, 0, 1]);
    expect(series.find((s) => s.category === 'Nearmiss')?.data).toEqual([0, 0, 4]);
    expect(monthlySeries({}, 2026, 2).every((s) => s.data.every((n) => n === 0))).toBe(true);
  });

  it('shows the range pickers on the two observation lists only', () => {
    expect(isObservationListPath('/sapphire/observation')).toBe(true);
    expect(isObservationListPath('/atgl/Contractor/observation')).toBe(true);
    expect(isObservationListPath('/atgl/contractor/Observation/')).toBe(true);
    expect(isObservationListPath('/sapphire/ViewObservation')).toBe(false);
    expect(isObservationListPath('/auditor/observation')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, addMonths, carryState, maxWindowDays, nextRoundStart, roundDueDate, roundLabel } from './recurrence.rules';
import { setRecurrenceSchema } from './recurrence.schema';
import { recurrenceMessages as m } from './recurrence.messages';

describe('recurrence rules', () => {
  it('adds months, keeping to the month’s last day', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-11-15', 3)).toBe('2028-02-15');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(roundDueDate('2027-07-01', 30)).toBe('2027-07-31');
  });

  it('labels a round by the calendar period of its start', () => {
    expect(roundLabel('2027-07-01', 3)).toBe('Q3 2027');
    expect(roundLabel('2027-12-31', 3)).toBe('Q4 2027');
    expect(roundLabel('2027-07-15', 1)).toBe('Jul 2027');
    expect(roundLabel('2027-06-30', 6)).toBe('H1 2027');
    expect(roundLabel('2027-07-01', 6)).toBe('H2 2027');
    expect(roundLabel('2027-03-01', 12)).toBe('2027');
  });

  it('opens the next round an interval on; a missed one is skipped for the current', () => {
    expect(nextRoundStart('2027-01-01', 3, '2027-03-31')).toBeNull();
    expect(nextRoundStart('2027-01-01', 3, '2027-04-01')).toBe('2027-04-01');
    expect(nextRoundStart('2027-01-01', 3, '2027-11-20')).toBe('2027-10-01');
  });

  it('tells a carried answer’s state', () => {
    expect(carryState(2, 2, false)).toBe('CARRIED');
    expect(carryState(2, 2, true)).toBe('CONFIRMED');
    expect(carryState(2, 3, true)).toBe('CHANGED');
    expect(maxWindowDays(1)).toBe(28);
    expect(maxWindowDays(12)).toBe(336);
  });

  it('refuses a window longer than the interval allows, naming the field', () => {
    const r = setRecurrenceSchema.safeParse({ assessmentId: 'a', intervalMonths: 1, startsOn: '2027-01-01', windowDays: 29, version: 0 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['windowDays'], message: m.windowTooLong(28) });
    expect(setRecurrenceSchema.safeParse({ assessmentId: 'a', intervalMonths: 3, startsOn: '2027-01-01', windowDays: 30, version: 0 }).success).toBe(true);
  });
});

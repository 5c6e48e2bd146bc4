import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { currentMonthRange, formatDate, formatDateTime, formatTime } from '../dates';

describe('dates', () => {
  const moment = new Date(2025, 2, 7, 14, 5);

  it('formats as DD/MM/YYYY and hh:mm A', () => {
    expect(formatDate(moment)).toBe('07/03/2025');
    expect(formatTime(moment)).toBe('02:05 PM');
    expect(formatDateTime(moment)).toBe('07/03/2025 02:05 PM');
  });

  it('shows nothing for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('gives the current month as the default range', () => {
    const { start, end } = currentMonthRange(dayjs(moment));
    expect(formatDate(start)).toBe('01/03/2025');
    expect(formatDate(end)).toBe('31/03/2025');
  });
});

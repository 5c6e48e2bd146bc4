import { afterEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { offsetText } from '@palisade/domain/organisations/time-zone';
import { currentMonthRange, formatDate, formatDateTime, formatTime, noteOrganisationZone, organisationUtcOffset } from '../dates';

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

describe("times and the organisation's time zone (issue 60)", () => {
  afterEach(() => noteOrganisationZone(null));
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const browserOffset = (instant: Date) => offsetText(instant, browserZone);

  it("names the user's own zone after a time only where the organisation's differs", () => {
    const instant = new Date('2027-01-13T18:31:00Z');
    const plain = formatDateTime(instant);
    expect(plain).toMatch(/^\d\d\/\d\d\/2027 \d\d:\d\d [AP]M$/);
    noteOrganisationZone(browserZone);
    expect(formatDateTime(instant)).toBe(plain);
    // UTC+14, which no test machine is on.
    noteOrganisationZone('Pacific/Kiritimati');
    expect(formatDateTime(instant)).toBe(`${plain} (${browserOffset(instant)})`);
    expect(formatTime(instant)).toMatch(/^\d\d:\d\d [AP]M \(UTC[+-]\d\d:\d\d\)$/);
    expect(formatDate(instant)).not.toContain('UTC');
  });

  it("gives the organisation's offset in minutes for the observation pages, the browser's before one is noted", () => {
    const instant = new Date('2027-07-13T18:31:00Z');
    expect(organisationUtcOffset(instant)).toBe(-instant.getTimezoneOffset());
    noteOrganisationZone('Asia/Kolkata');
    expect(organisationUtcOffset(instant)).toBe(330);
    noteOrganisationZone('America/New_York');
    expect(organisationUtcOffset(instant)).toBe(-240);
    expect(organisationUtcOffset(new Date('2027-01-13T18:31:00Z'))).toBe(-300);
    noteOrganisationZone('UTC');
    expect(organisationUtcOffset(instant)).toBe(0);
  });
});

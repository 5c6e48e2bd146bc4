import { describe, expect, it } from 'vitest';
import { timeZoneMessages as m } from './time-zone.messages';
import { currentZoneName, dayIn, dayStartIn, isTimeZone, offsetMinutesIn, offsetText, zoneLabel } from './time-zone';
import { setTimeZoneSchema } from './time-zone.schema';

describe('an organisation’s time zone (issue 60)', () => {
  it('takes the day of an instant in the zone: Kolkata’s 14th starts at 18:30Z on the 13th', () => {
    expect(dayIn(new Date('2027-01-13T18:29:00Z'), 'Asia/Kolkata')).toBe('2027-01-13');
    expect(dayIn(new Date('2027-01-13T18:31:00Z'), 'Asia/Kolkata')).toBe('2027-01-14');
    expect(dayIn(new Date('2027-01-13T18:31:00Z'), 'UTC')).toBe('2027-01-13');
    expect(dayIn(new Date('2027-01-14T04:59:00Z'), 'America/New_York')).toBe('2027-01-13');
  });

  it('reads UTC\'s day off the instant, the day Intl gives for it, on both sides of midnight', () => {
    const intlDay = (instant: Date, zone: string) => {
      const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
      const part = (type: string) => parts.find((p) => p.type === type)?.value;
      return `${part('year')}-${part('month')}-${part('day')}`;
    };
    for (const at of ['2027-01-13T23:59:59.999Z', '2027-01-14T00:00:00Z', '2028-02-29T12:00:00Z', '2026-12-31T23:30:00Z']) {
      for (const zone of ['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT']) expect(dayIn(new Date(at), zone), `${zone} ${at}`).toBe(intlDay(new Date(at), zone));
    }
    expect(dayIn(new Date('2027-01-13T23:59:59Z'), 'UTC')).toBe('2027-01-13');
    expect(dayIn(new Date('2027-01-14T00:00:00Z'), 'Etc/UTC')).toBe('2027-01-14');
  });

  it('knows zones by either name, offers the current one, and reads them as a person would', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Asia/Calcutta')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentZoneName('Europe/London')).toBe('Europe/London');
    expect(zoneLabel('America/Argentina/Buenos_Aires')).toBe('Buenos Aires, Argentina, America');
    expect(offsetText(new Date('2027-01-13T00:00:00Z'), 'Asia/Kolkata')).toBe('UTC+05:30');
    expect(offsetText(new Date('2027-01-13T00:00:00Z'), 'UTC')).toBe('UTC+00:00');
  });

  it('validates the call with the catalogue’s texts', () => {
    expect(setTimeZoneSchema.safeParse({ timeZone: 'Asia/Kolkata', version: 0 }).success).toBe(true);
    expect(setTimeZoneSchema.safeParse({ timeZone: 'Nowhere', version: 0 }).error?.issues[0]?.message).toBe(m.timeZoneInvalid('Nowhere'));
    expect(setTimeZoneSchema.safeParse({ timeZone: ' ', version: 0 }).error?.issues[0]?.message).toBe(m.timeZoneRequired);
    expect(setTimeZoneSchema.safeParse({ timeZone: 'UTC' }).error?.issues[0]?.message).toBe(m.versionRequired);
  });

  it('tells a zone’s offset in minutes and the instant a day begins there, across clock changes', () => {
    expect(offsetMinutesIn(new Date('2027-01-13T18:31:00Z'), 'Asia/Kolkata')).toBe(330);
    expect(offsetMinutesIn(new Date('2027-07-01T12:00:00Z'), 'America/New_York')).toBe(-240);
    expect(offsetMinutesIn(new Date('2027-01-01T12:00:00Z'), 'UTC')).toBe(0);
    expect(dayStartIn('2027-02-01', 'Asia/Kolkata').toISOString()).toBe('2027-01-31T18:30:00.000Z');
    expect(dayStartIn('2027-02-01', 'America/New_York').toISOString()).toBe('2027-02-01T05:00:00.000Z');
    expect(dayStartIn('2027-02-01', 'UTC').toISOString()).toBe('2027-02-01T00:00:00.000Z');
    // New York moves to summer time at 02:00 on 2027-03-14: that day begins at -05:00, the next at -04:00.
    expect(dayStartIn('2027-03-14', 'America/New_York').toISOString()).toBe('2027-03-14T05:00:00.000Z');
    expect(dayStartIn('2027-03-15', 'America/New_York').toISOString()).toBe('2027-03-15T04:00:00.000Z');
    // Auckland's day begins before UTC's.
    expect(dayStartIn('2027-07-01', 'Pacific/Auckland').toISOString()).toBe('2027-06-30T12:00:00.000Z');
  });
});

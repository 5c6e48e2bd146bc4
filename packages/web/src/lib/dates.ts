import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT, TIME_FORMAT } from '@palisade/domain/constants';
import { offsetMinutesIn, offsetText } from '@palisade/domain/organisations/time-zone';
import { LANGUAGE_LOCALES } from '@palisade/domain/i18n/catalogue';
import { screenLocale } from './language';

type DateInput = string | number | Date | Dayjs | null | undefined;

/** DD/MM/YYYY, or '' for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  const d = dayjs(value);
  return value == null || !d.isValid() ? '' : d.format(DATE_FORMAT);
}

/** The working organisation's time zone (issue 60), noted by the shell's guard from the profile. */
let organisationZone: string | null = null;

/** Notes the working organisation's zone (null: none): times then name the user's zone where it differs. */
export function noteOrganisationZone(zone: string | null): void {
  organisationZone = zone;
}

/**
 * The browser's own zone (it does not change while the page lives), asked for when first needed:
 * the first Intl.DateTimeFormat of a page loads the browser's locale data (~20 ms of a first
 * visit's main thread, issue 63), which a page that shows no time never needs.
 */
let browserZone: string | undefined;
const ownZone = (): string => (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * The working organisation's offset from UTC in minutes now (+330 for Asia/Kolkata), the
 * browser's when none is noted: the observation pages' days and months are the organisation's
 * (issue 60), as its due dates are.
 */
export function organisationUtcOffset(instant: Date = new Date()): number {
  return organisationZone === null ? -instant.getTimezoneOffset() : offsetMinutesIn(instant, organisationZone);
}

/**
 * " (UTC+05:30)": a time is shown in the user's own (the browser's) zone, named when the
 * organisation's is another at that instant (issue 60); '' when they agree or none is noted.
 */
function zoneNote(instant: Date): string {
  if (organisationZone === null) return '';
  const own = offsetText(instant, ownZone());
  return own === offsetText(instant, organisationZone) ? '' : ` (${own})`;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** hh:mm A in English; the screens' locale's own twelve-hour clock in another language (issue 60). */
function clockText(d: Dayjs): string {
  const locale = screenLocale();
  if (locale === LANGUAGE_LOCALES.en) return d.format(TIME_FORMAT);
  let format = clockFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: true });
    clockFormats.set(locale, format);
  }
  return format.format(d.toDate());
}

/** hh:mm A (with the user's zone where it is not the organisation's), or '' for a missing or invalid date. */
export function formatTime(value: DateInput): string {
  const d = dayjs(value);
  return value == null || !d.isValid() ? '' : `${clockText(d)}${zoneNote(d.toDate())}`;
}

/** DD/MM/YYYY hh:mm A (with the user's zone where it is not the organisation's). */
export function formatDateTime(value: DateInput): string {
  const d = dayjs(value);
  return value == null || !d.isValid() ? '' : `${d.format(DATE_FORMAT)} ${clockText(d)}${zoneNote(d.toDate())}`;
}

/** The default range of the observation pages: the current month. */
export function currentMonthRange(now: Dayjs = dayjs()): { start: Dayjs; end: Dayjs } {
  return { start: now.startOf('month'), end: now.endOf('month') };
}

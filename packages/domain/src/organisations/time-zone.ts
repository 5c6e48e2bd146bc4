/**
 * Issue 60: each organisation's time zone (an IANA name). A due date "2027-01-13" ends at the end
 * of that day in the zone; "today" for overdue marks, reminders and rounds is the zone's day.
 * An organisation whose zone was never set keeps UTC, the meaning its dates had before.
 */
export const DEFAULT_TIME_ZONE = 'UTC';
/**
 * The zone whose day starts last (UTC-12): a day not before its today is not before any
 * organisation's, so a schema that knows no organisation checks against it, and the service then
 * against the organisation's own day.
 */
export const LATEST_DAY_ZONE = 'Etc/GMT+12';
/** The longest IANA name is some 30 characters. */
export const TIME_ZONE_MAX_LENGTH = 64;

/** Whether `name` is a time zone this runtime knows (Intl's own list and its aliases, e.g. UTC). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > TIME_ZONE_MAX_LENGTH) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Zones whose IANA name changed while CLDR (and so Intl.supportedValuesOf and a browser's
 * resolvedOptions) keeps the old one: India is "Asia/Calcutta" there, and a user looking for
 * Kolkata would not find it. Both names work everywhere; the portal offers and stores the new.
 */
const RENAMED_ZONES: Readonly<Record<string, string>> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
};

/** The current IANA name of a zone (RENAMED_ZONES), else the name itself. */
export function currentZoneName(name: string): string {
  return RENAMED_ZONES[name] ?? name;
}

/** A zone's name as a person reads it: "Asia/Kolkata" is "Kolkata, Asia", "America/New_York" "New York, America". */
export function zoneLabel(name: string): string {
  return name
    .split('/')
    .reverse()
    .map((part) => part.replace(/_/g, ' '))
    .join(', ');
}

/**
 * One day formatter per zone: making one costs far more than using it (a contractor's home asks
 * for the day of each of its assessments; making one each time was 40 ms of its first render).
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Names of UTC itself, whose day needs no zone data (an organisation's zone until it is set). */
const UTC_NAMES: ReadonlySet<string> = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT']);

/**
 * The calendar day (YYYY-MM-DD) of `instant` in `timeZone`. UTC's is read off the instant: a
 * browser's first Intl date formatter costs ~25 ms of a page's main thread (its locale and zone
 * data), which a home of an organisation on UTC then never pays.
 */
export function dayIn(instant: Date, timeZone: string): string {
  if (UTC_NAMES.has(timeZone)) return instant.toISOString().slice(0, 10);
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The zone's offset from UTC at `instant` in minutes (+330 for Asia/Kolkata). */
export function offsetMinutesIn(instant: Date, timeZone: string): number {
  const match = /^UTC([+-])(\d\d):(\d\d)$/.exec(offsetText(instant, timeZone));
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The instant the calendar day `day` (YYYY-MM-DD) begins in `timeZone`: its midnight there (the
 * offset is taken twice, at UTC's midnight and at the guess, so that a day after a clock change
 * starts at its own offset).
 */
export function dayStartIn(day: string, timeZone: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const guess = utcMidnight - offsetMinutesIn(new Date(utcMidnight), timeZone) * 60_000;
  return new Date(utcMidnight - offsetMinutesIn(new Date(guess), timeZone) * 60_000);
}

/** One formatter per zone: making one costs far more than using it (a list formats many times). */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `instant`, as "UTC+05:30" (the Settings card's hint, the times' zone note). */
export function offsetText(instant: Date, timeZone: string): string {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  // "GMT+05:30"; "GMT" (or "GMT+0" in some engines) for no offset.
  const offset = (format.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT').replace(/^GMT/, '');
  return `UTC${/^([+-]0?0?(:00)?)?$/.test(offset) ? '+00:00' : offset}`;
}

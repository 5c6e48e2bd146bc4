/**
 * Recurring assessments (issue 58): how often a round opens, its label and dates. Pure rules,
 * shared by the server's sweep and the forms.
 */

/** Every how many months an assessment may recur. */
export const RECURRENCE_INTERVALS = [1, 3, 6, 12] as const;
export type RecurrenceInterval = (typeof RECURRENCE_INTERVALS)[number];

/** The answering window of a round, in days (its due date is its start + the window). */
export const RECURRENCE_WINDOW_MIN_DAYS = 1;
export const RECURRENCE_WINDOW_MAX_DAYS = 365;
export const RECURRENCE_WINDOW_DEFAULT_DAYS = 30;
/** How far before today a recurrence may start (its first round). */
export const RECURRENCE_START_MAX_PAST_DAYS = 366;
/** At most this many questions confirmed by one call. */
export const CARRY_CONFIRM_MAX = 1000;

/** The state of a carried-over answer: still as carried, confirmed unchanged, or changed. */
export const CARRY_STATES = ['CARRIED', 'CONFIRMED', 'CHANGED'] as const;
export type CarryState = (typeof CARRY_STATES)[number];

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function parts(day: string): { y: number; m: number; d: number } {
  const [y, m, d] = day.split('-').map(Number);
  return { y: y ?? 1970, m: (m ?? 1) - 1, d: d ?? 1 };
}

function format(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
}

/** The day `months` calendar months after `day` (YYYY-MM-DD), kept to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const { y, m, d } = parts(day);
  const last = new Date(Date.UTC(y, m + months + 1, 0)).getUTCDate();
  return format(y, m + months, Math.min(d, last));
}

/** The day `days` days after `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The label of a round that starts on `startsOn`: the calendar period of its start for its
 * interval: monthly "Jul 2027", quarterly "Q3 2027", half-yearly "H2 2027", yearly "2027".
 */
export function roundLabel(startsOn: string, intervalMonths: number): string {
  const { y, m } = parts(startsOn);
  switch (intervalMonths) {
    case 1:
      return `${MONTHS[m] ?? ''} ${y}`;
    case 3:
      return `Q${Math.floor(m / 3) + 1} ${y}`;
    case 6:
      return `H${m < 6 ? 1 : 2} ${y}`;
    default:
      return `${y}`;
  }
}

/**
 * The start of the round that opens after the one that started on `lastStart`, when the sweep runs
 * on `today`: the last start + the interval, moved on by whole intervals while the round after it
 * has begun too (a round missed while nothing ran is not opened late: the current one is). Null
 * when the next round has not begun by `today`.
 */
export function nextRoundStart(lastStart: string, intervalMonths: number, today: string): string | null {
  let next = addMonths(lastStart, intervalMonths);
  if (next > today) return null;
  for (let k = 2; ; k += 1) {
    const after = addMonths(lastStart, intervalMonths * k);
    if (after > today) return next;
    next = after;
  }
}

/** A round's due date: its start + the answering window. */
export function roundDueDate(startsOn: string, windowDays: number): string {
  return addDays(startsOn, windowDays);
}

/** The longest window an interval allows: a round closes before the next one opens. */
export function maxWindowDays(intervalMonths: number): number {
  return Math.min(RECURRENCE_WINDOW_MAX_DAYS, intervalMonths * 28);
}

/**
 * The state of a carried answer: CHANGED once its version moved past the carried one, else
 * CONFIRMED once confirmed, else CARRIED (to be confirmed or changed before submit).
 */
export function carryState(carriedVersion: number, version: number, confirmed: boolean): CarryState {
  if (version > carriedVersion) return 'CHANGED';
  return confirmed ? 'CONFIRMED' : 'CARRIED';
}

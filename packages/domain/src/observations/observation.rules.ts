import { observationMessages } from '../messages/observation';
import { ObservationStatus } from '../statuses';

/** The categories of an observation report, in the order charts and forms list them. */
export const OBSERVATION_CATEGORIES = [
  'Accident',
  'Incident',
  'Positive Observation',
  'Unsafe Act',
  'Unsafe Condition',
  'Nearmiss',
] as const;
export type ObservationCategory = (typeof OBSERVATION_CATEGORIES)[number];

/** A category as the screens name it, in the user's language (a value that is no category as it is). */
export function observationCategoryName(category: string): string {
  const names: Readonly<Record<string, string>> = observationMessages.categoryNames;
  return Object.prototype.hasOwnProperty.call(names, category) ? (names[category] ?? category) : category;
}

/** Actions of the root-cause form: 0 none, 1 accept, 2 reject, 3 mark as duplicate (spec §4). */
export const ObservationAction = { NONE: 0, ACCEPT: 1, REJECT: 2, DUPLICATE: 3 } as const;
export type ObservationAction = (typeof ObservationAction)[keyof typeof ObservationAction];
/** The actions that change a report's status. */
export const OBSERVATION_ACTIONS = [ObservationAction.ACCEPT, ObservationAction.REJECT, ObservationAction.DUPLICATE] as const;

/** The status an action leads to: action plus one (1 accept → 2 Accepted, …). */
export function statusAfterAction(action: (typeof OBSERVATION_ACTIONS)[number]): ObservationStatus {
  switch (action) {
    case ObservationAction.ACCEPT:
      return ObservationStatus.ACCEPTED;
    case ObservationAction.REJECT:
      return ObservationStatus.REJECTED;
    case ObservationAction.DUPLICATE:
      return ObservationStatus.DUPLICATE;
  }
}

/**
 * A report stays open for comments until it is Marked as Duplicate: the spec's screen keeps
 * status minus one and reads 3 or more as closed (company-and-auditor §4), so Accepted and
 * Rejected reports still take a root-cause comment.
 */
export function isObservationOpen(status: number): boolean {
  return status >= ObservationStatus.SUBMITTED && status < ObservationStatus.DUPLICATE;
}

/** An action (accept, reject, mark as duplicate) is taken once, on a Submitted report only. */
export function mayTakeObservationAction(status: number): boolean {
  return status === ObservationStatus.SUBMITTED;
}

/**
 * The label a form field is shown under: a standard field's name from the catalogue, in the
 * reader's language (FullName as 'Full Name'); another field's own label, camelCase split.
 */
export function observationFieldLabel(label: string): string {
  const standard: Record<string, string> = observationMessages.fieldLabels;
  if (Object.hasOwn(standard, label)) return standard[label] ?? label;
  return label.replace(/([a-z])([A-Z])/g, '$1 $2');
}

/** The label of the description among a report's form fields. */
export const DESCRIPTION_LABEL = 'Description';

/** A report's description among its form fields; '' when it has none. */
export function descriptionOf(formData: readonly { label: string; value: string }[]): string {
  return formData.find((f) => f.label === DESCRIPTION_LABEL)?.value.trim() ?? '';
}

/**
 * The instants bounding a calendar year or a range of days as the client's clock reads them;
 * `utcOffset` is the client's offset from UTC in minutes (dayjs().utcOffset(): +330 for India).
 */
export function dayStart(isoDay: string, utcOffset: number): Date {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) - utcOffset * 60_000);
}

/** The instant after the last moment of that day (exclusive end of a range). */
export function dayEnd(isoDay: string, utcOffset: number): Date {
  return new Date(dayStart(isoDay, utcOffset).getTime() + 24 * 60 * 60 * 1000);
}

/**
 * Start (inclusive) and end (exclusive) of a calendar year on the client's clock, and the 13
 * instants its months start at (January 1st to next January 1st).
 */
export function yearBounds(year: number, utcOffset: number): { start: Date; end: Date; boundaries: Date[] } {
  const boundaries = Array.from({ length: 13 }, (_, m) => new Date(Date.UTC(year, m, 1) - utcOffset * 60_000));
  return { start: boundaries[0] ?? new Date(Date.UTC(year, 0, 1)), end: boundaries[12] ?? new Date(Date.UTC(year + 1, 0, 1)), boundaries };
}

import { SHELL_PREFIX, type Shell } from '@palisade/domain/user-types';

/** The observation shells: the organisation's and the contractor's. */
export type ObservationShell = Extract<Shell, 'sapphire' | 'contractor'>;

/** The Observation list of the group. */
export function observationListPath(shell: ObservationShell): string {
  return `${SHELL_PREFIX[shell]}/observation`;
}

/** ViewObservation (the root-cause form) of a report: the id in the URL, so a reload keeps it. */
export function viewObservationPath(shell: ObservationShell, id: string): string {
  return `${SHELL_PREFIX[shell]}/ViewObservation?id=${encodeURIComponent(id)}`;
}

/** OnlyViewObservation (read-only) of a report. */
export function onlyViewObservationPath(shell: ObservationShell, id: string): string {
  return `${SHELL_PREFIX[shell]}/OnlyViewObservation?id=${encodeURIComponent(id)}`;
}

import { localised } from '../i18n/catalogue';
/**
 * The searchable company picker (issue 63): every place that picks contractor companies asks the
 * server as the user types and shows the first matches.
 */
export const companyPickerMessages = localised('companyPickerMessages', {
  /** While the server is asked. */
  searching: 'Searching…',
  noMatches: 'No company matches',
  /** More match than the list shows. */
  firstMatches: (shown: number, total: number) =>
    `The first ${shown} of ${total} companies: type more of a name to narrow the list`,
  /** A chosen company the server does not know for the organisation (deleted since, or another's). */
  unknownCompany: 'Unknown company',
  open: 'Open the list of companies',
  close: 'Close the list of companies',
  clear: 'Clear the choice',
} as const);

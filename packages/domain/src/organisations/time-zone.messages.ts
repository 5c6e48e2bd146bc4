import { localised } from '../i18n/catalogue';
/**
 * The catalogue's texts of an organisation's time zone (issue 60): its Settings card and the
 * call's errors.
 */
export const timeZoneMessages = localised('timeZoneMessages', {
  // Calls
  timeZoneRequired: 'timeZone is required',
  timeZoneInvalid: (name: string) => `timeZone must be a time zone such as Europe/London or Asia/Kolkata; "${name}" is not one`,
  versionRequired: 'version is required: the version of the settings the change is based on',
  saved: 'Time zone saved',
  // Settings card
  cardTitle: 'Time zone',
  cardIntro:
    "Due dates end at midnight in this time zone, and reminders, overdue marks and rounds follow its days. Chosen from the first admin's browser until it is set here.",
  fieldLabel: 'Time zone of the organisation',
  notSetYet: (zone: string) => `Not set yet: ${zone} until it is`,
  current: (zone: string, offset: string) => `Now ${offset} in ${zone}`,
  save: 'Save time zone',
  noMatch: 'No time zone matches',
  openList: 'Open the list of time zones',
  closeList: 'Close the list of time zones',
  clearChoice: 'Clear the time zone',
} as const);

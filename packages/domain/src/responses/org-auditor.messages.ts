import { localised } from '../i18n/catalogue';
/**
 * The texts of the organisation's and the auditor's journeys added by issue 19: score checks,
 * overdue marks, the overview's name search, the auditor assignment and the question import's
 * report. Part of the one catalogue: messages.ts holds them as `messages.orgAuditor`.
 */
export const orgAuditorMessages = localised('orgAuditorMessages', {
  // Section score (company-and-auditor §5; the spec's one "Marks should be positive" split by cause)
  marksAboveTotal: (total: number) => `Marks should not be more than ${total}`,
  marksWhole: 'Marks must be a whole number',
  marksNumber: 'Marks must be number',
  // Chat (open in every status but COMPLETED)
  chatReadOnly: 'This assessment is completed: its chat can be read but no longer written.',
  // Overdue (effective due date passed, not SUBMITTED or COMPLETED)
  overdue: 'Overdue',
  overdueSince: (day: string) => `Overdue since ${day}`,
  // The overview's name filter
  searchName: 'Search by name',
  searchNameHelp: 'Assessment or company name',
  searchTooLong: 'The search must be at most 100 characters',
  // Auditor assignment
  assignedAuditor: 'Assigned auditor',
  anyAuditor: 'Any auditor',
  assignedToYou: 'Assigned to you',
  assignedTo: (name: string) => `Assigned to ${name}`,
  assignHelp: 'Assigned responses come first on that auditor’s dashboard; every auditor can still review it.',
  assigned: (name: string) => `Assigned to ${name}`,
  unassigned: 'The response is no longer assigned to an auditor',
  auditorNotFound: 'Auditor not found',
  auditorIdInvalid: 'auditorId is invalid',
  assignCompleted: 'The response is completed and can no longer be assigned',
  assignedFirstInvalid: 'assignedFirst must be true or false',
  // The users tables' pager (numbered pages, spec §2.7)
  rowsPerPage: 'Rows per page',
  rangeOf: (first: number, last: number, count: number) => `${first}–${last} of ${count}`,
  pagination: 'Pages',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  goToPage: (page: number) => `Page ${page}`,
  // Question import (CSV)
  importHeaderSkipped: 'header row',
  importExists: 'already exists',
  importRepeated: 'repeated in the file',
  importTooShort: (min: number) => `shorter than ${min} characters`,
  importTooLong: (max: number) => `longer than ${max} characters`,
} as const);

import { dayText } from '../messages-core';
import { localised } from '../i18n/catalogue';

/** Auditor review and the organisation's response views (company-and-auditor §2.5, §4, §7, §9). */
export const reviewMessages = localised('reviewMessages', {
  companyIdsRequired: 'companyIds is required',
  tooManyCompanyIds: 'At most 50 companyIds a call',
  pageInvalid: 'page must be a whole number from 1',
  pageSizeInvalid: 'pageSize must be a whole number from 1 to 200',
  sortInvalid: 'sort must be NTO or OTN',
  statusInvalid: 'status is invalid',
  organisationNotFound: 'Organisation not found',
  assessStatusInvalid: 'assessStatus must be ACCEPTED, REJECTED or NONE',
  remarksTooLong: 'Remarks must be at most 1000 characters',
  remarksInvalid: 'Remarks must be text',
  /** An auditor may judge only a SUBMITTED response. */
  notJudgeablePending: 'The response has not been submitted yet: it cannot be judged',
  notJudgeableReassessment:
    'The response is in reassessment: the company holds it until it submits again',
  notJudgeableCompleted: 'The response is completed and can no longer be changed',
  scoreNotAllowed: 'A category can be scored only when all its questions are accepted',
  notAllJudged: 'Judge every question before marking for reassessment',
  noneRejected: 'Reject at least one question before marking for reassessment',
  alreadyReassessment: 'The response is already in reassessment',
  notAllAccepted: 'Accept every question before marking as completed',
  enterScoreFor: (category: string) => `Please enter the score for ${category}`,
  dueDateBeforeCurrent: (current: string) =>
    `The new due date cannot be before the current due date (${dayText(current)})`,
  dueDateBeforeAssessment: (due: string) =>
    `The new due date cannot be before the assessment's due date (${dayText(due)})`,
  extendedOnlyReassessment: 'A new due date is given only with a reassessment',
  statusNotAllowed: 'You may not set this status',
  completedLocked: 'The response is completed and can no longer be changed',
  newDueDateInvalid: 'newDueDate is invalid',
  updateDataRequired: 'updateData is required',
  dueDateNote: (day: string) => `Due date extended to ${dayText(day)}`,
  dueDateClearedNote: 'Due date extension removed',
  noExportPermission: 'You may not export assessment data',
  sheetSummary: 'Summary',
  // The auditor's files on a question (issue 56): attached and removed while it may judge.
  attachPending: 'The response has not been submitted yet: files cannot be attached to it',
  attachReassessment:
    'The response is in reassessment: files can be attached again once the company submits',
  attachCompleted: 'The response is completed and can no longer be changed',
  tooManyAuditorFiles: 'A question may have at most 10 files of the auditors',
  auditorFileNotFound: (path: string) => `File not found: ${path}`,
  notYourFile: 'You may delete only the files you attached',
  questionNotInResponse: 'Question not found in this response',
  auditorFileAttached: 'File attached',
  auditorFileDeleted: 'File deleted',
} as const);

/** Response states (DECISIONS.md, States). */
export const ResponseStatus = {
  PENDING: 'PENDING',
  SUBMITTED: 'SUBMITTED',
  REASSESSMENT: 'REASSESSMENT',
  COMPLETED: 'COMPLETED',
} as const;
export type ResponseStatus = (typeof ResponseStatus)[keyof typeof ResponseStatus];
export const RESPONSE_STATUSES = Object.values(ResponseStatus);

/** States in which an auditor cannot judge: the contractor holds the pen. */
export const NO_ASSESS_STATES: readonly ResponseStatus[] = [
  ResponseStatus.PENDING,
  ResponseStatus.REASSESSMENT,
];

export const AssessmentStatus = { NEW: 'NEW', PENDING: 'PENDING' } as const;
export type AssessmentStatus = (typeof AssessmentStatus)[keyof typeof AssessmentStatus];
export const ASSESSMENT_STATUSES = Object.values(AssessmentStatus) as [AssessmentStatus, ...AssessmentStatus[]];

/** How a question of an assessment is answered (spec §2.6, and the contractor's checklist). */
export const AnswerType = {
  SHORT_ANSWER: 'shortAnswer',
  LONG_ANSWER: 'longAnswer',
  NUMERIC: 'numeric',
  CHECKBOX: 'checkbox',
  MULTI_CHOICE: 'multiChoice',
  YES_NO: 'yesNo',
} as const;
export type AnswerType = (typeof AnswerType)[keyof typeof AnswerType];
export const ANSWER_TYPES = Object.values(AnswerType) as [AnswerType, ...AnswerType[]];

export const AnswerStatus = { ANSWERED: 'ANSWERED', UNANSWERED: 'UNANSWERED' } as const;
export type AnswerStatus = (typeof AnswerStatus)[keyof typeof AnswerStatus];

export const AssessStatus = { NONE: 'NONE', ACCEPTED: 'ACCEPTED', REJECTED: 'REJECTED' } as const;
export type AssessStatus = (typeof AssessStatus)[keyof typeof AssessStatus];

/** Observation status codes: 1 Submitted, 2 Accepted, 3 Rejected, 4 Marked as Duplicate. */
export const ObservationStatus = {
  SUBMITTED: 1,
  ACCEPTED: 2,
  REJECTED: 3,
  DUPLICATE: 4,
} as const;
export type ObservationStatus = (typeof ObservationStatus)[keyof typeof ObservationStatus];

/** Document type codes, one set everywhere (DECISIONS.md). */
export const DocumentType = { IMAGE: 1, VIDEO: 2, PDF: 3, YOUTUBE: 4 } as const;
export type DocumentType = (typeof DocumentType)[keyof typeof DocumentType];

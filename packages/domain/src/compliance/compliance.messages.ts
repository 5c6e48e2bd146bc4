import type { ComplianceStatus, OverallCompliance, RequirementReviewer, RequirementScope } from './compliance.rules';
import { localised } from '../i18n/catalogue';

/**
 * The catalogue's `compliance` texts (issue 57): the calls' validation and errors, the statuses,
 * and the notifications. The screens' own texts are in compliance-screens.messages.ts.
 */
export const complianceMessages = localised('complianceMessages', {
  required: (field: string) => `${field} is required`,
  invalid: (field: string) => `${field} is invalid`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  nameRequired: 'Name is required',
  scopeInvalid: 'appliesTo must be ALL, COMPANIES or LOCATIONS',
  reviewerInvalid: 'reviewer must be ORGANISATION, AUDITORS or BOTH',
  companiesRequired: 'Choose at least one company',
  locationsRequired: 'Choose at least one location',
  tooManyTargets: (max: number) => `Choose at most ${max}`,
  reminderDaysInvalid: (max: number) => `Reminder days must be whole days from 1 to ${max}`,
  reminderDaysTooMany: (max: number) => `At most ${max} reminder days`,
  reminderDaysRequired: 'An expiring requirement needs at least one reminder day',
  tooManyRequirements: (max: number) => `An organisation can have at most ${max} requirements`,
  nameTaken: 'A requirement with this name exists already',
  requirementNotFound: 'Requirement not found',
  requirementRetired: 'This requirement has been retired',
  requirementNotApplicable: 'This requirement does not apply to your company',
  documentNotFound: 'Document not found',
  contractorNotFound: 'Contractor not found',
  dayInvalid: (field: string) => `${field} must be a date as YYYY-MM-DD`,
  issueDateRequired: 'Issue date is required',
  issueDateFuture: 'Issue date must not be in the future',
  expiryDateRequired: 'Expiry date is required for this requirement',
  expiryBeforeIssue: 'Expiry date must not be before the issue date',
  expiryInPast: 'Expiry date must not be in the past',
  expiryTooFar: (years: number) => `Expiry date must be within ${years} years`,
  fileRequired: 'Choose a file to upload',
  fileEmpty: 'The file is empty',
  fileType: 'The document must be a PDF, JPEG or PNG file',
  multipart: 'Send the document as multipart/form-data',
  decisionInvalid: 'decision must be ACCEPTED or REJECTED',
  remarkRequired: 'A remark is required to reject a document',
  alreadyReviewed: 'This document has already been reviewed',
  /** Review of a version that is no longer the newest (a newer one was uploaded since). */
  documentSuperseded: 'A newer version of this document has been uploaded since: review that one',
  notReviewer: 'You are not a reviewer of this requirement',
  statusInvalid: 'status must be one of MISSING, SUBMITTED, VALID, EXPIRING, EXPIRED, REJECTED',
  // Replies
  requirementCreated: 'Requirement added',
  requirementUpdated: 'Requirement updated',
  requirementRetiredDone: 'Requirement retired',
  documentUploaded: 'Document uploaded',
  documentAccepted: 'Document accepted',
  documentRejected: 'Document rejected',
  // Labels shared by the server (CSV, mails) and the screens.
  statusLabels: {
    MISSING: 'Missing',
    SUBMITTED: 'Submitted',
    VALID: 'Valid',
    EXPIRING: 'Expiring',
    EXPIRED: 'Expired',
    REJECTED: 'Rejected',
  } satisfies Record<ComplianceStatus, string>,
  overallLabels: {
    COMPLIANT: 'Compliant',
    EXPIRING: 'Expiring',
    NOT_COMPLIANT: 'Not compliant',
  } satisfies Record<OverallCompliance, string>,
  scopeLabels: {
    ALL: 'All contractors',
    COMPANIES: 'Chosen companies',
    LOCATIONS: 'Chosen locations',
  } satisfies Record<RequirementScope, string>,
  reviewerLabels: {
    ORGANISATION: 'The organisation',
    AUDITORS: 'Its auditors',
    BOTH: 'The organisation or its auditors',
  } satisfies Record<RequirementReviewer, string>,
  csvHeaders: {
    company: 'Company',
    location: 'Location',
    overall: 'Overall',
  },
  // Notifications (title, body) and mails.
  submitted: (contractor: string, requirement: string) => ({
    title: `Document to review: ${requirement}`,
    body: `${contractor} uploaded a document for ${requirement}.`,
  }),
  reviewed: (requirement: string, accepted: boolean, remark: string) => ({
    title: accepted ? `Document accepted: ${requirement}` : `Document rejected: ${requirement}`,
    body: remark ? `${accepted ? 'Accepted' : 'Rejected'} with the remark: ${remark}` : accepted ? 'Your document was accepted.' : 'Your document was rejected.',
  }),
  expiresIn: (requirement: string, days: number, expiry: string) => ({
    title: `${requirement} expires in ${days} ${days === 1 ? 'day' : 'days'}`,
    body: `Your ${requirement} expires on ${expiry}. Upload the renewed document before then.`,
  }),
  expiresToday: (requirement: string, expiry: string) => ({
    title: `${requirement} expires today`,
    body: `Your ${requirement} expires today (${expiry}). Upload the renewed document now.`,
  }),
  digest: (expiring: number, expired: number) => ({
    title: `Compliance: ${expiring} expiring in 30 days, ${expired} expired`,
    body: `${expiring} contractor documents expire in the next 30 days and ${expired} have expired.`,
  }),
} as const);

/**
 * Compliance documents (issue 57): what an organisation requires of its contractors (insurance,
 * certificates, licences), the documents the contractors upload for each requirement, and the
 * status of each requirement per contractor, computed from the dates on read.
 */

/** Whom a requirement applies to: every contractor, chosen companies, or the companies of chosen locations. */
export const REQUIREMENT_SCOPES = ['ALL', 'COMPANIES', 'LOCATIONS'] as const;
export type RequirementScope = (typeof REQUIREMENT_SCOPES)[number];

/** Who judges a submitted document: the organisation's users, its auditors, or either. */
export const REQUIREMENT_REVIEWERS = ['ORGANISATION', 'AUDITORS', 'BOTH'] as const;
export type RequirementReviewer = (typeof REQUIREMENT_REVIEWERS)[number];

/** A document version's review state. */
export const DOCUMENT_STATES = ['SUBMITTED', 'ACCEPTED', 'REJECTED'] as const;
export type ComplianceDocumentState = (typeof DOCUMENT_STATES)[number];

/** The status of one requirement for one contractor (a matrix cell). */
export const COMPLIANCE_STATUSES = ['MISSING', 'SUBMITTED', 'VALID', 'EXPIRING', 'EXPIRED', 'REJECTED'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

/** A contractor's one overall state across the requirements that apply to it. */
export const OVERALL_COMPLIANCE = ['COMPLIANT', 'EXPIRING', 'NOT_COMPLIANT'] as const;
export type OverallCompliance = (typeof OVERALL_COMPLIANCE)[number];

/** Reminder days before expiry when none are chosen. */
export const DEFAULT_REMINDER_DAYS = [60, 30, 15, 1] as const;
/** At most this many reminder days per requirement, each from 1 to REMINDER_DAY_MAX. */
export const REMINDER_DAYS_MAX = 6;
export const REMINDER_DAY_MAX = 365;

export const REQUIREMENT_NAME_MAX_LENGTH = 120;
export const REQUIREMENT_DESCRIPTION_MAX_LENGTH = 2000;
export const DOCUMENT_REFERENCE_MAX_LENGTH = 100;
export const REVIEW_REMARK_MAX_LENGTH = 1000;
/** A requirement may name at most this many companies or locations. */
export const REQUIREMENT_TARGETS_MAX = 1000;
/** Requirements per organisation (live ones). */
export const REQUIREMENTS_MAX = 100;
/** The matrix's page sizes (contractors a page). */
export const COMPLIANCE_MATRIX_PAGE_SIZES = [10, 20, 50] as const;
/** The latest expiry date accepted: this many years after the upload. */
export const EXPIRY_YEARS_MAX = 20;

/** The organisation's weekly digest counts what expires within this many days (and what has expired). */
export const DIGEST_WINDOW_DAYS = 30;

/** The days in a requirement's first reminder window: the largest reminder day (0 when it does not expire). */
export function firstReminderWindow(reminderDays: readonly number[]): number {
  return reminderDays.reduce((max, d) => (d > max ? d : max), 0);
}

/** Whole days from `today` to `day` (both YYYY-MM-DD): 0 on the day itself, negative after it. */
export function daysBetween(today: string, day: string): number {
  const from = Date.parse(`${today}T00:00:00Z`);
  const to = Date.parse(`${day}T00:00:00Z`);
  return Math.round((to - from) / 86_400_000);
}

/** What the status of a requirement is read from: the newest document version, if any. */
export interface LatestDocument {
  state: ComplianceDocumentState;
  /** YYYY-MM-DD, or null when the requirement does not expire. */
  expiryDate: string | null;
}

/**
 * The status of a requirement for a contractor on `today` (YYYY-MM-DD), from its newest version:
 * none → MISSING; awaiting review → SUBMITTED; rejected → REJECTED; accepted → EXPIRED after its
 * expiry day (the expiry day itself is still covered), EXPIRING within the first reminder window
 * (the largest reminder day) before it, else VALID. A requirement that does not expire is VALID
 * once accepted.
 */
export function complianceStatus(
  latest: LatestDocument | null,
  requirement: { expires: boolean; reminderDays: readonly number[] },
  today: string,
): ComplianceStatus {
  if (latest === null) return 'MISSING';
  if (latest.state === 'SUBMITTED') return 'SUBMITTED';
  if (latest.state === 'REJECTED') return 'REJECTED';
  if (!requirement.expires || latest.expiryDate === null) return 'VALID';
  const left = daysBetween(today, latest.expiryDate);
  if (left < 0) return 'EXPIRED';
  if (left <= firstReminderWindow(requirement.reminderDays)) return 'EXPIRING';
  return 'VALID';
}

/**
 * A contractor's overall state: NOT_COMPLIANT when any mandatory requirement is missing, rejected
 * or expired; else EXPIRING when any mandatory one is expiring; else COMPLIANT (optional
 * requirements and documents awaiting review do not lower it).
 */
export function overallCompliance(cells: readonly { mandatory: boolean; status: ComplianceStatus }[]): OverallCompliance {
  const mandatory = cells.filter((c) => c.mandatory);
  if (mandatory.some((c) => c.status === 'MISSING' || c.status === 'REJECTED' || c.status === 'EXPIRED')) return 'NOT_COMPLIANT';
  if (mandatory.some((c) => c.status === 'EXPIRING')) return 'EXPIRING';
  return 'COMPLIANT';
}

/** Whether a requirement applies to a contractor of the organisation. */
export function requirementApplies(
  requirement: { scope: RequirementScope; contractorIds: readonly string[]; locations: readonly string[] },
  contractor: { id: string; location: string },
): boolean {
  if (requirement.scope === 'ALL') return true;
  if (requirement.scope === 'COMPANIES') return requirement.contractorIds.includes(contractor.id);
  const location = contractor.location.trim().toLowerCase();
  return requirement.locations.some((l) => l.trim().toLowerCase() === location);
}

/** Whether a user of this kind may judge a requirement's documents. */
export function mayReview(reviewer: RequirementReviewer, as: 'ORGANISATION' | 'AUDITOR'): boolean {
  return reviewer === 'BOTH' || (reviewer === 'ORGANISATION' ? as === 'ORGANISATION' : as === 'AUDITOR');
}

/**
 * The reminder due on `today` for an accepted document expiring on `expiryDate`: the reminder day
 * it is (one of `reminderDays` days before), 0 on the expiry day itself, or null when none is due.
 */
export function reminderDue(expiryDate: string, reminderDays: readonly number[], today: string): number | null {
  const left = daysBetween(today, expiryDate);
  if (left === 0) return 0;
  return reminderDays.includes(left) ? left : null;
}

/**
 * The web routes of the compliance screens, one set for the server's notifications and the web's
 * links: the organisation's matrix and a document's history, the auditor's, and the contractor's.
 */
export const complianceLinks = {
  organisationMatrix: '/sapphire/compliance',
  organisationHistory: (contractorId: string, requirementId: string) => `/sapphire/compliance/${contractorId}/${requirementId}`,
  auditorMatrix: '/auditor/compliance',
  auditorHistory: (contractorId: string, requirementId: string) => `/auditor/compliance/${contractorId}/${requirementId}`,
  contractorList: '/atgl/Contractor/compliance',
  contractorHistory: (requirementId: string) => `/atgl/Contractor/compliance/${requirementId}`,
} as const;

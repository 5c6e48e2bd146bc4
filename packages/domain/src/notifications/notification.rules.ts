import { SHELL_PREFIX, UserType } from '../user-types';

/** Every kind of event that notifies someone (issue 22). */
export const NOTIFICATION_KINDS = [
  'assessment_shared',
  'response_submitted',
  'reassessment',
  'completed',
  'due_soon',
  'overdue',
  'chat_unread',
  'policy_document',
  'notice',
  // Compliance documents (issue 57).
  'compliance_submitted',
  'compliance_reviewed',
  'compliance_expiry',
  'compliance_digest',
  // An organisation's export of all its data is ready (issue 61): the admin who asked.
  'export_ready',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Days before the effective due date when the "due soon" reminder goes. */
export const DUE_SOON_DAYS = 3;
/** A chat message unread this long is told in a digest. */
export const CHAT_UNREAD_AFTER_MS = 10 * 60 * 1000;
/** The bell's menu shows this many of the latest notifications. */
export const NOTIFICATION_MENU_SIZE = 20;
/** The Notifications page's page sizes (issue 63); the first is the default. */
export const NOTIFICATION_PAGE_SIZES = [20, 50, 100] as const;
export type NotificationPageSize = (typeof NOTIFICATION_PAGE_SIZES)[number];

/** The kinds a user of that type can receive, in the order the settings page lists them. */
export function notificationKindsFor(type: number): readonly NotificationKind[] {
  switch (type) {
    case UserType.CONTRACTOR:
      return [
        'assessment_shared',
        'reassessment',
        'completed',
        'due_soon',
        'overdue',
        'chat_unread',
        'policy_document',
        'notice',
        'compliance_reviewed',
        'compliance_expiry',
      ];
    case UserType.ORGANISATION:
      return ['response_submitted', 'chat_unread', 'compliance_submitted', 'compliance_digest', 'export_ready'];
    case UserType.AUDITOR:
      return ['response_submitted', 'chat_unread', 'compliance_submitted'];
    default:
      return [];
  }
}

/** The screen of a response where a user of that type acts on it (the app's route). */
export function responseLink(type: number, responseId: string): string {
  const id = encodeURIComponent(responseId);
  switch (type) {
    case UserType.ORGANISATION:
      return `${SHELL_PREFIX.sapphire}/Cap_AssesmentView/${id}`;
    case UserType.AUDITOR:
      return `${SHELL_PREFIX.auditor}/assessment/${id}/categories`;
    default:
      return `${SHELL_PREFIX.contractor}/assessment/${id}/categories`;
  }
}

/** The search parameter of a checklist URL naming the question whose chat opens with the page. */
export const CHAT_SEARCH_PARAM = 'chat';

/**
 * The checklist of a response's section (its category) as a user of that type sees it, with the
 * question's chat open: where a chat digest takes its reader.
 */
export function chatLink(type: number, room: { responseId: string; categoryId: string; questionId: string }): string {
  const id = encodeURIComponent(room.responseId);
  const category = encodeURIComponent(room.categoryId);
  const chat = `?${CHAT_SEARCH_PARAM}=${encodeURIComponent(room.questionId)}`;
  switch (type) {
    case UserType.ORGANISATION:
      return `${SHELL_PREFIX.sapphire}/Cap_AssesmentView/${id}/Categories/${category}${chat}`;
    case UserType.AUDITOR:
      return `${SHELL_PREFIX.auditor}/assessment/${id}/Categories/${category}${chat}`;
    default:
      return `${SHELL_PREFIX.contractor}/assessment/${id}/categories/${category}${chat}`;
  }
}

/** The contractor's list of assessments (where a shared one is started). */
export const CONTRACTOR_ASSESSMENTS_LINK = `${SHELL_PREFIX.contractor}/Assessment`;
/** The contractor's home: the Recent Policy Updates card. */
export const CONTRACTOR_HOME_LINK = `${SHELL_PREFIX.contractor}/dashboard`;
/** The Learning page with the Noticeboard. */
export const CONTRACTOR_LEARNING_LINK = `${SHELL_PREFIX.contractor}/learning`;

/** Whole days from `today` to `due` (both YYYY-MM-DD, UTC days); negative when past. */
export function daysUntil(due: string, today: string): number {
  return Math.round((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/**
 * Which reminder a response still with the contractor is owed on `today`: overdue once the
 * effective due date has passed, due_soon from DUE_SOON_DAYS before it to the day itself.
 */
export function reminderKind(effectiveDue: string, today: string): 'due_soon' | 'overdue' | null {
  const days = daysUntil(effectiveDue, today);
  if (days < 0) return 'overdue';
  if (days <= DUE_SOON_DAYS) return 'due_soon';
  return null;
}

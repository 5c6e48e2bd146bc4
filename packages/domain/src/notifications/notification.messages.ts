import type { NotificationKind } from './notification.rules';
import { localised } from '../i18n/catalogue';

/**
 * The texts of notifications (issue 22): the bell, the settings page, the unsubscribe page and
 * the titles and bodies of the in-app notifications and mails. Part of the one catalogue:
 * messages.ts holds them as `messages.notifications`.
 */
export const notificationMessages = localised('notificationMessages', {
  bell: 'Notifications',
  bellUnread: (n: number) => (n === 1 ? 'Notifications, 1 unread' : `Notifications, ${n} unread`),
  menuTitle: 'Notifications',
  empty: 'Nothing new',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  seeAll: 'See all notifications',
  pageTitle: 'Notifications',
  pageEmpty: 'You have no notifications yet',
  listLabel: 'All notifications',
  unreadMark: 'Unread',
  notFound: 'Notification not found',
  // Settings
  settingsTitle: 'Notifications',
  settingsHelp: 'You always see notifications under the bell. Choose which of them also come by e-mail.',
  emailFor: (label: string) => `E-mail: ${label}`,
  preferenceSaved: 'Preferences saved',
  kindLabels: {
    assessment_shared: 'An assessment is shared with you',
    response_submitted: 'A response is submitted',
    reassessment: 'A response is marked for reassessment',
    completed: 'A response is completed',
    due_soon: 'An assessment is due in 3 days',
    overdue: 'An assessment is overdue',
    chat_unread: 'Chat messages you have not read',
    policy_document: 'A new policy document',
    notice: 'A new notice',
    compliance_submitted: 'A compliance document to review',
    compliance_reviewed: 'Your compliance document is reviewed',
    compliance_expiry: 'A compliance document is about to expire',
    compliance_digest: 'The weekly compliance digest',
    export_ready: 'Your data export is ready',
  } satisfies Record<NotificationKind, string>,
  // Unsubscribe
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeAsk: (label: string) => `Stop e-mails for: ${label}?`,
  unsubscribeButton: 'Unsubscribe',
  unsubscribed: (label: string) => `You will no longer receive e-mails for: ${label}. In-app notifications stay on; change it any time in Settings.`,
  unsubscribeBadToken: 'This unsubscribe link is not valid',
  // Events (title, body)
  assessmentShared: (assessment: string, organisation: string) => ({
    title: `New assessment: ${assessment}`,
    body: `${organisation} shared the assessment ${assessment} with you.`,
  }),
  responseSubmitted: (contractor: string, assessment: string) => ({
    title: `Response submitted: ${assessment}`,
    body: `${contractor} submitted its response to ${assessment}. It is ready for review.`,
  }),
  reassessment: (assessment: string, questions: readonly string[], due: string) => ({
    title: `Reassessment requested: ${assessment}`,
    body: `Your response to ${assessment} needs changes to ${questions.length === 1 ? '1 question' : `${questions.length} questions`} (${questions.join('; ')}). Due ${due}.`,
  }),
  completed: (assessment: string, percent: string, band: string) => ({
    title: `Completed: ${assessment}`,
    body: `Your response to ${assessment} is completed with a score of ${percent}% (${band}).`,
  }),
  dueSoon: (assessment: string, due: string) => ({
    title: `Due soon: ${assessment}`,
    body: `Your response to ${assessment} is due on ${due}.`,
  }),
  overdue: (assessment: string, due: string) => ({
    title: `Overdue: ${assessment}`,
    body: `Your response to ${assessment} was due on ${due}.`,
  }),
  chatUnread: (count: number, question: string, assessment: string) => ({
    title: `${count === 1 ? '1 unread message' : `${count} unread messages`}: ${assessment}`,
    body: `About "${question}" in ${assessment}.`,
  }),
  policyDocument: (title: string, organisation: string) => ({
    title: `New policy document: ${title}`,
    body: `${organisation} published the policy document ${title}.`,
  }),
  notice: (title: string, organisation: string) => ({
    title: `New notice: ${title}`,
    body: `${organisation} posted the notice ${title}.`,
  }),
  bands: { GREEN: 'Green', ORANGE: 'Orange', RED: 'Red' },
  // Mail
  mailOpen: 'Open in the portal',
  mailFooter: (product: string) => `You receive this e-mail because you have an account on ${product}.`,
  mailUnsubscribe: 'Unsubscribe from these e-mails',
} as const);

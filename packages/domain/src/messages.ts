import { coreMessages, dayText, pageTitle } from './messages-core';
import { dashboardMessages } from './dashboards/dashboard.messages';
import { learningMessages } from './learning/learning.messages';
import { employeeMessages } from './employees/employee.messages';
import { orgAuditorMessages } from './responses/org-auditor.messages';
import { notificationMessages } from './notifications/notification.messages';
import { auditMessages } from './audit/audit.messages';
import { profileMessages } from './messages/profile';
import { navMessages } from './messages/nav';
import { rolesMessages } from './messages/roles';
import { filesMessages } from './messages/files';
import { assessmentMessages } from './messages/assessment';
import { responsesMessages } from './messages/responses';
import { chatMessages } from './messages/chat';
import { reviewMessages } from './messages/review';
import { scoresMessages } from './messages/scores';
import { usersMessages } from './messages/users';
import { feedbackMessages } from './messages/feedback';
import { documentsMessages } from './messages/documents';
import { contentMessages } from './messages/content';
import { complianceMessages } from './compliance/compliance.messages';
import { ssoMessages } from './sso/sso.messages';
import { complianceScreensMessages } from './compliance/compliance-screens.messages';
import { recurrenceMessages } from './recurrence/recurrence.messages';
import { observationMessages } from './messages/observation';
import { webMessages } from './messages/web';
import { userScreensMessages } from './messages/user-screens';
import { assessmentScreensMessages } from './messages/assessment-screens';
import { responseScreensMessages } from './messages/response-screens';
import { reviewScreensMessages } from './messages/review-screens';
import { companyPickerMessages } from './messages/company-picker';
import { templatesMessages } from './templates/templates.messages';
import { trendsMessages } from './trends/trends.messages';
import { twoFactorMessages } from './auth/two-factor.messages';
import { exportMessages } from './exports/export.messages';

export { dayText, pageTitle };

/**
 * Every user-facing text, one catalogue (DECISIONS.md, Texts). Spelling slips of the spec are
 * corrected here; every other text is kept as the spec gives it. Each part lives in its own module
 * (messages/*.ts, the features' *.messages.ts, messages-core.ts): the web client imports the parts
 * a module uses, so a page's first load carries only its own texts (issue 13); the server and the
 * tests read the whole catalogue from here.
 */
export const messages = {
  ...coreMessages,
  /** Dashboards, Engagement and leaderboard (dashboards/dashboard.messages.ts). */
  dashboards: dashboardMessages,
  /** Learning page, Upload Learning and the Noticeboard (learning/learning.messages.ts). */
  learning: learningMessages,
  /** A contractor's employees: the Employees tab of its Account page (employees/employee.messages.ts). */
  employees: employeeMessages,
  /** The organisation's and auditor's journeys of issue 19 (responses/org-auditor.messages.ts). */
  orgAuditor: orgAuditorMessages,
  /** The bell, notification settings, unsubscribe and the event texts (notifications/notification.messages.ts). */
  notifications: notificationMessages,
  /** The Activity page and a response's history (audit/audit.messages.ts). */
  audit: auditMessages,
  profile: profileMessages,
  nav: navMessages,
  roles: rolesMessages,
  files: filesMessages,
  assessment: assessmentMessages,
  responses: responsesMessages,
  chat: chatMessages,
  review: reviewMessages,
  scores: scoresMessages,
  users: usersMessages,
  feedback: feedbackMessages,
  documents: documentsMessages,
  content: contentMessages,
  observation: observationMessages,
  web: webMessages,
  userScreens: userScreensMessages,
  assessmentScreens: assessmentScreensMessages,
  responseScreens: responseScreensMessages,
  reviewScreens: reviewScreensMessages,
  /** The searchable company picker (messages/company-picker.ts). */
  companyPicker: companyPickerMessages,
  /** Compliance documents (compliance/compliance.messages.ts, issue 57). */
  compliance: complianceMessages,
  /** Single sign-on per organisation (sso/sso.messages.ts, issue 59). */
  sso: ssoMessages,
  /** The compliance screens' own texts (compliance/compliance-screens.messages.ts, issue 57). */
  complianceScreens: complianceScreensMessages,
  /** Duplicating assessments and the starter library (templates/templates.messages.ts, issue 58). */
  templates: templatesMessages,
  /** A contractor's trend across rounds (trends/trends.messages.ts, issue 58). */
  trends: trendsMessages,
  /** Two-factor codes and one's own sessions (auth/two-factor.messages.ts, issue 59). */
  twoFactor: twoFactorMessages,
  /** An organisation's export of all its data (exports/export.messages.ts, issue 61). */
  exports: exportMessages,
  /** Recurring assessments and carry-over (recurrence/recurrence.messages.ts, issue 58). */
  recurrence: recurrenceMessages,
} as const;

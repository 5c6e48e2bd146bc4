/** Hindi: each part of the catalogue by its English part's name (issue 60). */
import { hiAuditMessages } from './audit.messages';
import { hiTwoFactorMessages } from './two-factor.messages';
import { hiComplianceScreensMessages } from './compliance-screens.messages';
import { hiComplianceMessages } from './compliance.messages';
import { hiDashboardMessages } from './dashboard.messages';
import { hiEmployeeMessages } from './employee.messages';
import { hiExportMessages } from './export.messages';
import { hiLearningMessages } from './learning.messages';
import { hiCoreMessages } from './messages-core';
import { hiAssessmentScreensMessages } from './assessment-screens';
import { hiAssessmentMessages } from './assessment';
import { hiChatMessages } from './chat';
import { hiCompanyPickerMessages } from './company-picker';
import { hiContentMessages } from './content';
import { hiDocumentsMessages } from './documents';
import { hiFeedbackMessages } from './feedback';
import { hiFilesMessages } from './files';
import { hiLoadErrorMessages } from './load-errors';
import { hiNavMessages } from './nav';
import { hiObservationMessages } from './observation';
import { hiProfileMessages } from './profile';
import { hiResponseNameMessages } from './response-names';
import { hiResponseScreensMessages } from './response-screens';
import { hiResponsesMessages } from './responses';
import { hiReviewScreensMessages } from './review-screens';
import { hiReviewMessages } from './review';
import { hiRolesMessages } from './roles';
import { hiScoresMessages } from './scores';
import { hiUserScreensMessages } from './user-screens';
import { hiUsersMessages } from './users';
import { hiWebMessages } from './web';
import { hiNotificationMessages } from './notification.messages';
import { hiTimeZoneMessages } from './time-zone.messages';
import { hiRecurrenceMessages } from './recurrence.messages';
import { hiOrgAuditorMessages } from './org-auditor.messages';
import { hiSsoSignInMessages } from './sso-sign-in.messages';
import { hiSsoMessages } from './sso.messages';
import { hiTemplatesMessages } from './templates.messages';
import { hiTrendsMessages } from './trends.messages';

export const hindi = {
  auditMessages: hiAuditMessages,
  twoFactorMessages: hiTwoFactorMessages,
  complianceScreensMessages: hiComplianceScreensMessages,
  complianceMessages: hiComplianceMessages,
  dashboardMessages: hiDashboardMessages,
  employeeMessages: hiEmployeeMessages,
  exportMessages: hiExportMessages,
  learningMessages: hiLearningMessages,
  coreMessages: hiCoreMessages,
  assessmentScreensMessages: hiAssessmentScreensMessages,
  assessmentMessages: hiAssessmentMessages,
  chatMessages: hiChatMessages,
  companyPickerMessages: hiCompanyPickerMessages,
  contentMessages: hiContentMessages,
  documentsMessages: hiDocumentsMessages,
  feedbackMessages: hiFeedbackMessages,
  filesMessages: hiFilesMessages,
  loadErrorMessages: hiLoadErrorMessages,
  navMessages: hiNavMessages,
  observationMessages: hiObservationMessages,
  profileMessages: hiProfileMessages,
  responseNameMessages: hiResponseNameMessages,
  responseScreensMessages: hiResponseScreensMessages,
  responsesMessages: hiResponsesMessages,
  reviewScreensMessages: hiReviewScreensMessages,
  reviewMessages: hiReviewMessages,
  rolesMessages: hiRolesMessages,
  scoresMessages: hiScoresMessages,
  userScreensMessages: hiUserScreensMessages,
  usersMessages: hiUsersMessages,
  webMessages: hiWebMessages,
  notificationMessages: hiNotificationMessages,
  timeZoneMessages: hiTimeZoneMessages,
  recurrenceMessages: hiRecurrenceMessages,
  orgAuditorMessages: hiOrgAuditorMessages,
  ssoSignInMessages: hiSsoSignInMessages,
  ssoMessages: hiSsoMessages,
  templatesMessages: hiTemplatesMessages,
  trendsMessages: hiTrendsMessages,
};

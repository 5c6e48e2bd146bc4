import { createComplianceReminders } from './modules/compliance/compliance-reminders';
import { createRecurrenceService } from './modules/recurrence/recurrence.service';
import { createCarryOverService } from './modules/recurrence/carry-over.service';
import { createRoundSweep } from './modules/recurrence/round-sweep';
import type { Clock } from './lib/clock';
import type { Db } from './db/client';
import { NO_GENERATION, type Generation } from './db/read-memo';
import type { Mailer } from './mail/mailer';
import type { FileStore } from './storage/file-store';
import type { ChatBus } from './realtime/bus';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createAuditService } from './modules/audit/audit.service';
import { createAssessmentsService } from './modules/assessments/assessments.service';
import { createCatalogueService } from './modules/assessments/catalogue.service';
import { createAuthService } from './modules/auth/auth.service';
import { createTwoFactorService } from './modules/auth/two-factor.service';
import { createSessionsService } from './modules/auth/sessions.service';
import { createChatService } from './modules/chat/chat.service';
import { createDashboardsService } from './modules/dashboards/dashboards.service';
import { createRankingService } from './modules/dashboards/ranking.service';
import { createDocumentsService } from './modules/documents/documents.service';
import { createEmployeesService } from './modules/employees/employees.service';
import { createInviter } from './modules/auth/invitation.service';
import { createFeedbackService } from './modules/feedback/feedback.service';
import { createFilesService, type StorageLimits } from './modules/files/files.service';
import { createLearningReportsService } from './modules/learning/learning-reports.service';
import { createLearningService } from './modules/learning/learning.service';
import { createNoticesService } from './modules/notices/notices.service';
import { createObservationsService } from './modules/observations/observations.service';
import { createResponsesService } from './modules/responses/responses.service';
import { createReviewService } from './modules/responses/review.service';
import { createAssignmentService } from './modules/responses/assignment.service';
import { createReviewAttachments } from './modules/responses/review-attachments.service';
import { createUsersService } from './modules/users/users.service';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createRequirementsService } from './modules/compliance/requirements.service';
import { createComplianceDocumentsService } from './modules/compliance/documents.service';
import { createComplianceMatrixService } from './modules/compliance/matrix.service';
import { createSsoService } from './modules/sso/sso.service';
import type { SecretBox } from './lib/secret-box';
import { createExportsService } from './modules/exports/exports.service';
import { createTemplatesService } from './modules/templates/templates.service';
import { createTrendsService } from './modules/trends/trends.service';
import { createTimeZoneService } from './modules/organisations/time-zone.service';

export interface ServiceDeps {
  db: Db;
  mailer: Mailer;
  store: FileStore;
  publicUrl: string;
  /** How instances hear of new chat messages (realtime/bus.ts). */
  bus: ChatBus;
  /** How instances hear that a user's notifications changed (payload: the user id). */
  notificationBus: ChatBus;
  /** How instances hear that a user's memberships changed (payload: the user id). */
  membershipBus?: ChatBus;
  /** What kept reads of response data go by (db/freshness.ts). */
  dataGeneration: Generation;
  /** What kept reads of users and their organisations go by (db/freshness.ts). */
  authGeneration?: Generation;
  /** The storage quota and the limit of unattached uploads (config). */
  storageLimits: StorageLimits;
  /** The time every service reads (lib/clock.ts); tests move it. */
  clock: Clock;
  /** Encrypts the secrets kept in the database (lib/secret-box.ts): single sign-on's client secrets. */
  secretBox: SecretBox;
}

/** Every service, built once per app from its dependencies. */
export function createServices(deps: ServiceDeps) {
  const notifications = createNotificationsService({ db: deps.db, publicUrl: deps.publicUrl, bus: deps.notificationBus, clock: deps.clock });
  const files = createFilesService({ db: deps.db, store: deps.store, limits: deps.storageLimits, clock: deps.clock });
  const auth = createAuthService({ db: deps.db, mailer: deps.mailer, publicUrl: deps.publicUrl, clock: deps.clock });
  // Two-factor codes and one's own sessions (issue 59).
  const twoFactor = createTwoFactorService({ db: deps.db, clock: deps.clock, box: deps.secretBox, mailer: deps.mailer, publicUrl: deps.publicUrl, auth });
  const sessions = createSessionsService({ db: deps.db, clock: deps.clock });
  const users = createUsersService({ db: deps.db, files, auth, clock: deps.clock });
  const accounts = createAccountsService({ db: deps.db, auth, files, mailer: deps.mailer, memberships: deps.membershipBus, clock: deps.clock });
  const catalogue = createCatalogueService({ db: deps.db, clock: deps.clock });
  const assessments = createAssessmentsService({ db: deps.db, notifier: notifications, generation: deps.dataGeneration, clock: deps.clock });
  // The organisations' rankings, kept and rebuilt in the background (issue 63; app.ts runs the sweep).
  const rankings = createRankingService({ db: deps.db, clock: deps.clock });
  const review = createReviewService({ db: deps.db, generation: deps.dataGeneration, notifier: notifications, clock: deps.clock, rankings });
  const assignment = createAssignmentService({ db: deps.db, clock: deps.clock });
  const reviewAttachments = createReviewAttachments({ db: deps.db, files, clock: deps.clock });
  const responses = createResponsesService({ db: deps.db, files, review, generation: deps.dataGeneration, notifier: notifications, clock: deps.clock });
  const dashboards = createDashboardsService({ db: deps.db, review, rankings, clock: deps.clock });
  const chat = createChatService({ db: deps.db, files, bus: deps.bus, clock: deps.clock });
  const observations = createObservationsService({ db: deps.db, files, clock: deps.clock });
  const documents = createDocumentsService({ db: deps.db, files, notifier: notifications, generation: deps.authGeneration ?? NO_GENERATION, clock: deps.clock });
  const feedback = createFeedbackService({ db: deps.db, files });
  const employees = createEmployeesService({ db: deps.db, invite: createInviter({ auth, mailer: deps.mailer }), clock: deps.clock });
  const learning = createLearningService({ db: deps.db, files, notifier: notifications });
  const learningReports = createLearningReportsService({ db: deps.db, generation: deps.authGeneration ?? NO_GENERATION, clock: deps.clock });
  const notices = createNoticesService({ db: deps.db, learning });
  const audit = createAuditService({ db: deps.db, clock: deps.clock });
  // Compliance documents (issue 57).
  const complianceRequirements = createRequirementsService({ db: deps.db, clock: deps.clock });
  const complianceDocuments = createComplianceDocumentsService({ db: deps.db, files, notifier: notifications, clock: deps.clock });
  const complianceMatrix = createComplianceMatrixService({ db: deps.db, clock: deps.clock });
  // Compliance documents' expiry reminders and weekly digests (issue 57; app.ts runs the sweep).
  const complianceReminders = createComplianceReminders({ db: deps.db, clock: deps.clock, notifier: notifications });
  // Templates: duplicate an assessment, the starter library (issue 58).
  const templates = createTemplatesService({ db: deps.db, clock: deps.clock });
  // A contractor's trend across rounds (issue 58).
  const trends = createTrendsService({ db: deps.db, generation: deps.dataGeneration });
  const timeZone = createTimeZoneService({ db: deps.db, clock: deps.clock });
  // An organisation's export of all its data (issue 61; app.ts runs the worker).
  const exports = createExportsService({ db: deps.db, store: deps.store, clock: deps.clock, notifier: notifications });
  // Recurring assessments, their rounds (app.ts runs the sweep) and carry-over (issue 58).
  const recurrence = createRecurrenceService({ db: deps.db, clock: deps.clock });
  const carryOver = createCarryOverService({ db: deps.db, clock: deps.clock });
  const roundSweep = createRoundSweep({ db: deps.db, clock: deps.clock, notifier: notifications });
  // Single sign-on per organisation (issue 59).
  const sso = createSsoService({ db: deps.db, clock: deps.clock, box: deps.secretBox, publicUrl: deps.publicUrl, auth });
  return { timeZone, sso, recurrence, carryOver, roundSweep, twoFactor, sessions, exports, clock: deps.clock, templates, trends, rankings, complianceReminders, audit, notifications, learning, learningReports, notices, auth, files, users, accounts, catalogue, assessments, responses, review, assignment, reviewAttachments, dashboards, chat, observations, documents, feedback, employees, complianceRequirements, complianceDocuments, complianceMatrix };
}
export type Services = ReturnType<typeof createServices>;

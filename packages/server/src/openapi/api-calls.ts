import type { z } from 'zod';
import { createAssessmentSchema, deleteAssessmentSchema, editAssessmentSchema, getAssessmentByIdSchema, getAssessmentsByCompanyIdsSchema } from '@palisade/domain/assessments/assessment.schema';
import { categoryReplySchema, createAssessCategorySchema, editAssessCategorySchema, getAssessCategoriesSchema } from '@palisade/domain/assessments/category.schema';
import { bulkQuestionsReplySchema, createBulkQuestionsSchema, createQuestionSchema, editQuestionSchema, getQuestionsSchema, questionReplySchema } from '@palisade/domain/assessments/question.schema';
import { AUDIT_CSV_CONTENT_TYPE, auditExportSchema, auditListReplySchema, auditListSchema } from '@palisade/domain/audit/audit.schema';
import { changePasswordSchema, confirmPasswordResetSchema, forgotPasswordSchema, signInSchema, verifyResetCodeSchema } from '@palisade/domain/auth/auth.schema';
import { switchOrganisationSchema, updatePreferencesSchema, updateProfileSchema } from '@palisade/domain/auth/profile.schema';
import {
  chatMessageSchema,
  getMessagesReplySchema,
  getMessagesSchema,
  getUnreadCountsSchema,
  markReadReplySchema,
  markReadSchema,
  sendMessageFieldsSchema,
  unreadCountsReplySchema,
} from '@palisade/domain/chat/chat.schema';
import { DOCUMENT_ATTACHMENTS_MAX, FEEDBACK_ATTACHMENTS_MAX } from '@palisade/domain/constants';
import { capPerformanceSchema, dashboardCompanySchema, leaderboardQuerySchema, pendingTasksSchema } from '@palisade/domain/dashboards/dashboard.schema';
import {
  createDocumentFieldsSchema,
  deleteDocumentSchema,
  documentsQuerySchema,
  documentsReplySchema,
  docViewReplySchema,
  editDocumentFieldsSchema,
  getDocumentsByCompanyIdSchema,
  recordDocViewSchema,
} from '@palisade/domain/documents/document.schema';
import { changeEmployeeStatusSchema, createBulkEmployeesSchema, createEmployeeSchema, editEmployeeSchema, getEmployeesSchema } from '@palisade/domain/employees/employee.schema';
import { createFeedbackFieldsSchema, deleteFeedbackSchema, feedbackSchema, feedbacksPageSchema, getFeedbacksByCompanyIdSchema } from '@palisade/domain/feedback/feedback.schema';
import {
  addLearningCategorySchema,
  createNoticeSchema,
  learningCategoriesQuerySchema,
  learningDocsQuerySchema,
  learningGraphQuerySchema,
  learningRoleSchema,
  learningTableQuerySchema,
  noticesByCompanySchema,
  noticesQuerySchema,
  noticeViewReplySchema,
  recordNoticeViewSchema,
  recordProgressSchema,
  topicDocsReplySchema,
  topicDocsSchema,
  uploadLearningSchema,
} from '@palisade/domain/learning/learning.schema';
import {
  companyReportGraphSchema,
  contractorReportGraphSchema,
  createObservationFieldsSchema,
  exportObservationsSchema,
  getObservationSchema,
  observationSchema,
  rcaStatusSchema,
  reportTableSchema,
} from '@palisade/domain/observations/observation.schema';
import {
  getNotificationPreferencesSchema,
  listNotificationsSchema,
  markAllNotificationsReadSchema,
  markNotificationReadSchema,
  notificationListSchema,
  notificationPreferencesSchema,
  unreadCountSchema,
  unsubscribeReplySchema,
  unsubscribeSchema,
  updateNotificationPreferenceSchema,
} from '@palisade/domain/notifications/notification.schema';
import type { PolicyCall } from '@palisade/domain/policy';
import { assignAuditorSchema } from '@palisade/domain/responses/assignment.schema';
import {
  changeResponseStatusSchema,
  contractorScoreSchema,
  createResponseForContractorSchema,
  deleteAttachmentSchema,
  deleteAuditorAttachmentSchema,
  getAssessmentsByContractorIdSchema,
  getResponseByIdSchema,
  getResponsesByContractorIdSchema,
  uploadAttachmentQuerySchema,
  uploadAuditorAttachmentQuerySchema,
} from '@palisade/domain/responses/response.schema';
import {
  companyEsgoSchema,
  companyScoresSchema,
  editResponseSchema,
  exportResponseSchema,
  getResponsesByAssessmentIdSchema,
  getResponsesByCompanyIdsSchema,
  reviewSectionInResponseSchema,
  XLSX_CONTENT_TYPE,
} from '@palisade/domain/responses/review.schema';
import {
  byCompanyIdSchema,
  changeContractorStatusSchema,
  changeTpiStatusSchema,
  checkCodeExistsSchema,
  checkEmailExistsSchema,
  checkNameExistsSchema,
  checkPhoneNumberExistsSchema,
  createBulkContractorsSchema,
  createContractorSchema,
  createTpiSchema,
  deleteContractorSchema,
  deleteTpiSchema,
  editContractorSchema,
  editTpiSchema,
  existsReplySchema,
} from '@palisade/domain/users/accounts.schema';
import { getCompanyByIdSchema, getContractorByIdSchema, getTpiByIdSchema, getUsersByIdsSchema } from '@palisade/domain/users/users.schema';
import { filesParamsSchema } from '../modules/files/files.routes';
import { docParamsSchema } from '../modules/learning/learning.routes';

/** The files of a multipart form. */
export interface MultipartFiles {
  /** The part's name ('*': any name is taken). */
  name: string;
  /** At most this many files. */
  max: number;
  required: boolean;
  description: string;
}

/**
 * One call under /api as the OpenAPI document describes it. The schemas are the very zod schemas
 * that the route validates with (imported from the domain or from the route's own file), so the
 * description cannot drift from the rules: there is no second copy of them.
 */
export interface ApiCall {
  method: 'GET' | 'POST';
  /** The path under /api as Fastify registers it (':id' for a parameter, '*' for the rest). */
  path: string;
  /** The policy entries the route authorizes with; null: no session is needed. */
  policy: PolicyCall | readonly PolicyCall[] | null;
  /** A one-line description; otherwise one is made from the path. */
  summary?: string;
  description?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** A multipart form: its text fields (validated with this schema) and its files. */
  multipart?: { fields?: z.ZodType; files: MultipartFiles };
  /** The reply's `data`, where the domain has a schema for it. */
  reply?: z.ZodType;
  /** The reply is a file of this content type (errors still come in the envelope). */
  download?: string;
  /** Not a call of the API but a page or asset of the reference (text/html, JS, CSS). */
  page?: string;
  /** The realtime WebSocket (GET with Upgrade). */
  websocket?: true;
  /** The group it is listed in; otherwise the path's first segment (a page: "reference"). */
  tag?: string;
}

const R = '/assessment/responses';
const IMAGE = (what: string): MultipartFiles => ({ name: '*', max: 1, required: true, description: `${what}: JPG or PNG, up to 10 MB` });

/** Every call the server registers under /api (the OpenAPI test fails when one is missing). */
export function apiCalls(today: string): readonly ApiCall[] {
  return [
    { method: 'GET', path: '/health', policy: null, summary: 'Health: the process answers (it touches nothing else)' },
    {
      method: 'GET',
      path: '/ready',
      tag: 'health',
      policy: null,
      summary: 'Readiness: the database answers, its migrations are the latest, the file storage answers',
      description: '200 when ready; 503 naming the first part that is not (database, migrations, storage).',
    },
    { method: 'GET', path: '/openapi.json', policy: null, summary: 'This OpenAPI 3.1 document', page: 'application/json' },
    { method: 'GET', path: '/docs', policy: null, summary: 'The readable API reference (Swagger UI)', page: 'text/html' },
    { method: 'GET', path: '/docs/assets/*', policy: null, summary: 'Scripts and styles of the API reference', page: 'application/octet-stream' },
    // ------------------------------------------------------------------------------------ auth
    { method: 'POST', path: '/auth/signIn', policy: null, body: signInSchema, description: 'Sets the session cookie on success. Rate-limited per client address and per account.' },
    { method: 'POST', path: '/auth/signOut', policy: 'auth.signOut' },
    { method: 'GET', path: '/auth/me', policy: 'auth.me' },
    { method: 'POST', path: '/auth/forgotPassword', policy: null, body: forgotPasswordSchema },
    { method: 'POST', path: '/auth/verifyResetCode', policy: null, body: verifyResetCodeSchema },
    { method: 'POST', path: '/auth/confirmPasswordReset', policy: null, body: confirmPasswordResetSchema },
    { method: 'POST', path: '/auth/changePasswordWithEmail', policy: 'auth.changePassword', body: changePasswordSchema },
    { method: 'POST', path: '/auth/signOutOtherSessions', policy: 'auth.signOutOtherSessions' },
    { method: 'POST', path: '/auth/switchOrganisation', policy: 'auth.switchOrganisation', body: switchOrganisationSchema },
    // ------------------------------------------------------------------------ users and profile
    { method: 'POST', path: '/company/getCompanyById', policy: 'company.getCompanyById', body: getCompanyByIdSchema },
    { method: 'POST', path: '/contractor/getContractorById', policy: 'contractor.getContractorById', body: getContractorByIdSchema },
    { method: 'POST', path: '/tpi/getTpiById', policy: 'tpi.getTpiById', body: getTpiByIdSchema },
    { method: 'POST', path: '/app/getUsersByIds', policy: 'app.getUsersByIds', body: getUsersByIdsSchema },
    { method: 'POST', path: '/profile/updateProfile', policy: 'profile.update', body: updateProfileSchema },
    { method: 'POST', path: '/profile/uploadProfileImage', policy: 'profile.uploadImage', multipart: { files: IMAGE('The profile image') } },
    { method: 'POST', path: '/profile/updatePreferences', policy: 'profile.updatePreferences', body: updatePreferencesSchema },
    // ---------------------------------------------------------------------------------- accounts
    { method: 'POST', path: '/contractor/createContractor', policy: 'contractor.createContractor', body: createContractorSchema },
    { method: 'POST', path: '/company/createCompany', policy: 'company.createCompany', body: createContractorSchema, summary: 'Create company (a contractor company; the same as contractor/createContractor)' },
    { method: 'POST', path: '/contractor/editContractor', policy: 'contractor.editContractor', body: editContractorSchema },
    { method: 'POST', path: '/company/editCompany', policy: 'company.editCompany', body: editContractorSchema },
    { method: 'POST', path: '/contractor/deleteContractor', policy: 'contractor.deleteContractor', body: deleteContractorSchema },
    { method: 'POST', path: '/company/deleteCompany', policy: 'company.deleteCompany', body: deleteContractorSchema },
    { method: 'POST', path: '/contractor/changeContractorAccStatus', policy: 'contractor.changeContractorAccStatus', body: changeContractorStatusSchema },
    { method: 'POST', path: '/contractor/createBulkContractors', policy: 'contractor.createBulkContractors', body: createBulkContractorsSchema },
    { method: 'POST', path: '/contractor/getContractorsByCompanyId', policy: 'contractor.getContractorsByCompanyId', body: byCompanyIdSchema },
    { method: 'GET', path: '/contractor/getAllContractors', policy: 'contractor.getAllContractors' },
    ...(['GET', 'POST'] as const).map((method): ApiCall => ({ method, path: '/company/getAllCompanies', policy: 'company.getAllCompanies' })),
    { method: 'POST', path: '/contractor/uploadContractorImage', policy: 'contractor.uploadContractorImage', query: deleteContractorSchema, multipart: { files: IMAGE("The contractor's image") } },
    { method: 'POST', path: '/tpi/createTpi', policy: 'tpi.createTpi', body: createTpiSchema },
    { method: 'POST', path: '/tpi/editTpi', policy: 'tpi.editTpi', body: editTpiSchema },
    { method: 'POST', path: '/tpi/changeTpiAccStatus', policy: 'tpi.changeTpiAccStatus', body: changeTpiStatusSchema },
    { method: 'POST', path: '/tpi/deleteTpi', policy: 'tpi.deleteTpi', body: deleteTpiSchema },
    { method: 'POST', path: '/tpi/getTpisByCompanyId', policy: 'tpi.getTpisByCompanyId', body: byCompanyIdSchema },
    { method: 'GET', path: '/tpi/getAllTpis', policy: 'tpi.getAllTpis' },
    { method: 'POST', path: '/tpi/uploadTpiImage', policy: 'tpi.uploadTpiImage', query: deleteTpiSchema, multipart: { files: IMAGE("The auditor's image") } },
    ...(['company', 'contractor', 'tpi'] as const).flatMap((prefix): ApiCall[] => [
      { method: 'POST', path: `/${prefix}/checkEmailExists`, policy: `${prefix}.checkEmailExists`, body: checkEmailExistsSchema, reply: existsReplySchema },
      { method: 'POST', path: `/${prefix}/checkNameExists`, policy: `${prefix}.checkNameExists`, body: checkNameExistsSchema, reply: existsReplySchema },
      { method: 'POST', path: `/${prefix}/checkCodeExists`, policy: `${prefix}.checkCodeExists`, body: checkCodeExistsSchema, reply: existsReplySchema },
      { method: 'POST', path: `/${prefix}/checkPhoneNumberExists`, policy: `${prefix}.checkPhoneNumberExists`, body: checkPhoneNumberExistsSchema, reply: existsReplySchema },
    ]),
    // ------------------------------------------------------------------- assessment authoring
    { method: 'POST', path: '/assessment/categories/createAssessCategory', policy: 'categories.createAssessCategory', body: createAssessCategorySchema, reply: categoryReplySchema },
    { method: 'POST', path: '/assessment/categories/editAssessCategoryById', policy: 'categories.editAssessCategoryById', body: editAssessCategorySchema, reply: categoryReplySchema },
    { method: 'POST', path: '/assessment/categories/getAssessCategoriesByCompanyId', policy: 'categories.getAssessCategoriesByCompanyId', body: getAssessCategoriesSchema },
    { method: 'POST', path: '/assessment/questions/createQuestion', policy: 'questions.createQuestion', body: createQuestionSchema, reply: questionReplySchema },
    { method: 'POST', path: '/assessment/questions/editQuestion', policy: 'questions.editQuestion', body: editQuestionSchema, reply: questionReplySchema },
    { method: 'POST', path: '/assessment/questions/createBulkQuestions', policy: 'questions.createBulkQuestions', body: createBulkQuestionsSchema, reply: bulkQuestionsReplySchema },
    { method: 'POST', path: '/assessment/questions/getQuestionsByCompanyId', policy: 'questions.getQuestionsByCompanyId', body: getQuestionsSchema },
    { method: 'POST', path: '/assessment/createAssessment', policy: 'assessment.createAssessment', body: createAssessmentSchema(today), description: 'Dates are checked against the server\'s today.' },
    { method: 'POST', path: '/assessment/editAssessment', policy: 'assessment.editAssessment', body: editAssessmentSchema(today), description: 'Dates are checked against the server\'s today.' },
    { method: 'POST', path: '/assessment/deleteAssessment', policy: 'assessment.deleteAssessment', body: deleteAssessmentSchema },
    ...(['GET', 'POST'] as const).map((method): ApiCall => ({ method, path: '/assessment/getAllAssessments', policy: 'assessment.getAllAssessments' })),
    { method: 'POST', path: '/assessment/getAssessmentsByCompanyIds', policy: 'assessment.getAssessmentsByCompanyIds', body: getAssessmentsByCompanyIdsSchema },
    { method: 'POST', path: '/assessment/getAssessmentById', policy: 'assessment.getAssessmentById', body: getAssessmentByIdSchema },
    // --------------------------------------------------------------------------------- responses
    { method: 'POST', path: '/assessment/getAssessmentsByContractorId', policy: 'assessment.getAssessmentsByContractorId', body: getAssessmentsByContractorIdSchema },
    { method: 'POST', path: `${R}/getResponsesByContractorId`, policy: 'responses.getResponsesByContractorId', body: getResponsesByContractorIdSchema },
    { method: 'POST', path: `${R}/createResponseForContractor`, policy: 'responses.createResponseForContractor', body: createResponseForContractorSchema },
    { method: 'POST', path: `${R}/getResponseById`, policy: 'responses.getResponseById', body: getResponseByIdSchema },
    { method: 'POST', path: `${R}/updateSectionInResponse`, policy: 'responses.updateSectionInResponse', body: reviewSectionInResponseSchema, description: "The contractor's answers, or the auditor's judgements and score. The reply is the whole response, or with reply 'sent' only the section saved with the questions sent." },
    { method: 'POST', path: `${R}/changeResponseStatus`, policy: 'responses.changeResponseStatus', body: changeResponseStatusSchema },
    { method: 'POST', path: `${R}/getTotalScoreForContractor`, policy: 'responses.getTotalScoreForContractor', body: contractorScoreSchema },
    { method: 'POST', path: `${R}/getESGOForContractor`, policy: 'responses.getESGOForContractor', body: contractorScoreSchema },
    {
      method: 'POST',
      path: `${R}/uploadAttachment`,
      policy: 'responses.uploadAttachment',
      query: uploadAttachmentQuerySchema,
      multipart: { files: { name: '*', max: 1, required: true, description: 'An answer attachment, up to 10 MB; its type is checked by its bytes' } },
    },
    { method: 'POST', path: `${R}/deleteAttachment`, policy: 'responses.deleteAttachment', body: deleteAttachmentSchema },
    {
      method: 'POST',
      path: `${R}/uploadAuditorAttachment`,
      policy: 'responses.uploadAuditorAttachment',
      query: uploadAuditorAttachmentQuerySchema,
      multipart: { files: { name: '*', max: 1, required: true, description: "An auditor's file on a question, up to 10 MB; its type is checked by its bytes" } },
      description: 'An auditor attaches a file to a question of a SUBMITTED response it may judge. The reply is the response.',
    },
    { method: 'POST', path: `${R}/deleteAuditorAttachment`, policy: 'responses.deleteAuditorAttachment', body: deleteAuditorAttachmentSchema, description: 'An auditor removes a file it attached, while the response is SUBMITTED.' },
    { method: 'POST', path: `${R}/getResponsesByCompanyIds`, policy: 'responses.getResponsesByCompanyIds', body: getResponsesByCompanyIdsSchema },
    { method: 'POST', path: `${R}/getResponsesByAssessmentId`, policy: 'responses.getResponsesByAssessmentId', body: getResponsesByAssessmentIdSchema },
    { method: 'POST', path: `${R}/editResponse`, policy: 'responses.editResponse', body: editResponseSchema },
    { method: 'POST', path: `${R}/assignAuditor`, policy: 'responses.assignAuditor', body: assignAuditorSchema },
    { method: 'POST', path: `${R}/getTotalScoresOfContrsInCompany`, policy: 'responses.getTotalScoresOfContrsInCompany', body: companyScoresSchema },
    { method: 'POST', path: `${R}/getESGOForAllContractors`, policy: 'responses.getESGOForAllContractors', body: companyEsgoSchema },
    { method: 'POST', path: `${R}/exportResponseToExcel`, policy: 'responses.exportResponseToExcel', body: exportResponseSchema, download: XLSX_CONTENT_TYPE },
    // -------------------------------------------------------------------------------- dashboards
    { method: 'POST', path: `${R}/getCapPerformanceData`, policy: 'responses.getCapPerformanceData', body: capPerformanceSchema },
    { method: 'GET', path: '/admin/leaderboard', policy: 'admin.leaderboard', query: leaderboardQuerySchema },
    { method: 'POST', path: '/dashboard/getEngagement', policy: 'dashboard.getEngagement', body: dashboardCompanySchema },
    { method: 'POST', path: '/dashboard/getPendingTasks', policy: 'dashboard.getPendingTasks', body: pendingTasksSchema },
    { method: 'POST', path: '/dashboard/getAssessmentStatusCounts', policy: 'dashboard.getAssessmentStatusCounts', body: dashboardCompanySchema },
    // ------------------------------------------------------------------------------------- files
    { method: 'GET', path: '/files/:id', policy: 'files.download', params: filesParamsSchema, download: 'application/octet-stream', description: 'The bytes of a stored file, to those who may read it; Range requests are answered with 206.' },
    { method: 'GET', path: '/files/:id/:name', policy: 'files.download', params: filesParamsSchema, download: 'application/octet-stream', description: 'The same, for links stored with the file name.' },
    // -------------------------------------------------------------------------------------- chat
    { method: 'POST', path: '/chat/getMessages', policy: 'chat.getMessages', body: getMessagesSchema, reply: getMessagesReplySchema },
    {
      method: 'POST',
      path: '/chat/sendMessage',
      policy: 'chat.sendMessage',
      multipart: { fields: sendMessageFieldsSchema, files: { name: 'file', max: 1, required: false, description: 'An optional file, up to 10 MB' } },
      reply: chatMessageSchema,
    },
    { method: 'POST', path: '/chat/markRead', policy: 'chat.markRead', body: markReadSchema, reply: markReadReplySchema },
    { method: 'POST', path: '/chat/getUnreadCounts', policy: 'chat.getUnreadCounts', body: getUnreadCountsSchema, reply: unreadCountsReplySchema },
    { method: 'GET', path: '/realtime', policy: 'realtime.connect', websocket: true, summary: 'The realtime channel (WebSocket): chat messages as they are sent' },
    // --------------------------------------------------------------------------------- documents
    {
      method: 'POST',
      path: '/document/createDocument',
      policy: 'document.createDocument',
      multipart: { fields: createDocumentFieldsSchema, files: { name: 'attachments', max: DOCUMENT_ATTACHMENTS_MAX, required: true, description: 'PDF, image or CSV files' } },
    },
    {
      method: 'POST',
      path: '/document/editDocument',
      policy: 'document.editDocument',
      multipart: { fields: editDocumentFieldsSchema, files: { name: 'attachments', max: DOCUMENT_ATTACHMENTS_MAX, required: false, description: 'Files added to those kept' } },
    },
    { method: 'POST', path: '/document/deleteDocument', policy: 'document.deleteDocument', body: deleteDocumentSchema },
    { method: 'POST', path: '/document/getDocumentsByCompanyId', policy: 'document.getDocumentsByCompanyId', body: getDocumentsByCompanyIdSchema, query: documentsQuerySchema, reply: documentsReplySchema },
    { method: 'GET', path: '/document/getAllDocuments', policy: 'document.getAllDocuments' },
    { method: 'POST', path: '/document/recordDocView', policy: 'document.recordDocView', body: recordDocViewSchema, reply: docViewReplySchema },
    // ---------------------------------------------------------------------------------- feedback
    {
      method: 'POST',
      path: '/feedback/createFeedback',
      policy: 'feedback.createFeedback',
      multipart: { fields: createFeedbackFieldsSchema, files: { name: 'attachments', max: FEEDBACK_ATTACHMENTS_MAX, required: false, description: 'Optional image, PDF or document files' } },
      reply: feedbackSchema,
    },
    { method: 'POST', path: '/feedback/getFeedbacksByCompanyId', policy: 'feedback.getFeedbacksByCompanyId', body: getFeedbacksByCompanyIdSchema, reply: feedbacksPageSchema },
    { method: 'GET', path: '/feedback/getAllFeedbacks', policy: 'feedback.getAllFeedbacks' },
    { method: 'POST', path: '/feedback/deleteFeedback', policy: 'feedback.deleteFeedback', body: deleteFeedbackSchema },
    // --------------------------------------------------------------------------------- employees
    { method: 'POST', path: '/contractor/getEmployees', policy: 'contractor.getEmployees', body: getEmployeesSchema },
    { method: 'POST', path: '/contractor/createEmployee', policy: 'contractor.createEmployee', body: createEmployeeSchema },
    { method: 'POST', path: '/contractor/editEmployee', policy: 'contractor.editEmployee', body: editEmployeeSchema },
    { method: 'POST', path: '/contractor/changeEmployeeStatus', policy: 'contractor.changeEmployeeStatus', body: changeEmployeeStatusSchema },
    { method: 'POST', path: '/contractor/createBulkEmployees', policy: 'contractor.createBulkEmployees', body: createBulkEmployeesSchema },
    // ------------------------------------------------------------------------------ observations
    {
      method: 'POST',
      path: '/observation/createObservation',
      policy: 'observation.createObservation',
      multipart: { fields: createObservationFieldsSchema, files: { name: 'photo', max: 1, required: false, description: 'An optional photo (the parts file and image are taken too)' } },
      reply: observationSchema,
    },
    { method: 'POST', path: '/observation/getObservationById', policy: 'observation.getObservationById', body: getObservationSchema, reply: observationSchema },
    { method: 'POST', path: '/company/reportgraph', policy: 'observation.companyReportGraph', body: companyReportGraphSchema },
    { method: 'POST', path: '/contractor/reportgraph', policy: 'observation.contractorReportGraph', body: contractorReportGraphSchema },
    { method: 'POST', path: '/company/reporttable', policy: 'observation.reportTable', body: reportTableSchema },
    { method: 'POST', path: '/company/exportObservations', policy: 'observation.export', body: exportObservationsSchema },
    { method: 'POST', path: '/admin/rcastatus', policy: 'observation.rcaStatus', body: rcaStatusSchema },
    // ---------------------------------------------------------------------- learning and notices
    { method: 'POST', path: '/company/uploadLearning', policy: 'learning.uploadLearning', body: uploadLearningSchema },
    {
      method: 'POST',
      path: '/learning/uploadFile/:docId',
      policy: 'learning.uploadFile',
      params: docParamsSchema,
      multipart: { files: { name: 'file', max: 1, required: true, description: 'The learning file (PDF, image or video)' } },
    },
    { method: 'GET', path: '/company/getLearningCategories', policy: 'learning.getLearningCategories', query: learningCategoriesQuerySchema },
    { method: 'POST', path: '/company/addLearningCategory', policy: 'learning.addLearningCategory', body: addLearningCategorySchema },
    { method: 'GET', path: '/learning/getLearningDocs', policy: 'learning.getLearningDocs', query: learningDocsQuerySchema },
    {
      method: 'GET',
      path: '/:role/fetchLearningTable',
      policy: ['learning.fetchLearningTableCompany', 'learning.fetchLearningTableContractor'],
      params: learningRoleSchema,
      query: learningTableQuerySchema,
    },
    { method: 'GET', path: '/company/fetchLearningGraph', policy: 'learning.fetchLearningGraph', query: learningGraphQuerySchema },
    { method: 'POST', path: '/learning/recordProgress', policy: 'learning.recordProgress', body: recordProgressSchema },
    { method: 'POST', path: '/company/getLearningTopicDocs', policy: 'learning.getLearningTopicDocs', body: topicDocsSchema, reply: topicDocsReplySchema },
    { method: 'POST', path: '/notice/createNotice', policy: 'notice.createNotice', body: createNoticeSchema },
    { method: 'POST', path: '/notice/getNoticesByCompanyId', policy: 'notice.getNoticesByCompanyId', body: noticesByCompanySchema, query: noticesQuerySchema },
    { method: 'GET', path: '/notice/getAllNotices', policy: 'notice.getAllNotices', query: noticesQuerySchema },
    { method: 'POST', path: '/notice/recordNoticeView', policy: 'notice.recordNoticeView', body: recordNoticeViewSchema, reply: noticeViewReplySchema },
    // ------------------------------------------------------------------------------ activity log
    { method: 'POST', path: '/audit/list', policy: 'audit.list', body: auditListSchema, reply: auditListReplySchema, summary: "One page of the organisation's activity log, newest first" },
    { method: 'POST', path: '/audit/export', policy: 'audit.export', body: auditExportSchema, download: AUDIT_CSV_CONTENT_TYPE, summary: "The organisation's activity log, filtered, as CSV" },
    // ------------------------------------------------------------------------------ notifications
    { method: 'POST', path: '/notification/list', policy: 'notification.list', summary: 'The bell: the latest 20 notifications and the unread count', body: listNotificationsSchema, reply: notificationListSchema },
    { method: 'POST', path: '/notification/markRead', policy: 'notification.markRead', body: markNotificationReadSchema, reply: unreadCountSchema },
    { method: 'POST', path: '/notification/markAllRead', policy: 'notification.markAllRead', body: markAllNotificationsReadSchema, reply: unreadCountSchema },
    { method: 'POST', path: '/notification/getPreferences', policy: 'notification.getPreferences', summary: 'E-mail on or off per notification kind', body: getNotificationPreferencesSchema, reply: notificationPreferencesSchema },
    { method: 'POST', path: '/notification/updatePreference', policy: 'notification.updatePreference', body: updateNotificationPreferenceSchema, reply: notificationPreferencesSchema },
    {
      method: 'POST',
      path: '/notification/unsubscribe',
      policy: null,
      summary: "A mail's unsubscribe link: turns one kind of e-mail off for the token's user, without a session",
      body: unsubscribeSchema,
      reply: unsubscribeReplySchema,
    },
  ];
}

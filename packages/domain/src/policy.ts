import { UserType } from './user-types';

const ANY: readonly UserType[] = [
  UserType.OPERATOR,
  UserType.ORGANISATION,
  UserType.CONTRACTOR,
  UserType.AUDITOR,
  UserType.EMPLOYEE,
];
const WEB: readonly UserType[] = [UserType.ORGANISATION, UserType.CONTRACTOR, UserType.AUDITOR];
/** The organisation manages its accounts (contractor companies and auditors). */
const ORGANISATION: readonly UserType[] = [UserType.ORGANISATION];
/** Lists of contractor companies: the organisation, and its auditors (their company filter). */
const ORGANISATION_AND_AUDITOR: readonly UserType[] = [UserType.ORGANISATION, UserType.AUDITOR];
/** The contractor answers its own responses. */
const CONTRACTOR: readonly UserType[] = [UserType.CONTRACTOR];

/**
 * Which user types may make each call. The server checks it on every call (ownership is checked
 * by the services); the web only uses it to hide controls.
 */
export const POLICY = {
  'auth.me': ANY,
  'auth.signOut': ANY,
  'auth.changePassword': ANY,
  'auth.signOutOtherSessions': ANY,
  'auth.switchOrganisation': [UserType.CONTRACTOR, UserType.AUDITOR],
  // Two-factor codes and one's own sessions (issue 59): every user for its own account; the
  // organisation's admin for its users' second factor and its sign-in rules.
  'auth.twoFactorStatus': ANY,
  'auth.twoFactorStart': ANY,
  'auth.twoFactorConfirm': ANY,
  'auth.twoFactorDisable': ANY,
  'auth.listSessions': ANY,
  'auth.revokeSession': ANY,
  'users.resetTwoFactor': ORGANISATION,
  'organisation.getSecuritySettings': ORGANISATION,
  'organisation.updateSecuritySettings': ORGANISATION,
  // The organisation's time zone (issue 60): read by everyone who works in it, set by its admin.
  'organisation.getTimeZone': WEB,
  'organisation.setTimeZone': ORGANISATION,
  'profile.update': ANY,
  'profile.uploadImage': ANY,
  'profile.updatePreferences': ANY,
  'profile.setLanguage': ANY,
  'company.getCompanyById': WEB,
  'contractor.getContractorById': WEB,
  'tpi.getTpiById': WEB,
  'app.getUsersByIds': WEB,
  'files.download': ANY,
  // Accounts (company-and-auditor §7). "Company" in the admin area is a contractor company.
  'company.createCompany': ORGANISATION,
  'company.editCompany': ORGANISATION,
  'company.deleteCompany': ORGANISATION,
  'company.getAllCompanies': ORGANISATION_AND_AUDITOR,
  'company.checkCodeExists': ORGANISATION,
  'company.checkEmailExists': ORGANISATION,
  'company.checkNameExists': ORGANISATION,
  'company.checkPhoneNumberExists': ORGANISATION,
  'contractor.createContractor': ORGANISATION,
  'contractor.createBulkContractors': ORGANISATION,
  'contractor.editContractor': ORGANISATION,
  'contractor.deleteContractor': ORGANISATION,
  'contractor.changeContractorAccStatus': ORGANISATION,
  'contractor.uploadContractorImage': ORGANISATION,
  'contractor.getContractorsByCompanyId': ORGANISATION_AND_AUDITOR,
  // The contractor search (issue 63): the pickers, the companies table and the Share dialog.
  'contractor.searchContractors': ORGANISATION_AND_AUDITOR,
  'contractor.getContractorIds': ORGANISATION_AND_AUDITOR,
  'contractor.getContractorLocations': ORGANISATION_AND_AUDITOR,
  'contractor.getAllContractors': ORGANISATION_AND_AUDITOR,
  'contractor.checkCodeExists': ORGANISATION,
  'contractor.checkEmailExists': ORGANISATION,
  'contractor.checkNameExists': ORGANISATION,
  'contractor.checkPhoneNumberExists': ORGANISATION,
  'tpi.createTpi': ORGANISATION,
  'tpi.editTpi': ORGANISATION,
  'tpi.deleteTpi': ORGANISATION,
  'tpi.changeTpiAccStatus': ORGANISATION,
  'tpi.uploadTpiImage': ORGANISATION,
  // Auditors are competing firms: only the organisation lists them.
  'tpi.getTpisByCompanyId': ORGANISATION,
  'tpi.getAllTpis': ORGANISATION,
  'tpi.checkCodeExists': ORGANISATION,
  'tpi.checkEmailExists': ORGANISATION,
  'tpi.checkNameExists': ORGANISATION,
  'tpi.checkPhoneNumberExists': ORGANISATION,
  // Assessment authoring (company-and-auditor §7): the organisation builds; its auditors read the
  // assessments of the organisations they serve. Contractors read theirs through their own calls.
  'categories.createAssessCategory': ORGANISATION,
  'categories.editAssessCategoryById': ORGANISATION,
  'categories.getAssessCategoriesByCompanyId': ORGANISATION,
  'questions.createQuestion': ORGANISATION,
  'questions.editQuestion': ORGANISATION,
  'questions.createBulkQuestions': ORGANISATION,
  'questions.getQuestionsByCompanyId': ORGANISATION,
  'assessment.createAssessment': ORGANISATION,
  'assessment.editAssessment': ORGANISATION,
  'assessment.deleteAssessment': ORGANISATION,
  'assessment.getAllAssessments': ORGANISATION,
  'assessment.getAssessmentsByCompanyIds': ORGANISATION_AND_AUDITOR,
  'assessment.getAssessmentById': ORGANISATION_AND_AUDITOR,
  // Contractor answering (foundation-and-contractor §7). The contractor starts, answers and submits
  // its own responses; the organisation and its auditors read them (getResponseById) and the
  // contractor's scores. Auditors also save sections (judgements, scores) and change statuses
  // (REASSESSMENT, COMPLETED); the services branch on the user type.
  'assessment.getAssessmentsByContractorId': CONTRACTOR,
  'responses.getResponsesByContractorId': CONTRACTOR,
  'responses.createResponseForContractor': CONTRACTOR,
  'responses.getResponseById': WEB,
  'responses.updateSectionInResponse': [UserType.CONTRACTOR, UserType.AUDITOR],
  'responses.changeResponseStatus': [UserType.CONTRACTOR, UserType.AUDITOR],
  'responses.getTotalScoreForContractor': WEB,
  'responses.getESGOForContractor': WEB,
  'responses.uploadAttachment': CONTRACTOR,
  'responses.deleteAttachment': CONTRACTOR,
  // Issue 56: an auditor attaches its own files to a question of a response it may judge.
  'responses.uploadAuditorAttachment': [UserType.AUDITOR],
  'responses.deleteAuditorAttachment': [UserType.AUDITOR],
  // Auditor review and the organisation's views (company-and-auditor §7). Auditors judge; the
  // organisation reads, edits a response's due date and exports; both read lists and scores.
  'responses.getResponsesByCompanyIds': ORGANISATION_AND_AUDITOR,
  'responses.getResponsesByAssessmentId': ORGANISATION_AND_AUDITOR,
  'responses.editResponse': ORGANISATION,
  'responses.getTotalScoresOfContrsInCompany': ORGANISATION_AND_AUDITOR,
  'responses.getESGOForAllContractors': ORGANISATION_AND_AUDITOR,
  'responses.exportResponseToExcel': ORGANISATION,
  // The organisation may assign one of its auditors to a response (issue 19).
  'responses.assignAuditor': ORGANISATION,
  // Dashboards, Engagement and leaderboard (issue 13): every web user reads its organisation's
  // figures (a contractor its own, the others anonymised); Pending Tasks and the Overall
  // Assessments counts are the organisation's home.
  'responses.getCapPerformanceData': WEB,
  'admin.leaderboard': WEB,
  'dashboard.getEngagement': WEB,
  'dashboard.getPendingTasks': ORGANISATION,
  'dashboard.getAssessmentStatusCounts': ORGANISATION,
  // Realtime chat per question (issue 6): the response's contractor, the organisation's users and
  // its auditors; which response is checked by the chat service (404 otherwise).
  'chat.getMessages': WEB,
  'chat.sendMessage': WEB,
  'chat.markRead': WEB,
  'chat.getUnreadCounts': WEB,
  'realtime.connect': WEB,
  // Notifications (issue 22): every user of a web shell reads and marks its own.
  'notification.list': WEB,
  'notification.markRead': WEB,
  'notification.markAllRead': WEB,
  'notification.getPreferences': WEB,
  'notification.updatePreference': WEB,
  // Safety observations (issue 14): employees and contractors report; the organisation and the
  // report's contractor read and act (ownership is checked by the observations service).
  'observation.createObservation': [UserType.CONTRACTOR, UserType.EMPLOYEE],
  'observation.getObservationById': [UserType.ORGANISATION, UserType.CONTRACTOR],
  'observation.companyReportGraph': [UserType.ORGANISATION, UserType.CONTRACTOR],
  'observation.contractorReportGraph': [UserType.ORGANISATION, UserType.CONTRACTOR],
  'observation.reportTable': [UserType.ORGANISATION, UserType.CONTRACTOR],
  'observation.rcaStatus': [UserType.ORGANISATION, UserType.CONTRACTOR],
  'observation.export': ORGANISATION,
  // Policy documents (issue 16): the organisation writes them; its contractors and their employees
  // (the field app) read them and record their views. Auditors do not read policy updates.
  'document.createDocument': ORGANISATION,
  'document.editDocument': ORGANISATION,
  'document.deleteDocument': ORGANISATION,
  'document.getDocumentsByCompanyId': [UserType.ORGANISATION, UserType.CONTRACTOR, UserType.EMPLOYEE],
  'document.getAllDocuments': [UserType.ORGANISATION, UserType.CONTRACTOR, UserType.EMPLOYEE],
  'document.getDocumentViewers': ORGANISATION,
  'document.recordDocView': [UserType.CONTRACTOR, UserType.EMPLOYEE],
  // Feedback (issue 16): anyone on a web home gives it to its working organisation, which reads
  // and deletes it.
  'feedback.createFeedback': WEB,
  'feedback.getFeedbacksByCompanyId': ORGANISATION,
  'feedback.getAllFeedbacks': ORGANISATION,
  'feedback.deleteFeedback': ORGANISATION,
  // Employees (issue 15): a contractor manages its own field workers (ownership is checked by the
  // employees service: its own, in its working organisation).
  'contractor.createEmployee': CONTRACTOR,
  'contractor.createBulkEmployees': CONTRACTOR,
  'contractor.getEmployees': CONTRACTOR,
  'contractor.editEmployee': CONTRACTOR,
  'contractor.changeEmployeeStatus': CONTRACTOR,
  // Learning and the noticeboard (issue 15): the organisation uploads learning; its contractors
  // read their own employees' figures; employees (the field app) record progress. Notices are
  // added by the organisation and its contractors, and read by them and the employees.
  'learning.uploadLearning': ORGANISATION,
  'learning.uploadFile': [UserType.ORGANISATION, UserType.CONTRACTOR],
  'learning.getLearningCategories': ORGANISATION,
  'learning.addLearningCategory': ORGANISATION,
  'learning.fetchLearningTableCompany': ORGANISATION,
  'learning.fetchLearningTableContractor': CONTRACTOR,
  'learning.fetchLearningGraph': [UserType.ORGANISATION, UserType.CONTRACTOR],
  'learning.getLearningDocs': [UserType.ORGANISATION, UserType.CONTRACTOR, UserType.EMPLOYEE],
  'learning.getLearningTopicDocs': [UserType.ORGANISATION, UserType.CONTRACTOR, UserType.EMPLOYEE],
  'learning.recordProgress': [UserType.EMPLOYEE],
  'notice.createNotice': [UserType.ORGANISATION, UserType.CONTRACTOR],
  'notice.getNoticesByCompanyId': [UserType.ORGANISATION, UserType.CONTRACTOR, UserType.EMPLOYEE],
  'notice.getAllNotices': [UserType.ORGANISATION, UserType.CONTRACTOR, UserType.EMPLOYEE],
  'notice.recordNoticeView': [UserType.CONTRACTOR, UserType.EMPLOYEE],
  // Compliance documents (issue 57): the organisation defines requirements and reads the matrix;
  // its auditors read and review (where the requirement's reviewer allows: compliance service);
  // contractors upload and read their own.
  'compliance.createRequirement': ORGANISATION,
  'compliance.updateRequirement': ORGANISATION,
  'compliance.retireRequirement': ORGANISATION,
  'compliance.listRequirements': ORGANISATION_AND_AUDITOR,
  'compliance.uploadDocument': CONTRACTOR,
  'compliance.reviewDocument': ORGANISATION_AND_AUDITOR,
  'compliance.getDocumentHistory': WEB,
  'compliance.listMyCompliance': CONTRACTOR,
  'compliance.getMatrix': ORGANISATION_AND_AUDITOR,
  'compliance.exportMatrix': ORGANISATION_AND_AUDITOR,
  'compliance.getSummary': ORGANISATION_AND_AUDITOR,
  'compliance.getOverallStates': ORGANISATION_AND_AUDITOR,
  // Templates (issue 58): the organisation duplicates its assessments and adds starter sets to its bank.
  'templates.duplicateAssessment': ORGANISATION,
  'templates.getStarterSets': ORGANISATION,
  'templates.addStarterSet': ORGANISATION,
  // Recurring assessments and carry-over (issue 58): the organisation sets and stops a recurrence,
  // its auditors read it; the contractor carries its answers over and confirms them.
  'recurrence.getRecurrence': ORGANISATION_AND_AUDITOR,
  'recurrence.setRecurrence': ORGANISATION,
  'recurrence.stopRecurrence': ORGANISATION,
  'recurrence.listRounds': ORGANISATION_AND_AUDITOR,
  'recurrence.getResponseRound': WEB,
  'recurrence.carryOver': CONTRACTOR,
  'recurrence.confirmCarried': CONTRACTOR,
  // Trends (issue 58): a contractor's score per round and open items; the organisation and its
  // auditors read any of their contractors', a contractor its own (trends service).
  'trends.getContractorTrend': WEB,
  'trends.getContractorOpenItems': WEB,
  // Single sign-on (issue 59): the organisation's admins set up its provider.
  'sso.getConfig': ORGANISATION,
  'sso.testConfig': ORGANISATION,
  'sso.saveConfig': ORGANISATION,
  'sso.deleteConfig': ORGANISATION,
  // The activity log (issue 23): the organisation's admins read and export their organisation's.
  'audit.list': ORGANISATION,
  'audit.export': ORGANISATION,
  // An organisation's export of all its data (issue 61): its admins ask, and each downloads its own.
  'export.request': ORGANISATION,
  'export.status': ORGANISATION,
  'export.download': ORGANISATION,
} as const satisfies Record<string, readonly UserType[]>;

export type PolicyCall = keyof typeof POLICY;

/** True when a user of that type may make the call. */
export function mayCall(type: number, call: PolicyCall): boolean {
  return (POLICY[call] as readonly number[]).includes(type);
}

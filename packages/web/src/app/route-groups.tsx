import { Navigate, type RouteObject } from 'react-router';
import { SHELL_PREFIX } from '@palisade/domain/user-types';
import { loadHomePage } from './first-page-code';
import { page } from './route-page';

/**
 * The child routes of the three shells. Every screen is its own lazy chunk; paths match without
 * regard to case, so the spec's spellings (assessment and Assessment, add_assessment and
 * Add_Assessment, cap_assesmentview and Cap_AssesmentView) each need one entry.
 */

const accountPage = page(() =>
  import('../features/profile/pages/account-page').then((m) => m.AccountPage),
);
const settingsPage = page(() =>
  import('../features/profile/pages/settings-page').then((m) => m.SettingsPage),
);

/** Every notification of the user (issue 63): the bell's "See all", in each shell. */
const notificationsPage = page(() =>
  import('../features/notifications/pages/notifications-page').then((m) => m.NotificationsPage),
);

const engagementPage = page(() =>
  import('../features/engagement/pages/engagement-page').then((m) => m.EngagementPage),
);

/** Learning (issue 15): the same page in both groups. */
const learningRoute: RouteObject = {
  path: 'learning',
  ...page(() => import('../features/learning/pages/learning-page').then((m) => m.LearningPage)),
};

/** Compliance documents (issue 57): the matrix with its requirements, and a document's history. */
const loadCompliancePages = () => import('../features/compliance/pages/compliance-page');
const loadHistoryPages = () => import('../features/compliance/pages/document-history-page');

/** Template leftovers (customers, products) go to the group's home (DECISIONS.md). */
function leftovers(home: string): RouteObject[] {
  return [
    { path: 'customers', element: <Navigate to={home} replace /> },
    { path: 'products', element: <Navigate to={home} replace /> },
  ];
}

const SAPPHIRE_HOME = `${SHELL_PREFIX.sapphire}/Dashboard`;

/** Observation, ViewObservation and OnlyViewObservation: the same pages in both groups. */
const observationRoutes: RouteObject[] = [
  {
    path: 'observation',
    ...page(() =>
      import('../features/observations/pages/observation-page').then((m) => m.ObservationPage),
    ),
  },
  {
    path: 'ViewObservation',
    ...page(() =>
      import('../features/observations/pages/observation-detail-pages').then(
        (m) => m.ViewObservationPage,
      ),
    ),
  },
  {
    path: 'OnlyViewObservation',
    ...page(() =>
      import('../features/observations/pages/observation-detail-pages').then(
        (m) => m.OnlyViewObservationPage,
      ),
    ),
  },
];

/** /sapphire: the organisation (admin, type 2). */
export const sapphireRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={SAPPHIRE_HOME} replace /> },
  {
    path: 'Dashboard',
    ...page(loadHomePage.sapphire),
  },
  { path: 'account', ...accountPage },
  { path: 'settings', ...settingsPage },
  { path: 'notifications', ...notificationsPage },
  {
    path: 'Assessment',
    ...page(() =>
      import('../features/assessments/pages/assessments-page').then((m) => m.AssessmentsPage),
    ),
  },
  {
    path: 'Add_Assessment',
    ...page(() =>
      import('../features/assessments/pages/add-assessment-page').then((m) => m.AddAssessmentPage),
    ),
  },
  {
    path: 'editAssessment/:assessmentId',
    ...page(() =>
      import('../features/assessments/pages/edit-assessment-page').then(
        (m) => m.EditAssessmentPage,
      ),
    ),
  },
  {
    path: 'view_assessment',
    ...page(() =>
      import('../features/responses/pages/organisation-response-page').then(
        (m) => m.ViewAssessmentPage,
      ),
    ),
  },
  {
    path: 'Cap_AssesmentView/:responseId',
    ...page(() =>
      import('../features/responses/pages/organisation-response-page').then(
        (m) => m.OrganisationResponsePage,
      ),
    ),
  },
  {
    path: 'Cap_AssesmentView/:responseId/Categories/:categoryId',
    ...page(() =>
      import('../features/responses/pages/organisation-checklist-page').then(
        (m) => m.OrganisationChecklistPage,
      ),
    ),
  },
  // The spec's /sapphire/checklist is a static mock-up with sample data (company-and-auditor §2.5):
  // a response's checklist lives under Cap_AssesmentView, reached from the overview.
  { path: 'checklist', element: <Navigate to={`${SHELL_PREFIX.sapphire}/Assessment`} replace /> },
  ...observationRoutes,
  learningRoute,
  { path: 'engagement', ...engagementPage },
  {
    path: 'feedback',
    ...page(() => import('../features/feedback/pages/feedback-page').then((m) => m.FeedbackPage)),
  },
  {
    path: 'compliance',
    ...page(() => loadCompliancePages().then((m) => m.CompliancePage)),
  },
  {
    path: 'compliance/:contractorId/:requirementId',
    ...page(() => loadHistoryPages().then((m) => m.OrganisationDocumentHistoryPage)),
  },
  // Issue 58: the starter library, and a contractor's trend across rounds.
  {
    path: 'templates',
    ...page(() =>
      import('../features/templates/pages/starter-library-page').then((m) => m.StarterLibraryPage),
    ),
  },
  {
    path: 'contractors/:contractorId',
    ...page(() =>
      import('../features/trends/pages/contractor-trend-page').then((m) => m.ContractorTrendPage),
    ),
  },
  {
    path: 'activity',
    ...page(() => import('../features/audit/pages/activity-page').then((m) => m.ActivityPage)),
  },
  // Users area: View and Edit carry the account as ?id= (features/users/users-paths.ts).
  {
    path: 'users',
    ...page(() => import('../features/users/pages/auditors-page').then((m) => m.AuditorsPage)),
  },
  {
    path: 'companies',
    ...page(() => import('../features/users/pages/companies-page').then((m) => m.CompaniesPage)),
  },
  {
    path: 'Add_Auditor',
    ...page(() => import('../features/users/pages/add-auditor-page').then((m) => m.AddAuditorPage)),
  },
  {
    path: 'ViewAuditor',
    ...page(() =>
      import('../features/users/pages/view-auditor-page').then((m) => m.ViewAuditorPage),
    ),
  },
  {
    path: 'EditAuditor',
    ...page(() =>
      import('../features/users/pages/edit-auditor-page').then((m) => m.EditAuditorPage),
    ),
  },
  {
    path: 'add_company',
    ...page(() => import('../features/users/pages/add-company-page').then((m) => m.AddCompanyPage)),
  },
  {
    path: 'ViewCompany',
    ...page(() =>
      import('../features/users/pages/view-company-page').then((m) => m.ViewCompanyPage),
    ),
  },
  {
    path: 'EditCompany',
    ...page(() =>
      import('../features/users/pages/edit-company-page').then((m) => m.EditCompanyPage),
    ),
  },
  ...leftovers(SAPPHIRE_HOME),
];

const CONTRACTOR_HOME = `${SHELL_PREFIX.contractor}/dashboard`;

/** /atgl/Contractor: the contractor (type 3). */
export const contractorRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={CONTRACTOR_HOME} replace /> },
  {
    path: 'dashboard',
    ...page(loadHomePage.contractor),
  },
  { path: 'account', ...accountPage },
  // The Employees tab of the contractor's Account page (DECISIONS.md, Employee).
  {
    path: 'account/employees',
    ...page(() =>
      import('../features/employees/pages/employees-page').then((m) => m.EmployeesPage),
    ),
  },
  { path: 'settings', ...settingsPage },
  { path: 'notifications', ...notificationsPage },
  {
    path: 'Assessment',
    ...page(() =>
      import('../features/responses/pages/assessment-list-page').then((m) => m.AssessmentListPage),
    ),
  },
  {
    path: 'assessment/:responseId/categories',
    ...page(() =>
      import('../features/responses/pages/categories-page').then((m) => m.CategoriesPage),
    ),
  },
  {
    path: 'assessment/:responseId/categories/:categoryId',
    ...page(() =>
      import('../features/responses/pages/checklist-page').then((m) => m.ChecklistPage),
    ),
  },
  ...observationRoutes,
  learningRoute,
  { path: 'engagement', ...engagementPage },
  {
    path: 'compliance',
    ...page(() =>
      import('../features/compliance/pages/my-compliance-page').then((m) => m.MyCompliancePage),
    ),
  },
  {
    path: 'compliance/:requirementId',
    ...page(() => loadHistoryPages().then((m) => m.ContractorDocumentHistoryPage)),
  },
  ...leftovers(CONTRACTOR_HOME),
];

const AUDITOR_HOME = `${SHELL_PREFIX.auditor}/dashboard`;

/** /auditor: the auditor (type 4). */
export const auditorRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={AUDITOR_HOME} replace /> },
  {
    path: 'dashboard',
    ...page(loadHomePage.auditor),
  },
  { path: 'account', ...accountPage },
  { path: 'settings', ...settingsPage },
  { path: 'notifications', ...notificationsPage },
  {
    path: 'Assessment',
    ...page(() =>
      import('../features/responses/pages/auditor-list-page').then((m) => m.AuditorListPage),
    ),
  },
  {
    path: 'assessment/:responseId/categories',
    ...page(() =>
      import('../features/responses/pages/auditor-categories-page').then(
        (m) => m.AuditorCategoriesPage,
      ),
    ),
  },
  {
    path: 'assessment/:responseId/Categories/:categoryId',
    ...page(() =>
      import('../features/responses/pages/auditor-checklist-page').then(
        (m) => m.AuditorChecklistPage,
      ),
    ),
  },
  { path: 'engagement', ...engagementPage },
  {
    path: 'compliance',
    ...page(() => loadCompliancePages().then((m) => m.AuditorCompliancePage)),
  },
  {
    path: 'compliance/:contractorId/:requirementId',
    ...page(() => loadHistoryPages().then((m) => m.AuditorDocumentHistoryPage)),
  },
  ...leftovers(AUDITOR_HOME),
];

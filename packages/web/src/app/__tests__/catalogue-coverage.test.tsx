import type { ReactNode } from 'react';
import type { InitialEntry } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coreMessages } from '@palisade/domain/messages-core';
import { PRODUCT_NAME } from '@palisade/domain/constants';
import { LANGUAGE_NAMES } from '@palisade/domain/i18n/catalogue';
import type { Notification } from '@palisade/domain/notifications/notification.schema';
import type { ContractorTrendReply } from '@palisade/domain/trends/trends.schema';
import type { ResponseRoundReply } from '@palisade/domain/recurrence/recurrence.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { Observation } from '@palisade/domain/observations/observation.schema';
import type { Feedback } from '@palisade/domain/feedback/feedback.schema';
import type { LearningDoc } from '@palisade/domain/learning/learning.schema';
import type { EngagementRow } from '@palisade/domain/dashboards/dashboard.schema';
import { AnswerType, AssessStatus } from '@palisade/domain/statuses';
import { messages } from '@palisade/domain/messages';
import { webMessages } from '@palisade/domain/messages/web';
import { navMessages } from '@palisade/domain/messages/nav';
import { SignedInProfileContext, useMe } from '../../lib/session';
import { makeProfile } from '../../test/fixtures';
import { mockFetch, type MockHandler } from '../../test/mock-fetch';
import { leaderboardReplies } from '../../test/leaderboard';
import { renderPage, renderRoutes } from '../../test/render';
import { contractorSearchHandlers } from '../../test/contractor-search';
import {
  ReplyData,
  unmarkedTexts,
  usePseudoLanguage,
  type AllowedTexts,
} from '../../test/pseudo-locale';
import { appRoutes } from '../router';
import {
  makeAssessment,
  makeQuestion,
  makeResponse,
  makeSection,
  narrowScreen,
  noRound,
  PROFILE as CONTRACTOR,
  renderContractorPage,
  wideScreen,
} from '../../features/responses/__tests__/fixtures';
import { CategoriesPage } from '../../features/responses/pages/categories-page';
import { ChecklistPage } from '../../features/responses/pages/checklist-page';
import { AuditorCategoriesPage } from '../../features/responses/pages/auditor-categories-page';
import { AuditorChecklistPage } from '../../features/responses/pages/auditor-checklist-page';
import {
  assessmentReply,
  bank,
  catalogueHandlers,
  contractors,
  makeResponse as makeResponseSummary,
  ORG,
  renderSignedIn,
} from '../../features/assessments/__tests__/fixtures';
import { AssessmentsPage } from '../../features/assessments/pages/assessments-page';
import { companiesServer, SignedIn } from '../../features/users/__tests__/companies-server';
import { makeAuditor, makeCompany } from '../../features/users/__tests__/fixtures';
import { AuditorsPage } from '../../features/users/pages/auditors-page';
import { CompaniesPage } from '../../features/users/pages/companies-page';
import { AddCompanyPage } from '../../features/users/pages/add-company-page';
import { EditAuditorPage } from '../../features/users/pages/edit-auditor-page';
import { EmployeesPage } from '../../features/employees/pages/employees-page';
import { AddAssessmentPage } from '../../features/assessments/pages/add-assessment-page';
import { EditAssessmentPage } from '../../features/assessments/pages/edit-assessment-page';
import { OrganisationResponsePage } from '../../features/responses/pages/organisation-response-page';
import { OrganisationChecklistPage } from '../../features/responses/pages/organisation-checklist-page';
import { ObservationPage } from '../../features/observations/pages/observation-page';
import { ViewObservationPage } from '../../features/observations/pages/observation-detail-pages';
import { FeedbackPage } from '../../features/feedback/pages/feedback-page';
import { LearningPage } from '../../features/learning/pages/learning-page';
import { CompliancePage } from '../../features/compliance/pages/compliance-page';
import { OrganisationDocumentHistoryPage } from '../../features/compliance/pages/document-history-page';
import { MyCompliancePage } from '../../features/compliance/pages/my-compliance-page';
import {
  makeHistory,
  makeMatrix,
  makeRequirement,
  makeVersion,
} from '../../features/compliance/__tests__/fixtures';
import { EngagementPage } from '../../features/engagement/pages/engagement-page';
import { ActivityPage } from '../../features/audit/pages/activity-page';
import { NotificationsPage } from '../../features/notifications/pages/notifications-page';
import { SettingsPage } from '../../features/profile/pages/settings-page';
// What the app loads lazily (the shells, the homes, the sign-in page), loaded here before the
// pseudo-language is set: a text read from the catalogue when its module loads (and so never in
// the user's language) shows unmarked.
import '../shells/sapphire-shell';
import '../shells/contractor-shell';
import '../shells/auditor-shell';
import '../../features/home/pages/contractor-home-page';
import '../../features/home/pages/organisation-home-page';
import '../../features/home/pages/auditor-home-page';
import '../../features/auth/pages/login-page';
// The sign-in schema, which the form loads when first used: its messages are made in English.
import '@palisade/domain/auth/auth.schema';
import { auditRow } from '../../features/audit/__tests__/fixtures';
import { employee } from '../../features/employees/__tests__/fixtures';
import { submittedObservation } from '../../features/observations/__tests__/fixtures';

/**
 * Issue 60: every text a screen shows comes from the catalogue. Under the pseudo-language each
 * catalogue text reads ⟦…⟧; once those and the page's data (the mocked replies' strings, the
 * profile's) are taken out, what a page shows must hold no letter.
 */
usePseudoLanguage();

afterEach(() => {
  vi.unstubAllGlobals();
  narrowScreen();
});

/** Texts that are not words for a reader to have in their language. */
const ALLOWED: AllowedTexts = {
  [PRODUCT_NAME]: 'the product’s name, the same in every language',
  // The language pickers name each language as its own readers write it, whatever the screens’.
  ...Object.fromEntries(
    Object.values(LANGUAGE_NAMES).map((name) => [name, 'a language’s own name']),
  ),
  // The single sign-on card's placeholders: an example address and domain, written so in any language.
  'https://login.example.com': 'an example URL',
  'example.com': 'an example domain',
};

const admin = makeProfile({
  _id: 'o1',
  user: 'o1',
  type: 2,
  name: 'Dana Admin',
  cmp_id: 'org1',
  companyId: 'org1',
});
const auditor = makeProfile({
  _id: 'au1',
  user: 'au1',
  type: 4,
  name: 'Ann Auditor',
  cmp_id: 'org1',
  assoc_companies: ['org1', 'org2'],
});

/** The replies the shells' frame asks for (the bell). */
const SHELL_CALLS: Record<string, MockHandler> = {
  '/api/notification/list': { data: { items: [], unread: 0, total: 0, page: 1, pageSize: 20 } },
};

/** Fails with the page's texts that do not come from the catalogue. */
function expectAllFromCatalogue(page: string, data: ReplyData) {
  const unmarked = unmarkedTexts(data, ALLOWED);
  expect(
    unmarked,
    `${page} shows texts that are not in the catalogue:\n${unmarked.join('\n')}`,
  ).toEqual([]);
}

/** Renders the whole app (shell and page) at `url` on a wide screen (the side panel shown), signed in as `profile`. */
function renderApp(url: string, profile: unknown, handlers: Record<string, MockHandler>) {
  wideScreen();
  const data = new ReplyData().add(profile);
  mockFetch(data.record({ '/api/auth/me': { data: profile }, ...SHELL_CALLS, ...handlers }));
  renderRoutes(appRoutes, url);
  return data;
}

/** A contractor's score in two rounds (its home's My trend). */
const TREND: ContractorTrendReply = {
  contractor: { _id: 'c1', name: 'North Sea Scaffolding', companyId: 'org1' },
  points: [
    { label: 'Site check · 20/04/2026', roundLabel: null, percent: 35, band: 'RED' as const },
    { label: 'Q3 2026', roundLabel: 'Q3 2026', percent: 80, band: 'GREEN' as const },
  ].map((p, i) => ({
    ...p,
    responseId: `r${i + 1}`,
    assessmentId: 'a1',
    assessmentName: 'Site check',
    roundNumber: i + 1,
    completedAt: '2026-07-20T10:00:00.000Z',
    scored: p.percent,
    total: 100,
    esgo: {
      environment: { scored: p.percent, total: 100, percent: p.percent },
      social: { scored: 0, total: 0, percent: null },
      governance: { scored: 0, total: 0, percent: null },
      others: { scored: 0, total: 0, percent: null },
    },
  })),
  truncated: false,
};

describe('every text on screen comes from the catalogue (pseudo-language)', () => {
  it('(the check itself) finds a text written outside the catalogue, not a marked text, data or a date', () => {
    document.title = '';
    const data = new ReplyData().add({ name: 'North Sea Scaffolding' });
    render(
      <main>
        <h1>{navMessages.home}</h1>
        <p>North Sea Scaffolding</p>
        <p>{webMessages.welcome('North Sea Scaffolding')}</p>
        <p>12/03/2026 10:00 AM</p>
        <button type="button" aria-label="Written here">
          ×
        </button>
        <p aria-hidden="true">Hidden</p>
        <p>Also written here</p>
      </main>,
    );
    expect(unmarkedTexts(data, ALLOWED)).toEqual(['Written here', 'Also written here']);
  });

  it('the sign-in page, and its validation messages', async () => {
    const data = new ReplyData();
    mockFetch(
      data.record({
        '/api/auth/me': { status: 401, message: 'Please sign in to continue' },
        '/api/sso/discover': { data: { sso: false, required: false } },
      }),
    );
    renderRoutes(appRoutes, '/');
    const signIn = await screen.findByRole('button', { name: coreMessages.auth.signIn });
    expectAllFromCatalogue('The sign-in page', data);
    await userEvent.click(signIn);
    await screen.findByText(coreMessages.auth.emailRequired);
    expectAllFromCatalogue('The sign-in page with its validation errors', data);
  });

  it('the contractor home', async () => {
    const data = renderApp('/atgl/Contractor/dashboard', CONTRACTOR, {
      '/api/assessment/responses/getTotalScoreForContractor': {
        data: [
          { scored: 30, total: 40 },
          { scored: 6, total: 20 },
        ],
      },
      '/api/assessment/responses/getESGOForContractor': {
        data: {
          environment: { scored: 0, total: 0, percent: null },
          social: { scored: 30, total: 40, percent: 75 },
          governance: { scored: 5, total: 10, percent: 50 },
          others: { scored: 1, total: 10, percent: 10 },
        },
      },
      '/api/assessment/getAssessmentsByContractorId': {
        data: [
          makeAssessment({
            _id: 'a1',
            name: 'Annual HSE',
            dueDate: '2099-03-01',
            responseId: 'r1',
            responseStatus: 'PENDING',
            responseDueDate: '2099-03-15',
          }),
          makeAssessment({ _id: 'a2', name: 'Environmental Review', dueDate: '2020-01-31' }),
        ],
      },
      '/api/admin/leaderboard': leaderboardReplies([
        { _id: 'c0', rank: 1, name: 'Harbour Electrical Services', points: 90, own: false },
        { _id: 'c1', rank: 2, name: 'North Sea Scaffolding', points: 80, own: true },
      ]),
      '/api/compliance/listMyCompliance': {
        data: {
          items: [{}, {}],
          overall: 'NOT_COMPLIANT',
          counts: { MISSING: 1, SUBMITTED: 0, VALID: 1, EXPIRING: 0, EXPIRED: 0, REJECTED: 0 },
          nextExpiry: {
            requirementId: 'r1',
            name: 'Public liability insurance',
            expiryDate: '2031-05-31',
          },
        },
      },
      '/api/document/getDocumentsByCompanyId': { data: { data: [], employee_count: 0 } },
      '/api/trends/getContractorTrend': { data: TREND },
    });
    await screen.findByRole('heading', { level: 1, name: webMessages.welcome(CONTRACTOR.name) });
    await screen.findByTestId('contractor-compliance-card');
    await screen.findByTestId('own-rank');
    await screen.findByText('Environmental Review');
    await screen.findByText(messages.documents.recentPolicyUpdates);
    await screen.findByRole('img', {
      name: (name) => name.startsWith(messages.trends.myTrendChartLabel),
    });
    expectAllFromCatalogue('The contractor home', data);
  });

  it('the organisation home', async () => {
    const data = renderApp('/sapphire/Dashboard', admin, {
      '/api/recurrence/listRounds': { data: [] },
      '/api/dashboard/getEngagement': {
        data: { counts: { GREEN: 1, ORANGE: 1, RED: 0 }, details: [] },
      },
      '/api/assessment/responses/getESGOForAllContractors': {
        data: {
          environment: { scored: 8, total: 10, percent: 80 },
          social: { scored: 0, total: 0, percent: null },
          governance: { scored: 3, total: 10, percent: 30 },
          others: { scored: 0, total: 0, percent: null },
        },
      },
      '/api/contractor/getContractorLocations': {
        data: { locations: [{ location: 'Dundee', count: 1 }] },
      },
      '/api/assessment/responses/getCapPerformanceData': {
        data: [
          {
            contractorId: 'c1',
            contractorName: 'North Sea Scaffolding',
            location: 'Dundee',
            scored: 8,
            total: 10,
          },
        ],
      },
      '/api/dashboard/getAssessmentStatusCounts': {
        data: { NOT_STARTED: 1, PENDING: 1, SUBMITTED: 1, REASSESSMENT: 0, COMPLETED: 1 },
      },
      '/api/admin/leaderboard': leaderboardReplies([
        { _id: 'c1', rank: 1, name: 'North Sea Scaffolding', points: 80, own: false },
      ]),
      '/api/dashboard/getPendingTasks': { data: { items: [], total: 0 } },
      '/api/compliance/getSummary': {
        data: {
          counts: { MISSING: 1, SUBMITTED: 0, VALID: 3, EXPIRING: 1, EXPIRED: 0, REJECTED: 0 },
          overall: { COMPLIANT: 1, EXPIRING: 0, NOT_COMPLIANT: 1 },
        },
      },
      '/api/document/getDocumentsByCompanyId': { data: [] },
    });
    await screen.findByRole('heading', { level: 1, name: webMessages.welcome(admin.name) });
    await screen.findByTestId('organisation-home-grid');
    await screen.findByRole('img', { name: /Environment/ });
    await screen.findByText(messages.documents.recentPolicyUpdates);
    await screen.findByRole('table', { name: messages.dashboards.leaderboardTitle });
    expectAllFromCatalogue('The organisation home', data);
  });

  it('the auditor home', async () => {
    const submitted = (i: number) => ({
      ...makeResponse({ _id: `r${i}`, status: 'SUBMITTED' }),
      assessment: { _id: `a${i}`, name: `Audit ${i}`, dueDate: '2099-12-31' },
    });
    const data = renderApp('/auditor/dashboard', auditor, {
      '/api/assessment/responses/getResponsesByCompanyIds': {
        data: { items: [submitted(1), submitted(2)], total: 2, page: 1, pageSize: 20 },
      },
      '/api/dashboard/getEngagement': {
        data: { counts: { GREEN: 3, ORANGE: 2, RED: 1 }, details: [] },
      },
      '/api/admin/leaderboard': leaderboardReplies(
        Array.from({ length: 3 }, (_, i) => ({
          _id: `c${i}`,
          rank: i + 1,
          name: `Company ${i + 1}`,
          points: 90 - i * 10,
          own: false,
        })),
      ),
    });
    await screen.findByRole('heading', { level: 1, name: webMessages.welcome(auditor.name) });
    await screen.findByText('Audit 1');
    await screen.findByTestId('band-count-red');
    const board = await screen.findByRole('table', { name: messages.dashboards.leaderboardTitle });
    await waitFor(() => expect(within(board).getAllByRole('row')).toHaveLength(4));
    expectAllFromCatalogue('The auditor home', data);
  });

  it('the contractor’s categories', async () => {
    const data = new ReplyData().add(CONTRACTOR, noRound('r1'));
    const response = makeResponse({
      status: 'PENDING',
      sections: [
        makeSection('s1', 'Safety Management', [
          makeQuestion('q1', AnswerType.YES_NO, { answered: true }),
        ]),
        makeSection('s2', 'PPE', [makeQuestion('q2', AnswerType.SHORT_ANSWER)]),
      ],
    });
    renderContractorPage(
      <CategoriesPage />,
      '/atgl/Contractor/assessment/:responseId/categories',
      '/atgl/Contractor/assessment/r1/categories',
      data.record({ '/api/assessment/responses/getResponseById': { data: response } }),
    );
    await screen.findByRole('list', { name: messages.responseScreens.categoriesList });
    expectAllFromCatalogue('The contractor’s categories page', data);
  });

  describe('the contractor’s checklist (answering)', () => {
    const questions = () => [
      makeQuestion('q1', AnswerType.SHORT_ANSWER, { answered: true }),
      makeQuestion('q2', AnswerType.NUMERIC),
      makeQuestion('q3', AnswerType.LONG_ANSWER),
      makeQuestion('q4', AnswerType.CHECKBOX, { options: ['Hard hat', 'Gloves'] }),
      makeQuestion('q5', AnswerType.CHECKBOX),
      makeQuestion('q6', AnswerType.MULTI_CHOICE, {
        options: ['ISO 14001 certified', 'In progress'],
      }),
      makeQuestion('q7', AnswerType.YES_NO, {
        answered: true,
        assessStatus: AssessStatus.REJECTED,
        remarks: 'Missing the signature',
      }),
    ];
    for (const [screenSize, setUp] of [
      ['phone', narrowScreen],
      ['wide screen', wideScreen],
    ] as const) {
      it(`on a ${screenSize}`, async () => {
        setUp();
        const data = new ReplyData().add(CONTRACTOR, noRound('r1'));
        const response = makeResponse({
          status: 'REASSESSMENT',
          sections: [makeSection('s1', 'Safety Management', questions())],
        });
        renderContractorPage(
          <ChecklistPage />,
          '/atgl/Contractor/assessment/:responseId/categories/:categoryId',
          '/atgl/Contractor/assessment/r1/categories/cat-s1',
          data.record({ '/api/assessment/responses/getResponseById': { data: response } }),
        );
        await screen.findByRole('heading', { level: 1, name: 'Safety Management' });
        await screen.findByText('Question q7 (yesNo)?');
        expectAllFromCatalogue(`The checklist page (${screenSize})`, data);
      });
    }
  });

  describe('the auditor’s review', () => {
    const judged = () =>
      makeResponse({
        status: 'SUBMITTED',
        sections: [
          makeSection(
            's1',
            'Safety Management',
            [
              makeQuestion('q1', AnswerType.YES_NO, {
                answered: true,
                assessStatus: AssessStatus.ACCEPTED,
              }),
              makeQuestion('q2', AnswerType.SHORT_ANSWER, {
                answered: true,
                assessStatus: AssessStatus.REJECTED,
                remarks: 'Missing',
              }),
              makeQuestion('q3', AnswerType.NUMERIC, { answered: true }),
            ],
            { totalMarks: 10, judgedProgress: 66.67 },
          ),
        ],
      });

    it('its categories', async () => {
      const data = new ReplyData().add(auditor, noRound('r1'));
      renderContractorPage(
        <AuditorCategoriesPage />,
        '/auditor/assessment/:responseId/categories',
        '/auditor/assessment/r1/categories',
        data.record({
          '/api/auth/me': { data: auditor },
          '/api/assessment/responses/getResponseById': { data: judged() },
        }),
      );
      await screen.findByRole('list', { name: messages.responseScreens.categoriesList });
      expectAllFromCatalogue('The auditor’s categories page', data);
    });

    it('a category’s questions (wide screen)', async () => {
      wideScreen();
      const data = new ReplyData().add(auditor, noRound('r1'));
      renderContractorPage(
        <AuditorChecklistPage />,
        '/auditor/assessment/:responseId/Categories/:categoryId',
        '/auditor/assessment/r1/Categories/cat-s1',
        data.record({
          '/api/auth/me': { data: auditor },
          '/api/assessment/responses/getResponseById': { data: judged() },
        }),
      );
      await screen.findByText('Question q3 (numeric)?');
      expectAllFromCatalogue('The auditor’s review page', data);
    });
  });

  it('the assessments list', async () => {
    const data = new ReplyData().add(makeProfile({ type: 2, cmp_id: 'org1', companyId: 'org1' }));
    const items = [
      makeResponseSummary({ _id: 'r1', status: 'SUBMITTED' }),
      makeResponseSummary({
        _id: 'r2',
        status: 'PENDING',
        contractorId: 'c2',
        contractorName: 'Harbour Electrical Services',
        assessment: { _id: 'a2', name: 'Working at Height Audit', dueDate: '2099-12-31' },
        scored: 0,
        total: 25,
        progress: 33.33,
      }),
      makeResponseSummary({ _id: 'r3', status: 'COMPLETED' }),
    ];
    mockFetch(
      data.record({
        ...contractorSearchHandlers(contractors),
        '/api/assessment/responses/getResponsesByCompanyIds': {
          data: { items, total: 3, page: 1, pageSize: 50 },
        },
      }),
    );
    renderSignedIn(<AssessmentsPage />, '/sapphire/Assessment');
    const list = await screen.findByRole('list', {
      name: messages.assessmentScreens.responsesList,
    });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expectAllFromCatalogue('The assessments list', data);
  });

  it('the companies list', async () => {
    const data = new ReplyData().add(admin);
    const companies = Array.from({ length: 7 }, (_, i) =>
      makeCompany({
        _id: `c${i + 1}`,
        name: `Company ${'ABCDEFG'.charAt(i)}`,
        emailid: `c${i + 1}@example.com`,
        isActive: i !== 2,
      }),
    );
    const server = companiesServer(companies);
    mockFetch(
      data.record({
        '/api/auth/me': { data: admin },
        '/api/contractor/searchContractors': server.handler,
      }),
    );
    renderRoutes(
      [
        {
          path: '/sapphire/companies',
          element: (
            <SignedIn>
              <CompaniesPage />
            </SignedIn>
          ),
        },
      ],
      '/sapphire/companies',
    );
    const table = await screen.findByRole('table', { name: messages.userScreens.companiesTable });
    await within(table).findByText('Company A');
    expectAllFromCatalogue('The companies list', data);
  });

  it('the auditors list', async () => {
    const data = new ReplyData().add(admin);
    const auditors = Array.from({ length: 3 }, (_, i) =>
      makeAuditor({
        _id: `a${i}`,
        name: `Auditor ${'ABC'.charAt(i)}`,
        email: `a${i}@example.com`,
        isActive: i !== 1,
      }),
    );
    mockFetch(
      data.record({ '/api/auth/me': { data: admin }, '/api/tpi/getAllTpis': { data: auditors } }),
    );
    renderRoutes(
      [
        {
          path: '/sapphire/users',
          element: (
            <SignedIn>
              <AuditorsPage />
            </SignedIn>
          ),
        },
      ],
      '/sapphire/users',
    );
    const table = await screen.findByRole('table', { name: messages.userScreens.auditorsTable });
    await within(table).findByText('Auditor A');
    expectAllFromCatalogue('The auditors list', data);
  });

  it('the activity log', async () => {
    const data = new ReplyData();
    mockFetch(
      data.record({
        '/api/audit/list': {
          data: {
            rows: [
              auditRow(1),
              auditRow(2, {
                actorId: 'o1',
                actorName: 'Dana Admin',
                actorType: 2,
                action: 'contractor.create',
                entity: 'user',
                entityId: 'u9',
                before: null,
                after: { name: 'Fresh Ltd' },
              }),
            ],
            total: 12,
            actors: [
              { id: 'o1', name: 'Dana Admin', type: 2 },
              { id: 'c1', name: 'North Sea Scaffolding', type: 3 },
            ],
          },
        },
      }),
    );
    renderPage(<ActivityPage />, '/sapphire/activity');
    await screen.findAllByTestId(/^activity-(row|item)$/);
    expectAllFromCatalogue('The activity log', data);
  });

  it('the notifications page', async () => {
    const data = new ReplyData().add(CONTRACTOR);
    const items: Notification[] = Array.from({ length: 3 }, (_, i) => ({
      _id: `n${i + 1}`,
      kind: 'policy_document',
      organisationId: 'org1',
      title: `New policy document: Policy ${i + 1}`,
      body: `Acme Energy published the policy document Policy ${i + 1}.`,
      link: `/atgl/Contractor/dashboard?doc=${i + 1}`,
      read: i === 0,
      createdAt: '2026-03-02T09:05:00.000Z',
    }));
    mockFetch(
      data.record({
        '/api/auth/me': { data: CONTRACTOR },
        '/api/notification/list': { data: { items, unread: 2, total: 3, page: 1, pageSize: 20 } },
      }),
    );
    renderRoutes(
      [
        {
          path: '/atgl/Contractor/notifications',
          element: (
            <Signed>
              <NotificationsPage />
            </Signed>
          ),
        },
      ],
      '/atgl/Contractor/notifications',
    );
    await screen.findByText('New policy document: Policy 3');
    expectAllFromCatalogue('The notifications page', data);
  });

  it('the settings page (an organisation admin’s: every card)', async () => {
    const data = new ReplyData().add(admin);
    mockFetch(
      data.record({
        '/api/auth/me': { data: admin },
        '/api/notification/getPreferences': {
          data: {
            kinds: [
              { kind: 'assessment_shared', email: true },
              { kind: 'response_submitted', email: false },
            ],
          },
        },
        '/api/organisation/getSecuritySettings': { data: { requireTwoFactor: false, version: 1 } },
        '/api/organisation/getTimeZone': {
          data: { timeZone: 'Asia/Kolkata', isSet: true, version: 1 },
        },
        '/api/sso/getConfig': {
          data: { redirectUri: 'https://palisade.example/api/sso/callback', config: null },
        },
        '/api/export/getMyExport': { data: { export: null } },
      }),
    );
    renderRoutes(
      [
        {
          path: '/sapphire/settings',
          element: (
            <Signed>
              <SettingsPage />
            </Signed>
          ),
        },
      ],
      '/sapphire/settings',
    );
    await screen.findByRole('heading', { level: 1, name: messages.profile.settingsTitle });
    // Each card with its reply.
    await screen.findByText(messages.notifications.kindLabels.response_submitted);
    await screen.findByText(/UTC\+05:30/);
    await screen.findByText('https://palisade.example/api/sso/callback');
    await screen.findByText(messages.twoFactor.requireSwitch);
    await screen.findByRole('button', { name: messages.exports.request });
    expectAllFromCatalogue('The settings page', data);
  });
});

describe('every text on screen comes from the catalogue: forms, dialogs and detail pages (pseudo-language)', () => {
  /** Renders `element` at `url` (the route `path`) inside the signed-in profile `profile`. */
  function renderAs(profile: Profile, element: ReactNode, path: string, url: InitialEntry = path) {
    return renderRoutes(
      [
        {
          path,
          element: <SignedInProfileContext value={profile}>{element}</SignedInProfileContext>,
        },
      ],
      url,
    );
  }

  it('the add-company page, and its validation messages', async () => {
    const data = new ReplyData().add(admin);
    mockFetch(data.record({}));
    renderAs(admin, <AddCompanyPage />, '/sapphire/add_company');
    const add = await screen.findByRole('button', { name: messages.userScreens.add });
    expectAllFromCatalogue('The add-company page', data);
    await userEvent.click(add);
    await screen.findByText(messages.users.contactPersonRequired);
    expectAllFromCatalogue('The add-company page with its validation errors', data);
  });

  it('the companies page’s bulk upload dialog', async () => {
    const data = new ReplyData().add(admin);
    const server = companiesServer([makeCompany()]);
    mockFetch(data.record({ '/api/contractor/searchContractors': server.handler }));
    renderAs(admin, <CompaniesPage />, '/sapphire/companies');
    await screen.findByText('North Sea Scaffolding');
    await userEvent.click(
      screen.getByRole('button', { name: messages.userScreens.addBulkCompany }),
    );
    await screen.findByRole('dialog', { name: messages.userScreens.bulkTitle });
    expectAllFromCatalogue('The bulk company dialog', data);
  });

  it('the edit-auditor page', async () => {
    const data = new ReplyData().add(admin);
    mockFetch(data.record({ '/api/tpi/getTpiById': { data: makeAuditor({ _id: 'tpi1' }) } }));
    renderAs(admin, <EditAuditorPage />, '/sapphire/EditAuditor', '/sapphire/EditAuditor?id=tpi1');
    await screen.findByDisplayValue('Safeguard Inspections');
    expectAllFromCatalogue('The edit-auditor page', data);
  });

  it('the employees page, with its bulk upload dialog open', async () => {
    const contractor = makeProfile({
      _id: 'u1',
      user: 'u1',
      type: 3,
      name: 'North Sea Scaffolding',
      cmp_id: 'org1',
    });
    const data = new ReplyData().add(contractor);
    mockFetch(
      data.record({
        '/api/contractor/getEmployees': {
          data: {
            total: 12,
            data: [
              employee(1, { mobile: '+919876500001', code: 'EMP-1' }),
              employee(2, { isActive: false }),
              employee(3, { invitationAccepted: false }),
            ],
          },
        },
      }),
    );
    renderAs(contractor, <EmployeesPage />, '/atgl/Contractor/account/employees');
    const table = await screen.findByRole('table', { name: messages.employees.tableLabel });
    await within(table).findByText('Worker A');
    expectAllFromCatalogue('The employees page', data);
    await userEvent.click(screen.getByRole('button', { name: messages.employees.addBulk }));
    await screen.findByRole('dialog', { name: messages.employees.bulkTitle });
    expectAllFromCatalogue('The employees page’s bulk upload dialog', data);
  });

  describe('the assessment pages', () => {
    const organisationAdmin = makeProfile({ type: 2, cmp_id: ORG, companyId: ORG });

    it('the add-assessment page, and its Add Question dialog', async () => {
      const data = new ReplyData().add(organisationAdmin);
      mockFetch(data.record(catalogueHandlers));
      renderSignedIn(<AddAssessmentPage />, '/sapphire/Add_Assessment');
      await screen.findByRole('option', { name: 'PPE' });
      expectAllFromCatalogue('The add-assessment page', data);
      await userEvent.click(
        screen.getByRole('button', { name: messages.assessmentScreens.addQuestion }),
      );
      const dialog = await screen.findByRole('dialog', {
        name: messages.assessmentScreens.addQuestion,
      });
      await within(dialog).findByText(bank[0]?.questText ?? '');
      expectAllFromCatalogue('The Add Question dialog', data);
    });

    it('the edit-assessment page', async () => {
      const data = new ReplyData().add(organisationAdmin);
      mockFetch(
        data.record({
          ...catalogueHandlers,
          '/api/assessment/getAssessmentById': { data: assessmentReply('PENDING') },
        }),
      );
      renderSignedIn(
        <EditAssessmentPage />,
        '/sapphire/editAssessment/:assessmentId',
        '/sapphire/editAssessment/a1',
      );
      await screen.findByDisplayValue('Annual HSE Review');
      await screen.findByText(/Helmet, Boots/);
      expectAllFromCatalogue('The edit-assessment page', data);
    });
  });

  describe('the organisation’s response', () => {
    const response = () =>
      makeResponse({
        status: 'SUBMITTED',
        scored: 12,
        total: 40,
        timeline: [
          {
            at: '2026-03-01T10:00:00.000Z',
            by: { id: 'c1', name: 'North Sea Scaffolding', type: 3 },
            from: null,
            to: 'PENDING',
            note: null,
          },
          {
            at: '2026-03-02T10:00:00.000Z',
            by: { id: 'c1', name: 'North Sea Scaffolding', type: 3 },
            from: 'PENDING',
            to: 'SUBMITTED',
            note: null,
          },
        ],
        sections: [
          makeSection('s1', 'Safety Management', [
            makeQuestion('q1', AnswerType.YES_NO, {
              answered: true,
              assessStatus: AssessStatus.ACCEPTED,
              remarks: 'Well documented',
            }),
            makeQuestion('q2', AnswerType.NUMERIC, { answered: true }),
          ]),
          makeSection('s2', 'PPE', [
            makeQuestion('q3', AnswerType.SHORT_ANSWER, { answered: true }),
          ]),
        ],
      });
    const handlers = () => ({
      '/api/auth/me': { data: admin },
      '/api/tpi/getTpisByCompanyId': {
        data: [{ _id: 'a1', name: 'Safeguard Inspections', isActive: true }],
      },
      '/api/assessment/responses/getResponseById': { data: response() },
      '/api/audit/list': { data: { rows: [], total: 0, actors: [] } },
    });

    it('its view', async () => {
      wideScreen();
      const data = new ReplyData().add(admin, noRound('r1'));
      renderContractorPage(
        <OrganisationResponsePage />,
        '/sapphire/Cap_AssesmentView/:responseId',
        '/sapphire/Cap_AssesmentView/r1',
        data.record(handlers()),
      );
      await screen.findByRole('region', { name: messages.reviewScreens.scoreCard });
      await screen.findByText('Question q3 (shortAnswer)?');
      expectAllFromCatalogue('The organisation’s response view', data);
      // Its Duplicate dialog, with a date picker.
      await userEvent.click(
        screen.getByRole('button', {
          name: messages.templates.duplicateLabel('Annual HSE Pre-qualification'),
        }),
      );
      await screen.findByRole('dialog', { name: messages.templates.duplicateTitle });
      expectAllFromCatalogue('The Duplicate dialog', data);
    });

    it('a category’s checklist', async () => {
      wideScreen();
      const data = new ReplyData().add(admin, noRound('r1'));
      renderContractorPage(
        <OrganisationChecklistPage />,
        '/sapphire/Cap_AssesmentView/:responseId/Categories/:categoryId',
        '/sapphire/Cap_AssesmentView/r1/Categories/cat-s1',
        data.record(handlers()),
      );
      const table = await screen.findByRole('table', {
        name: messages.reviewScreens.questionsTable,
      });
      await within(table).findByText('Well documented');
      expectAllFromCatalogue('The organisation’s checklist', data);
    });
  });

  it('the auditor’s Mark for Reassessment dialog, with its date picker', async () => {
    const data = new ReplyData().add(auditor, noRound('r1'));
    const response = makeResponse({
      status: 'SUBMITTED',
      effectiveDueDate: '2099-06-30',
      sections: [
        makeSection(
          's1',
          'Safety Management',
          [
            makeQuestion('q1', AnswerType.YES_NO, {
              answered: true,
              assessStatus: AssessStatus.ACCEPTED,
            }),
            makeQuestion('q2', AnswerType.YES_NO, {
              answered: true,
              assessStatus: AssessStatus.REJECTED,
            }),
          ],
          { judgedProgress: 100 },
        ),
      ],
    });
    renderContractorPage(
      <AuditorCategoriesPage />,
      '/auditor/assessment/:responseId/categories',
      '/auditor/assessment/r1/categories',
      data.record({
        '/api/auth/me': { data: auditor },
        '/api/assessment/responses/getResponseById': { data: response },
      }),
    );
    const r = messages.reviewScreens;
    await userEvent.click(await screen.findByRole('button', { name: r.markReassessment }));
    const dialog = await screen.findByRole('dialog', { name: r.markReassessment });
    await userEvent.click(within(dialog).getByRole('button', { name: r.yes }));
    await within(dialog).findByRole('group', { name: r.newDueDate });
    expectAllFromCatalogue('The Mark for Reassessment dialog', data);
  });

  it('the contractor’s checklist, with answers carried over from the last round', async () => {
    wideScreen();
    const previous = { yesNo: null, text: 'Last year’s text', value: null, attachment: [] };
    const round: ResponseRoundReply = {
      ...noRound('r1'),
      roundNumber: 2,
      roundLabel: 'Q3 2026',
      previousResponseId: 'r0',
      previousRoundLabel: 'Q2 2026',
      canCarryOver: true,
      carried: ['q1', 'q2', 'q3'].map((id) => ({
        questionId: id,
        state: 'CARRIED' as const,
        carriedVersion: 1,
        confirmed: id === 'q2',
        previousQuestionId: `p-${id}`,
        previousAnswer: previous,
      })),
      unconfirmed: 1,
    };
    const data = new ReplyData().add(CONTRACTOR);
    const response = makeResponse({
      status: 'PENDING',
      sections: [
        makeSection('s1', 'Safety Management', [
          makeQuestion('q1', AnswerType.SHORT_ANSWER, { answered: true }),
          makeQuestion('q2', AnswerType.SHORT_ANSWER, { answered: true }),
          makeQuestion('q3', AnswerType.SHORT_ANSWER, { answered: true, version: 2 }),
        ]),
      ],
    });
    renderContractorPage(
      <ChecklistPage />,
      '/atgl/Contractor/assessment/:responseId/categories/:categoryId',
      '/atgl/Contractor/assessment/r1/categories/cat-s1',
      data.record({
        '/api/assessment/responses/getResponseById': { data: response },
        '/api/recurrence/getResponseRound': { data: round },
      }),
    );
    await screen.findByText(messages.recurrence.screens.carriedChip);
    await screen.findByText(messages.recurrence.screens.confirmedChip);
    await screen.findByText(messages.recurrence.screens.changedChip);
    expectAllFromCatalogue('The checklist with carried answers', data);
  });

  describe('the observations', () => {
    // An accepted report, its root cause given.
    const report = (over: Partial<Observation> = {}): Observation => ({
      ...submittedObservation,
      status: 2,
      description: 'Dropped spanner',
      action: 1,
      report_action_time: '2026-03-15T14:05:09.000Z',
      accept_time: '2026-03-15T14:05:09.000Z',
      rootCauseAnalysis: 'Tool lanyards issued',
      ...over,
    });

    it('the list, with its range and pager', async () => {
      const data = new ReplyData().add(admin);
      mockFetch(
        data.record({
          ...contractorSearchHandlers(contractors),
          '/api/company/reportgraph': { data: {} },
          '/api/company/reporttable': {
            data: {
              items: [report({ status: 1, action: 0, accept_time: null })],
              total: 1,
              page: 0,
              limit: 5,
            },
          },
        }),
      );
      renderAs(
        admin,
        <ObservationPage />,
        '/sapphire/observation',
        '/sapphire/observation?start=2026-03-01&end=2026-03-31',
      );
      const table = await screen.findByRole('table', {
        name: messages.observation.observationDetails,
      });
      await within(table).findByText('Dropped spanner');
      expectAllFromCatalogue('The observation list', data);
    });

    it('a report’s detail', async () => {
      const data = new ReplyData().add(admin);
      mockFetch(data.record({ '/api/observation/getObservationById': { data: report() } }));
      renderAs(
        admin,
        <ViewObservationPage />,
        '/sapphire/ViewObservation',
        '/sapphire/ViewObservation?id=obs-1',
      );
      await screen.findByRole('heading', { name: `${messages.observation.activityNo} 42` });
      expectAllFromCatalogue('The observation detail', data);
    });
  });

  it('the feedback page', async () => {
    const data = new ReplyData().add(admin);
    const feedback = (i: number): Feedback => ({
      _id: `f${i}`,
      created_at: '2026-11-03T10:00:00.000Z',
      feedbackText: `Feedback ${i}`,
      attachments:
        i === 1
          ? [
              {
                fileName: 'AbCde_gate.png',
                filePath: 'feedback/c1/f1/AbCde_gate.png',
                fileLink: '/api/files/x/AbCde_gate.png',
                fileSize: 3,
                fileType: 'image/png',
              },
            ]
          : [],
      userUid: 'c1',
      userType: 3,
      userInfo: { name: 'Callum Reid', email: 'c1@example.com' },
      cmp_id: 'org1',
      cmp_name: `Company ${i}`,
    });
    mockFetch(
      data.record({
        '/api/feedback/getFeedbacksByCompanyId': {
          data: { total: 6, data: [1, 2, 3, 4, 5].map(feedback) },
        },
      }),
    );
    renderAs(admin, <FeedbackPage />, '/sapphire/feedback');
    const table = await screen.findByRole('table', { name: messages.feedback.title });
    await within(table).findByText('Company 1');
    expectAllFromCatalogue('The feedback page', data);
  });

  it('the learning page (an organisation’s)', async () => {
    const data = new ReplyData().add(admin);
    const doc = (i: number, topic: string): LearningDoc => ({
      _id: `d${i}`,
      companyId: 'org1',
      topic,
      subcat: 'Working at height',
      title: `Document ${i}`,
      desc: `About document ${i}`,
      type: 1,
      rewards: 10,
      totaltime: 30,
      filename: `doc${i}.pdf`,
      item_url: `/api/files/x/doc${i}.pdf`,
      file: null,
      created_time: { seconds: 1_770_000_000, nanoseconds: 0 },
      createdAt: '2026-03-01T10:00:00.000Z',
      creatorName: 'Dana Admin',
      viewersCount: 2,
      viewedByMe: false,
      viewers: [],
    });
    mockFetch(
      data.record({
        '/api/company/fetchLearningTable': {
          data: {
            data: [
              {
                _id: 'e1',
                name: 'Worker A',
                email: 'worker1@field.test',
                contractorId: 'c1',
                contractorName: 'North Sea Scaffolding',
                completed_hrs: 5400,
                completed_modules: 1,
              },
            ],
            total: 1,
            total_learning_module: 2,
          },
        },
        '/api/company/fetchLearningGraph': {
          data: {
            year: 2026,
            data: Array.from({ length: 12 }, (_, m) => ({
              month: m + 1,
              seconds: m * 3600,
              hours: m,
            })),
          },
        },
        '/api/learning/getLearningDocs': { data: [doc(1, 'Safety'), doc(2, 'Safety')] },
        '/api/company/getLearningTopicDocs': { data: { docs: [doc(3, 'Notices')], usersCount: 4 } },
      }),
    );
    renderAs(admin, <LearningPage />, '/sapphire/learning');
    await screen.findByText('Worker A');
    await screen.findByText('Document 1');
    await screen.findByText('Document 3');
    expectAllFromCatalogue('The learning page', data);
  });

  describe('the compliance screens', () => {
    it('the organisation’s matrix', async () => {
      const data = new ReplyData().add(admin);
      mockFetch(
        data.record({
          '/api/compliance/getMatrix': (body) => {
            const b = body as { page: number; pageSize: number };
            return { data: makeMatrix(b.page, b.pageSize, 25) };
          },
          '/api/contractor/getContractorLocations': {
            data: { locations: [{ location: 'Pune', count: 3 }] },
          },
        }),
      );
      renderAs(admin, <CompliancePage />, '/sapphire/compliance');
      const table = await screen.findByRole('table', {
        name: messages.complianceScreens.matrixLabel,
      });
      await within(table).findByText('Company 1');
      expectAllFromCatalogue('The compliance matrix', data);
    });

    it('a document’s history and review', async () => {
      const data = new ReplyData().add(admin);
      mockFetch(
        data.record({
          '/api/compliance/getDocumentHistory': {
            data: makeHistory({
              versions: [
                makeVersion({ _id: 'd2', reference: 'PL-456' }),
                makeVersion({
                  _id: 'd1',
                  state: 'REJECTED',
                  reviewedBy: { _id: 'a1', name: 'Ava Auditor', type: 4 },
                  reviewedAt: '2026-11-03T10:00:00.000Z',
                  remark: 'The policy number is unreadable',
                }),
              ],
            }),
          },
        }),
      );
      renderAs(
        admin,
        <OrganisationDocumentHistoryPage />,
        '/sapphire/compliance/:contractorId/:requirementId',
        '/sapphire/compliance/c1/r1',
      );
      await screen.findByRole('heading', { level: 1, name: 'Public liability insurance' });
      expectAllFromCatalogue('The document history', data);
      await userEvent.click(
        screen.getByRole('button', { name: messages.complianceScreens.reject }),
      );
      await screen.findByRole('dialog', {
        name: messages.complianceScreens.reviewTitle('REJECTED'),
      });
      expectAllFromCatalogue('The review dialog', data);
    });

    it('the contractor’s compliance, and its upload dialog', async () => {
      const contractor = makeProfile({ type: 3, _id: 'c1', cmp_id: 'org1', name: 'Northwind Ltd' });
      const data = new ReplyData().add(contractor);
      mockFetch(
        data.record({
          '/api/compliance/listMyCompliance': {
            data: {
              items: [
                {
                  requirement: makeRequirement(),
                  status: 'REJECTED',
                  latest: makeVersion({ state: 'REJECTED', remark: 'Unreadable scan' }),
                  daysLeft: null,
                },
                {
                  requirement: makeRequirement({
                    _id: 'r2',
                    name: 'Method statement',
                    expires: false,
                  }),
                  status: 'MISSING',
                  latest: null,
                  daysLeft: null,
                },
              ],
              overall: 'NOT_COMPLIANT',
              counts: { MISSING: 1, SUBMITTED: 0, VALID: 0, EXPIRING: 0, EXPIRED: 0, REJECTED: 1 },
              nextExpiry: null,
            },
          },
        }),
      );
      renderAs(contractor, <MyCompliancePage />, '/atgl/Contractor/compliance');
      await screen.findAllByTestId('my-requirement');
      expectAllFromCatalogue('The contractor’s compliance page', data);
      await userEvent.click(
        screen.getByRole('button', {
          name: messages.complianceScreens.replaceLabel('Public liability insurance'),
        }),
      );
      const dialog = await screen.findByRole('dialog', {
        name: messages.complianceScreens.replaceTitle('Public liability insurance'),
      });
      await userEvent.click(
        within(dialog).getByRole('button', { name: messages.complianceScreens.replace }),
      );
      await within(dialog).findByText(messages.compliance.fileRequired);
      expectAllFromCatalogue('The upload dialog, with its validation errors', data);
    });
  });

  it('the engagement page', async () => {
    const data = new ReplyData().add(admin);
    const band = (p: number): EngagementRow['band'] =>
      p >= 70 ? 'GREEN' : p >= 40 ? 'ORANGE' : 'RED';
    const details: EngagementRow[] = [92, 81, 52, 30, 12].map((percent, i) => ({
      _id: `c${i}`,
      rank: i + 1,
      name: `Company ${i + 1}`,
      scored: percent,
      total: 100,
      percent,
      band: band(percent),
    }));
    mockFetch(
      data.record({
        '/api/auth/me': { data: admin },
        '/api/dashboard/getEngagement': {
          data: { counts: { GREEN: 2, ORANGE: 1, RED: 2 }, details },
        },
        '/api/admin/leaderboard': leaderboardReplies(
          Array.from({ length: 25 }, (_, i) => ({
            _id: `c${i}`,
            rank: i + 1,
            name: `Company ${i + 1}`,
            points: 95 - i * 3,
            own: false,
          })),
        ),
      }),
    );
    renderRoutes(
      [
        {
          path: '/sapphire/engagement',
          element: (
            <Signed>
              <EngagementPage />
            </Signed>
          ),
        },
      ],
      '/sapphire/engagement',
    );
    const board = await screen.findByRole('table', { name: messages.dashboards.leaderboardTitle });
    await waitFor(() => expect(within(board).getAllByRole('row')).toHaveLength(11));
    await screen.findByTestId('band-count-orange');
    expectAllFromCatalogue('The engagement page', data);
  });
});

/** Renders its children once the signed-in profile (the mocked /api/auth/me) is there. */
function Signed({ children }: { children: ReactNode }) {
  return useMe().data ? children : null;
}

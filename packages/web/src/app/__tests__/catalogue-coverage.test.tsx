import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coreMessages } from '@palisade/domain/messages-core';
import { PRODUCT_NAME } from '@palisade/domain/constants';
import { LANGUAGE_NAMES } from '@palisade/domain/i18n/catalogue';
import type { AuditEntry } from '@palisade/domain/audit/audit.schema';
import type { Notification } from '@palisade/domain/notifications/notification.schema';
import type { ContractorTrendReply } from '@palisade/domain/trends/trends.schema';
import { AnswerType, AssessStatus } from '@palisade/domain/statuses';
import { messages } from '@palisade/domain/messages';
import { webMessages } from '@palisade/domain/messages/web';
import { navMessages } from '@palisade/domain/messages/nav';
import { useMe } from '../../lib/session';
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
  contractors,
  makeResponse as makeResponseSummary,
  renderSignedIn,
} from '../../features/assessments/__tests__/fixtures';
import { AssessmentsPage } from '../../features/assessments/pages/assessments-page';
import { companiesServer, SignedIn } from '../../features/users/__tests__/companies-server';
import { makeAuditor, makeCompany } from '../../features/users/__tests__/fixtures';
import { AuditorsPage } from '../../features/users/pages/auditors-page';
import { CompaniesPage } from '../../features/users/pages/companies-page';
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
    const row = (i: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
      id: i,
      at: '2026-11-03T10:00:00.000Z',
      actorId: 'c1',
      actorName: 'North Sea Scaffolding',
      actorType: 3,
      action: 'response.changeStatus',
      entity: 'response',
      entityId: `r${i}`,
      before: { status: 'PENDING' },
      after: { status: 'SUBMITTED' },
      ...over,
    });
    mockFetch(
      data.record({
        '/api/audit/list': {
          data: {
            rows: [
              row(1),
              row(2, {
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

/** Renders its children once the signed-in profile (the mocked /api/auth/me) is there. */
function Signed({ children }: { children: ReactNode }) {
  return useMe().data ? children : null;
}

import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ContractorAssessmentReply } from '@palisade/domain/responses/response.schema';
import { useMe } from '../../../lib/session';
import { makeProfile } from '../../../test/fixtures';
import { calledPaths, mockFetch, type MockHandler } from '../../../test/mock-fetch';
import { leaderboardReplies } from '../../../test/leaderboard';
import { renderPage } from '../../../test/render';
import { ContractorHomePage } from '../pages/contractor-home-page';

afterEach(() => vi.unstubAllGlobals());

const SCORES = '/api/assessment/responses/getTotalScoreForContractor';
const ESGO = '/api/assessment/responses/getESGOForContractor';
const ASSESSMENTS = '/api/assessment/getAssessmentsByContractorId';
const LEADERBOARD = '/api/admin/leaderboard';
const COMPLIANCE = '/api/compliance/listMyCompliance';
/** Two requirements: one valid (expiring 2031-05-31), one missing. */
const MY_COMPLIANCE = {
  items: [{}, {}],
  overall: 'NOT_COMPLIANT',
  counts: { MISSING: 1, SUBMITTED: 0, VALID: 1, EXPIRING: 0, EXPIRED: 0, REJECTED: 0 },
  nextExpiry: { requirementId: 'r1', name: 'Public liability insurance', expiryDate: '2031-05-31' },
};

function SignedIn({ children }: { children: ReactNode }) {
  return useMe().data ? children : null;
}

function render(handlers: Record<string, MockHandler>) {
  const fetchMock = mockFetch({
    '/api/auth/me': { data: makeProfile({ _id: 'c1', name: 'North Sea Scaffolding' }) },
    '/api/document/getDocumentsByCompanyId': { data: { data: [], employee_count: 0 } },
    [LEADERBOARD]: leaderboardReplies([]),
    [COMPLIANCE]: { data: MY_COMPLIANCE },
    ...handlers,
  });
  renderPage(
    <SignedIn>
      <ContractorHomePage />
    </SignedIn>,
    '/atgl/Contractor/dashboard',
  );
  return fetchMock;
}

const factor = (scored: number, total: number, percent: number | null) => ({
  scored,
  total,
  percent,
});
const esgo = {
  environment: factor(0, 0, null),
  social: factor(30, 40, 75),
  governance: factor(5, 10, 50),
  others: factor(1, 10, 10),
};

const assessment = (id: string, name: string, dueDate: string): ContractorAssessmentReply => ({
  _id: id,
  name,
  dueDate,
  status: 'PENDING',
  version: 1,
  contractors: ['c1'],
  creator: { id: 'o1', userType: 2, name: 'Olive Org' },
  companyId: 'org1',
  companyName: 'Acme Energy',
  sections: [],
  timeline: [],
  lastAccessTime: '2026-03-01T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  responseId: null,
  responseStatus: null,
  responseDueDate: null,
});

describe('contractor dashboard', () => {
  it('shows its Compliance card: how many are valid, the next expiry, what is missing, each a link', async () => {
    render({});
    const card = await screen.findByTestId('contractor-compliance-card');
    const linkOf = async (text: string) => (await within(card).findByText(text)).closest('a')?.getAttribute('href');
    expect(await linkOf('1 of 2 valid')).toBe('/atgl/Contractor/compliance');
    expect(await linkOf('Next expiry: Public liability insurance on 31/05/2031')).toBe('/atgl/Contractor/compliance/r1');
    expect(await linkOf('1 missing')).toBe('/atgl/Contractor/compliance');
  });

  it('shows the overall band of the scores and the factors', async () => {
    render({
      [SCORES]: {
        data: [
          { scored: 30, total: 40 },
          { scored: 6, total: 20 },
        ],
      },
      [ESGO]: { data: esgo },
      [ASSESSMENTS]: { data: [] },
    });
    // 36 of 60: 60 %, Orange.
    expect(await screen.findByText('Orange Score')).toBeTruthy();
    expect(screen.getByText('60%')).toBeTruthy();
    expect(await screen.findByText('75%')).toBeTruthy();
    expect(screen.getByText('Not scored')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome, North Sea Scaffolding' })).toBeTruthy();
  });

  it('shows its place on the leaderboard from the first page: its rank of all ranked, in its band', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ _id: i === 8 ? 'c1' : null, rank: i + 1, name: i === 8 ? 'North Sea Scaffolding' : `Contractor #${i + 1}`, points: 95 - i * 5, own: i === 8 }));
    const fetchMock = render({ [SCORES]: { data: [] }, [ASSESSMENTS]: { data: [] }, [LEADERBOARD]: leaderboardReplies(rows) });
    expect((await screen.findByTestId('own-rank')).textContent).toBe('Your rank: 9 of 12');
    expect(screen.getByText('55%')).toBeTruthy();
    // One page of 5 asked for, not the whole leaderboard.
    expect(calledPaths(fetchMock).filter((p) => p.startsWith(LEADERBOARD))).toEqual([`${LEADERBOARD}?cmp_id=org1&page=1&pageSize=5`]);
  });

  it('says Not ranked yet while it has no completed assessment', async () => {
    render({ [SCORES]: { data: [] }, [ASSESSMENTS]: { data: [] }, [LEADERBOARD]: leaderboardReplies([{ _id: null, rank: 1, name: 'Contractor #1', points: 90, own: false }]) });
    expect(await screen.findByText('Not ranked yet: no completed assessment.')).toBeTruthy();
  });

  it('shows No Data Available without scores, and no factors', async () => {
    render({ [SCORES]: { data: [] }, [ASSESSMENTS]: { data: [] } });
    expect(await screen.findByText('No Data Available')).toBeTruthy();
    expect(screen.queryByText('Score by factor')).toBeNull();
  });

  it('says Error in fetching scores! when the scores call fails', async () => {
    render({ [SCORES]: { status: 500 }, [ASSESSMENTS]: { data: [] } });
    expect((await screen.findByRole('dialog')).textContent).toContain('Error in fetching scores!');
    // The card's content is made in a deferred render after its reply (use-deferred-reply.ts).
    expect(await screen.findByText('No Data Available')).toBeTruthy();
  });

  it('lists the tasks with their effective due dates, soonest first, from the shared assessments alone', async () => {
    const fetchMock = render({
      [SCORES]: { data: [] },
      [ASSESSMENTS]: {
        data: [
          {
            ...assessment('a1', 'Annual HSE', '2099-03-01'),
            responseId: 'r1',
            responseStatus: 'PENDING',
            responseDueDate: '2099-03-15',
          },
          assessment('a2', 'Environmental Review', '2020-01-31'),
        ],
      },
    });
    const table = await screen.findByRole('table', { name: 'Assessments and their due dates' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'Environmental Review',
      'Annual HSE',
    ]);
    const [overdue, extended] = rows as [HTMLElement, HTMLElement];
    expect(within(overdue).getByText('31/01/2020')).toBeTruthy();
    expect(within(overdue).getByText('Overdue')).toBeTruthy();
    expect(within(overdue).getByRole('link').getAttribute('href')).toBe(
      '/atgl/Contractor/Assessment',
    );
    expect(within(extended).getByText('15/03/2099')).toBeTruthy();
    // Two chips: under the task on phones, in its column on wider screens (CSS picks one).
    expect(within(extended).getAllByText('Pending')).toHaveLength(2);
    expect(within(extended).getByRole('link').getAttribute('href')).toBe(
      '/atgl/Contractor/assessment/r1/categories',
    );
    // Issue 21: the home no longer loads every response of the contractor.
    expect(
      fetchMock.mock.calls.some(
        ([url]) => typeof url === 'string' && url.includes('getResponsesByContractorId'),
      ),
    ).toBe(false);
  });
});

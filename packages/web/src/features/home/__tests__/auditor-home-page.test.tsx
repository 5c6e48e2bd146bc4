import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { useMe } from '../../../lib/session';
import { makeProfile } from '../../../test/fixtures';
import { calledPaths, mockFetch, type MockHandler } from '../../../test/mock-fetch';
import { leaderboardReplies } from '../../../test/leaderboard';
import { renderPage } from '../../../test/render';
import { AuditorHomePage } from '../pages/auditor-home-page';

afterEach(() => vi.unstubAllGlobals());

const LIST = '/api/assessment/responses/getResponsesByCompanyIds';
const ENGAGEMENT = '/api/dashboard/getEngagement';
const LEADERBOARD = '/api/admin/leaderboard';

function SignedIn({ children }: { children: ReactNode }) {
  return useMe().data ? children : null;
}

function submitted(i: number): ResponseReply {
  return {
    _id: `r${i}`,
    status: 'SUBMITTED',
    assessment: { _id: `a${i}`, name: `Audit ${i}`, dueDate: '2099-12-31' },
    assessmentId: `a${i}`,
    contractorId: 'c1',
    contractorName: 'North Sea Scaffolding',
    companyId: 'org1',
    lastAccessTime: '2026-03-02T10:00:00.000Z',
    createdAt: '2026-03-01T10:00:00.000Z',
    isDueDateExtended: false,
    newDueDate: null,
    effectiveDueDate: '2099-12-31',
    progress: 100,
    scored: 0,
    total: 60,
    counts: { totalQuestions: 4, answered: 4, judged: 0, rejected: 0, accepted: 0, totalSections: 2, completeSections: 2 },
    timeline: [],
  };
}

function render(handlers: Record<string, MockHandler>) {
  const fetchMock = mockFetch({
    '/api/auth/me': { data: makeProfile({ _id: 'au1', type: 4, name: 'Ann Auditor', cmp_id: 'org1', assoc_companies: ['org1', 'org2'] }) },
    [ENGAGEMENT]: { data: { counts: { GREEN: 3, ORANGE: 2, RED: 1 }, details: [] } },
    [LEADERBOARD]: leaderboardReplies(
      Array.from({ length: 7 }, (_, i) => ({ _id: `c${i}`, rank: i + 1, name: `Company ${i + 1}`, points: 90 - i * 10, own: false })),
    ),
    ...handlers,
  });
  renderPage(
    <SignedIn>
      <AuditorHomePage />
    </SignedIn>,
    '/auditor/dashboard',
  );
  return fetchMock;
}

describe('auditor home', () => {
  it('shows the first 5 SUBMITTED responses of its working organisation (assigned first), then View all and View Less', async () => {
    let body: unknown;
    const items = Array.from({ length: 7 }, (_, i) => submitted(i));
    render({
      [LIST]: (b) => {
        body = b;
        return { data: { items, total: 7, page: 1, pageSize: 20 } };
      },
    });
    const list = await screen.findByRole('list', { name: 'Submitted assessments waiting for review' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    // The working organisation only (issue 19), its assigned responses first.
    expect(body).toMatchObject({ companyIds: ['org1'], status: 'SUBMITTED', sort: 'NTO', assignedFirst: true, page: 1 });
    expect(within(list).getByRole('link', { name: 'View Audit 0 of North Sea Scaffolding' }).getAttribute('href')).toBe(
      '/auditor/assessment/r0/categories',
    );
    const card = list.closest('.MuiCard-root') as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: 'View all' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    await userEvent.click(within(card).getByRole('button', { name: 'View Less' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  });

  it('says when nothing waits, and shows the band counts and the top 5 of the leaderboard', async () => {
    const fetchMock = render({ [LIST]: { data: { items: [], total: 0, page: 1, pageSize: 20 } } });
    expect(await screen.findByText('No submitted assessment is waiting for review.')).toBeTruthy();
    expect((await screen.findByTestId('band-count-red')).textContent).toBe('1');
    expect(screen.getByTestId('band-count-green').textContent).toBe('3');
    expect(screen.getByRole('link', { name: 'View Red Score' }).getAttribute('href')).toBe('/auditor/engagement?band=red');
    // The leaderboard card comes in a later stage of the page (components/staged-reveal.tsx).
    const board = await screen.findByRole('table', { name: 'Leaderboard' });
    await waitFor(() => expect(within(board).getAllByRole('row')).toHaveLength(6));
    // The top 5 is a page of 5; the whole leaderboard is asked for when View all opens it.
    const asked = () => calledPaths(fetchMock).filter((p) => p.startsWith(LEADERBOARD));
    expect(asked()).toEqual([`${LEADERBOARD}?cmp_id=org1&page=1&pageSize=5`]);
    await userEvent.click(screen.getByRole('button', { name: 'View all' }));
    await waitFor(() => expect(within(board).getAllByRole('row')).toHaveLength(8));
    expect(asked()).toEqual([`${LEADERBOARD}?cmp_id=org1&page=1&pageSize=5`, `${LEADERBOARD}?cmp_id=org1`]);
    await userEvent.click(screen.getByRole('button', { name: 'View Less' }));
    expect(within(board).getAllByRole('row')).toHaveLength(6);
  });
});

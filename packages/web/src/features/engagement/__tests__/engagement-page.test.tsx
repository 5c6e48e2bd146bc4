import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EngagementRow } from '@palisade/domain/dashboards/dashboard.schema';
import { useMe } from '../../../lib/session';
import { makeProfile } from '../../../test/fixtures';
import { calledPaths, mockFetch } from '../../../test/mock-fetch';
import { leaderboardReplies } from '../../../test/leaderboard';
import { renderRoutes } from '../../../test/render';
import { EngagementPage } from '../pages/engagement-page';

afterEach(() => vi.unstubAllGlobals());

function SignedIn({ children }: { children: ReactNode }) {
  return useMe().data ? children : null;
}

const bandOf = (p: number): EngagementRow['band'] => (p >= 70 ? 'GREEN' : p >= 40 ? 'ORANGE' : 'RED');
const percents = [92, 81, 75, 66, 52, 45, 30, 12];
const details: EngagementRow[] = percents.map((percent, i) => ({
  _id: `c${i}`,
  rank: i + 1,
  name: `Company ${i + 1}`,
  scored: percent,
  total: 100,
  percent,
  band: bandOf(percent),
}));

function render(url: string, type = 2) {
  const fetchMock = mockFetch({
    '/api/auth/me': { data: makeProfile({ type, cmp_id: 'org1' }) },
    '/api/dashboard/getEngagement': { data: { counts: { GREEN: 3, ORANGE: 3, RED: 2 }, details } },
    '/api/admin/leaderboard': leaderboardReplies(
      Array.from({ length: 25 }, (_, i) => ({ _id: `c${i}`, rank: i + 1, name: `Company ${i + 1}`, points: 95 - i * 3, own: false })),
    ),
  });
  const prefix = type === 2 ? '/sapphire' : type === 3 ? '/atgl/Contractor' : '/auditor';
  return { ...renderRoutes([{ path: `${prefix}/engagement`, element: <SignedIn><EngagementPage /></SignedIn> }], url), fetchMock };
}

describe('Engagement page', () => {
  it('shows the band counts, 4 details rows with View All / View Less, and filters by band', async () => {
    const { router } = render('/sapphire/engagement');
    expect((await screen.findByTestId('band-count-orange')).textContent).toBe('3');
    const table = screen.getByRole('table', { name: 'Details' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 4);
    await userEvent.click(screen.getByRole('button', { name: 'View All' }));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 8);
    await userEvent.click(screen.getByRole('button', { name: 'View Less' }));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 4);

    await userEvent.click(screen.getByRole('link', { name: 'View Red Score' }));
    expect(router.state.location.search).toBe('?band=red');
    const red = await screen.findByRole('table', { name: 'Details: Red Score' });
    expect(within(red).getAllByRole('row').slice(1).map((r) => r.getAttribute('data-band'))).toEqual(['red', 'red']);
    expect(screen.queryByRole('button', { name: 'View All' })).toBeNull();
  });

  it('pages the leaderboard on the server, 10 rows at a time, with 20 and 30 to choose', async () => {
    const { fetchMock } = render('/sapphire/engagement');
    const board = await screen.findByRole('table', { name: 'Leaderboard' });
    expect(within(board).getAllByRole('row')).toHaveLength(1 + 10);
    expect(screen.getByText('1–10 of 25')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(within(board).getAllByRole('row')[1]?.textContent).toContain('Company 11'));
    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '20', '30']);
    await userEvent.click(screen.getByRole('option', { name: '20' }));
    await waitFor(() => expect(within(board).getAllByRole('row')).toHaveLength(1 + 20));
    expect(within(board).getAllByRole('row')[1]?.textContent).toContain('Company 1 ');
    // Each page asked of the server; the whole leaderboard never.
    expect(calledPaths(fetchMock).filter((p) => p.startsWith('/api/admin/leaderboard'))).toEqual([
      '/api/admin/leaderboard?cmp_id=org1&page=1&pageSize=10',
      '/api/admin/leaderboard?cmp_id=org1&page=2&pageSize=10',
      '/api/admin/leaderboard?cmp_id=org1&page=1&pageSize=20',
    ]);
  });

  it('keeps the leaderboard page and size in the URL beside the band: read on load, written on change, Back returns', async () => {
    const { router, fetchMock } = render('/sapphire/engagement?band=green&page=2&size=20');
    const board = await screen.findByRole('table', { name: 'Leaderboard' });
    await waitFor(() => expect(within(board).getAllByRole('row')[1]?.textContent).toContain('Company 21'));
    expect(screen.getByText('21–25 of 25')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Details: Green Score' })).toBeTruthy();
    expect(calledPaths(fetchMock).filter((p) => p.startsWith('/api/admin/leaderboard'))).toEqual([
      '/api/admin/leaderboard?cmp_id=org1&page=2&pageSize=20',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(router.state.location.search).toBe('?band=green&size=20');
    await waitFor(() => expect(within(board).getAllByRole('row')[1]?.textContent).toContain('Company 1 '));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?band=green&page=2&size=20');
    await waitFor(() => expect(within(board).getAllByRole('row')[1]?.textContent).toContain('Company 21'));
  });

  it('a band card or Clear changes the band only: the leaderboard stays on its page and size', async () => {
    const { router } = render('/sapphire/engagement?page=2&size=20');
    const board = await screen.findByRole('table', { name: 'Leaderboard' });
    await waitFor(() => expect(within(board).getAllByRole('row')[1]?.textContent).toContain('Company 21'));
    await userEvent.click(screen.getByRole('link', { name: 'View Red Score' }));
    expect(router.state.location.search).toBe('?band=red&page=2&size=20');
    expect(await screen.findByRole('table', { name: 'Details: Red Score' })).toBeTruthy();
    expect(within(board).getAllByRole('row')[1]?.textContent).toContain('Company 21');
    await userEvent.click(screen.getByRole('link', { name: 'Show all' }));
    expect(router.state.location.search).toBe('?page=2&size=20');
    expect(within(board).getAllByRole('row')[1]?.textContent).toContain('Company 21');
  });

  it('shows the last page of the leaderboard for a page past its end', async () => {
    const { router } = render('/sapphire/engagement?page=7');
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    const board = await screen.findByRole('table', { name: 'Leaderboard' });
    await waitFor(() => expect(within(board).getAllByRole('row')[1]?.textContent).toContain('Company 21'));
  });
});

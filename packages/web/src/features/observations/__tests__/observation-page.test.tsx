import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { Observation } from '@palisade/domain/observations/observation.schema';
import { SignedInProfileContext } from '../../../lib/session';
import { contractorSearchHandlers, makeContractor } from '../../../test/contractor-search';
import { makeProfile } from '../../../test/fixtures';
import { calledPaths, mockFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { ObservationPage } from '../pages/observation-page';

const report: Observation = {
  _id: 'obs-1',
  srno: 42,
  category: 'Nearmiss',
  status: 1,
  reportedAt: '2025-03-05T09:30:00.000Z',
  reported_by: 'e1',
  reporterName: 'Jamie Watt',
  managerid: 'c1',
  managername: 'North Sea Scaffolding',
  form_data: [],
  description: 'Dropped spanner',
  reportImage: null,
  action: 0,
  report_action_time: null,
  accept_time: null,
  rootCauseAnalysis: '',
};

const organisation = makeProfile({ _id: 'admin1', type: 2, name: 'Olive Admin', cmp_id: 'org1' });
const contractor = makeProfile({ _id: 'c1', type: 3, cmp_id: 'org1' });

function renderPage(profile: Profile, path: string) {
  const base = path.split('?')[0] ?? path;
  return renderRoutes(
    [
      {
        path: base,
        element: (
          <SignedInProfileContext value={profile}>
            <ObservationPage />
          </SignedInProfileContext>
        ),
      },
    ],
    path,
  );
}

function handlers() {
  return {
    ...contractorSearchHandlers([
      makeContractor({ _id: 'c1', name: 'North Sea Scaffolding' }),
      makeContractor({ _id: 'c2', name: 'Forth Cranes' }),
    ]),
    '/api/company/reportgraph': { data: {} },
    '/api/contractor/reportgraph': { data: {} },
    '/api/company/reporttable': (body: unknown) => ({ data: { items: [report], total: 1, page: 0, limit: 5, body } }),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ObservationPage: the range and the company filter (issue 56)', () => {
  it('an end before the start: the organisation sees the message, no rows, no call for them, no export', async () => {
    const fetchMock = mockFetch(handlers());
    const { router } = renderPage(organisation, '/sapphire/observation?start=2025-03-10&end=2025-03-01');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'End Date must not be before Start Date');
    await waitFor(() => expect(calledPaths(fetchMock)).toContain('/api/company/reportgraph'));
    expect(calledPaths(fetchMock)).not.toContain('/api/company/reporttable');
    const table = screen.getByRole('table', { name: 'Observation Details' });
    expect(within(table).queryByText('Dropped spanner')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', true);
    // The range is kept as chosen, not changed behind the user's back.
    expect(router.state.location.search).toBe('?start=2025-03-10&end=2025-03-01');
  });

  it('the contractor: rows of a range, then an end before the start drops them for the message', async () => {
    const fetchMock = mockFetch(handlers());
    const { router } = renderPage(contractor, '/atgl/Contractor/observation?start=2025-03-01&end=2025-03-31');
    const table = await screen.findByRole('table', { name: 'Observation Details' });
    expect(await within(table).findByText('Dropped spanner')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    const calls = calledPaths(fetchMock).filter((p) => p === '/api/company/reporttable').length;

    await act(() => router.navigate('/atgl/Contractor/observation?start=2025-03-01&end=2025-02-20'));
    expect((await screen.findByRole('alert')).textContent).toBe('End Date must not be before Start Date');
    expect(within(table).queryByText('Dropped spanner')).toBeNull();
    expect(calledPaths(fetchMock).filter((p) => p === '/api/company/reporttable').length).toBe(calls);

    // A range that makes sense again reads its rows.
    await act(() => router.navigate('/atgl/Contractor/observation?start=2025-03-01&end=2025-03-31'));
    expect(await within(table).findByText('Dropped spanner')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the Companies filter in the URL: read from it, written to it; an unknown company reads as All', async () => {
    const fetchMock = mockFetch(handlers());
    const { router } = renderPage(organisation, '/sapphire/observation?start=2025-03-01&end=2025-03-31&company=c2');
    const input = await screen.findByRole<HTMLInputElement>('combobox', { name: 'Companies' });
    // The name comes from the server: searchContractors with the URL's id.
    await waitFor(() => expect(input.value).toBe('Forth Cranes'));
    const bodiesOf = (path: string) =>
      fetchMock.mock.calls
        .filter(([called]) => called === path)
        .map(([, init]) => JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>);
    expect(bodiesOf('/api/contractor/searchContractors')[0]).toEqual({ companyId: 'org1', ids: ['c2'], page: 1, pageSize: 50 });
    await waitFor(() => {
      const bodies = bodiesOf('/api/company/reporttable');
      expect(bodies.length).toBeGreaterThan(0);
      expect(bodies.every((b) => b.managerid === 'c2')).toBe(true);
    });

    // Typing searches the organisation's companies; a choice goes into the URL.
    await userEvent.clear(input);
    await userEvent.type(input, 'north');
    await userEvent.click(await screen.findByRole('option', { name: /^North Sea Scaffolding/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('company')).toBe('c1'));
    expect(new URLSearchParams(router.state.location.search).get('start')).toBe('2025-03-01');
    expect(input.value).toBe('North Sea Scaffolding');
    // Clearing the choice is All.
    await userEvent.click(screen.getByRole('button', { name: 'Clear the choice' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).has('company')).toBe(false));
    expect(input.value).toBe('');
    expect(input.placeholder).toBe('All');

    // A company the server does not know for the organisation reads as All: nothing is asked for it.
    await act(() => router.navigate('/sapphire/observation?start=2025-03-01&end=2025-03-31&company=nobody'));
    await waitFor(() =>
      expect(bodiesOf('/api/contractor/searchContractors').some((b) => JSON.stringify(b.ids) === '["nobody"]')).toBe(true),
    );
    await waitFor(() => expect(input.value).toBe(''));
    expect(bodiesOf('/api/company/reporttable').some((b) => b.managerid === 'nobody')).toBe(false);
    expect(bodiesOf('/api/contractor/reportgraph').some((b) => b.managerid === 'nobody')).toBe(false);
  });
});

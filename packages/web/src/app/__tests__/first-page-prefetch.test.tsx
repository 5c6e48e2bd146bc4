import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { OrganisationHomePage } from '../../features/home/pages/organisation-home-page';
import { useMe } from '../../lib/session';
import { makeProfile } from '../../test/fixtures';
import { mockFetch } from '../../test/mock-fetch';
import { leaderboardReplies } from '../../test/leaderboard';
import { renderPage } from '../../test/render';
import { prefetchFirstPage } from '../first-page-prefetch';

afterEach(() => vi.unstubAllGlobals());

const admin = makeProfile({ _id: 'o1', type: 2, name: 'Dana Admin', cmp_id: 'org1' });

function SignedIn({ children }: { children: ReactNode }) {
  return useMe().data ? children : null;
}

/** The organisation home's first calls, each with a reply its card can show. */
const ROUNDS = '/api/recurrence/listRounds';
const HOME_CALLS = {
  '/api/dashboard/getEngagement': { data: { counts: { GREEN: 1, ORANGE: 0, RED: 0 }, details: [] } },
  '/api/assessment/responses/getESGOForAllContractors': {
    data: {
      environment: { scored: 8, total: 10, percent: 80 },
      social: { scored: 0, total: 0, percent: null },
      governance: { scored: 0, total: 0, percent: null },
      others: { scored: 0, total: 0, percent: null },
    },
  },
  '/api/contractor/getContractorLocations': { data: { locations: [{ location: 'Dundee', count: 1 }] } },
  '/api/assessment/responses/getCapPerformanceData': {
    data: [{ contractorId: 'c1', contractorName: 'North Sea Scaffolding', location: 'Dundee', scored: 8, total: 10 }],
  },
  '/api/dashboard/getAssessmentStatusCounts': {
    data: { NOT_STARTED: 0, PENDING: 1, SUBMITTED: 0, REASSESSMENT: 0, COMPLETED: 1 },
  },
  '/api/admin/leaderboard': leaderboardReplies([{ _id: 'c1', rank: 1, name: 'North Sea Scaffolding', points: 80, own: false }]),
  '/api/dashboard/getPendingTasks': { data: { items: [], total: 0 } },
  '/api/compliance/getSummary': {
    data: { counts: { MISSING: 1, SUBMITTED: 0, VALID: 3, EXPIRING: 1, EXPIRED: 0, REJECTED: 0 }, overall: { COMPLIANT: 1, EXPIRING: 0, NOT_COMPLIANT: 1 } },
  },
  '/api/document/getDocumentsByCompanyId': { data: [] },
};

describe('a first visit to the organisation home', () => {
  it('asks for every card’s first data before the page renders, under the keys the cards read', async () => {
    // The Performance card's round filter (issue 58) loads its choices after the first paint: not
    // first-page data, so not prefetched, and left out of the calls counted here.
    const fetchMock = mockFetch({ '/api/auth/me': { data: admin }, [ROUNDS]: { data: [] }, ...HOME_CALLS });
    const { queryClient } = renderPage(
      <SignedIn>
        <OrganisationHomePage />
      </SignedIn>,
      '/sapphire/Dashboard',
    );
    // What app.tsx does once the session answers; here before the page's first card mounts.
    prefetchFirstPage(queryClient, '/sapphire/Dashboard', admin);
    const pathOf = (input: RequestInfo | URL) =>
      (typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url).split('?')[0];
    const asked = () => fetchMock.mock.calls.map(([input]) => pathOf(input)).filter((p) => p !== '/api/auth/me' && p !== ROUNDS);
    expect(new Set(asked())).toEqual(new Set(Object.keys(HOME_CALLS)));

    // Every card shown: the last card's title, the doughnuts' figures and the leaderboard's.
    expect(await screen.findByText('Recent Policy Updates')).toBeTruthy();
    await screen.findByRole('img', { name: /^E-S-G-O Performance chart: Environment: 8\/10 \(80%\)/ });
    await screen.findByRole('img', { name: /^Performance chart:/ });
    await screen.findByRole('img', { name: /^Overall Assessments chart:/ });
    await screen.findAllByText('80%');
    // No card asked again under a key of its own: each call went out once.
    await waitFor(() => expect(asked()).toHaveLength(Object.keys(HOME_CALLS).length));
    const calls = asked();
    for (const path of Object.keys(HOME_CALLS)) expect(calls.filter((p) => p === path)).toHaveLength(1);
  });
});

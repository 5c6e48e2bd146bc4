import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile } from '../../test/fixtures';
import { calledPaths, mockFetch as mockFetchOf, type MockHandler } from '../../test/mock-fetch';
import { leaderboardReplies } from '../../test/leaderboard';
import { renderRoutes } from '../../test/render';
import { appRoutes } from '../router';

afterEach(() => vi.unstubAllGlobals());

/**
 * These tests are about guards and shells: the calls a page makes beyond those named stay
 * unanswered. Answered 404, they would open the Error dialog, which takes the page out of the
 * accessibility tree as soon as it lands (on a busy machine, before an assertion runs).
 */
const mockFetch = (handlers: Record<string, MockHandler>) =>
  mockFetchOf(handlers, { unknown: 'pending' });

describe('route guards', () => {
  it('sends a contractor who opens the admin area to the contractor home', async () => {
    mockFetch({ '/api/auth/me': { data: makeProfile({ type: 3 }) } });
    const { router } = renderRoutes(appRoutes, '/sapphire/Dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Casey Contractor' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/atgl/Contractor/dashboard');
  });

  it('sends an organisation user who opens the auditor area to /sapphire/Dashboard', async () => {
    mockFetch({ '/api/auth/me': { data: makeProfile({ type: 2, name: 'Olive Org' }) } });
    const { router } = renderRoutes(appRoutes, '/auditor/Assessment');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Olive Org' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sapphire/Dashboard');
  });

  it("sends the spec's static /sapphire/checklist mock-up to the Assessment overview", async () => {
    mockFetch({ '/api/auth/me': { data: makeProfile({ type: 2, name: 'Olive Org' }) } });
    const { router } = renderRoutes(appRoutes, '/sapphire/checklist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sapphire/Assessment'));
  });

  it('sends a signed-out visitor to the sign-in page', async () => {
    mockFetch({ '/api/auth/me': { status: 401, message: 'Please sign in to continue' } });
    const { router } = renderRoutes(appRoutes, '/atgl/Contractor/dashboard');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    // A 401 from the session probe is an answer, not an error to show.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('signs out an account without a web shell', async () => {
    let signedIn = true;
    const fetchMock = mockFetch({
      '/api/auth/me': () => (signedIn ? { data: makeProfile({ type: 5 }) } : { status: 401 }),
      '/api/auth/signOut': () => {
        signedIn = false;
        return {};
      },
    });
    const { router } = renderRoutes(appRoutes, '/atgl/Contractor/dashboard');
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'This account cannot use the web portal.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(calledPaths(fetchMock)).toContain('/api/auth/signOut');
  });

  it('redirects the group root, template leftovers and unknown paths', async () => {
    mockFetch({ '/api/auth/me': { data: makeProfile({ type: 3 }) } });
    const { router } = renderRoutes(appRoutes, '/atgl/Contractor');
    await waitFor(() => expect(router.state.location.pathname).toBe('/atgl/Contractor/dashboard'));
    await router.navigate('/atgl/Contractor/products');
    await waitFor(() => expect(router.state.location.pathname).toBe('/atgl/Contractor/dashboard'));
    await router.navigate('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});

describe('shell', () => {
  it('shows the contractor menu, and Log out returns to sign-in with the success text', async () => {
    mockFetch({
      '/api/auth/me': { data: makeProfile({ type: 3 }) },
      '/api/auth/signOut': {},
      // The dashboard's own cards load beside the shell.
      '/api/assessment/responses/getTotalScoreForContractor': { data: [] },
      '/api/assessment/getAssessmentsByContractorId': { data: [] },
      '/api/assessment/responses/getResponsesByContractorId': { data: [] },
      '/api/admin/leaderboard': leaderboardReplies([]),
      '/api/document/getDocumentsByCompanyId': { data: { data: [], employee_count: 0 } },
    });
    const { router } = renderRoutes(appRoutes, '/atgl/Contractor/dashboard');
    // jsdom has no matchMedia, so the shell lays out as on a phone: the menu opens as a drawer.
    const toggle = await screen.findByRole('button', { name: 'Toggle menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe(
      '/atgl/Contractor/dashboard',
    );
    expect(within(nav).getByRole('link', { name: 'Assessment' }).getAttribute('href')).toBe(
      '/atgl/Contractor/Assessment',
    );
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    expect((await screen.findByRole('link', { name: 'Open profile' })).getAttribute('href')).toBe(
      '/profile',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Logged Out Successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('offers the organisation switcher only with more than one organisation', async () => {
    const fetchMock = mockFetch({
      '/api/auth/me': {
        data: makeProfile({
          type: 4,
          assoc_companies: ['org1', 'org2'],
          organisations: [
            { _id: 'org1', name: 'Acme Energy' },
            { _id: 'org2', name: 'Borealis Mining' },
          ],
        }),
      },
      '/api/assessment/responses/getResponsesByCompanyIds': {
        data: { items: [], total: 0, page: 1, pageSize: 50 },
      },
      // Every call of the home answered: an unanswered one opens the Error dialog, which hides the
      // rest of the page from the accessibility tree (and so the switcher), as soon as it lands.
      '/api/dashboard/getEngagement': { data: { counts: { GREEN: 0, ORANGE: 0, RED: 0 }, details: [] } },
      '/api/admin/leaderboard': leaderboardReplies([]),
    });
    renderRoutes(appRoutes, '/auditor/dashboard');
    await screen.findByRole('heading', { level: 1 });
    // The switcher's code loads when it is shown (organisation-switcher-slot.tsx).
    expect((await screen.findAllByRole('combobox', { name: 'Organisation' })).length).toBeGreaterThan(0);
    // Once every reply is in, still no Error dialog and still the switcher.
    await waitFor(() =>
      expect(calledPaths(fetchMock).some((p) => p.startsWith('/api/admin/leaderboard'))).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByRole('combobox', { name: 'Organisation' }).length).toBeGreaterThan(0);
  });

  it('renders the Learning page with its title, breadcrumb and noticeboard', async () => {
    mockFetch({
      '/api/auth/me': { data: makeProfile({ type: 2, name: 'Olive Org' }) },
      '/api/company/getLearningTopicDocs': { data: { docs: [], usersCount: 0 } },
    });
    renderRoutes(appRoutes, '/sapphire/learning');
    expect(await screen.findByRole('heading', { level: 1, name: 'Learning' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'breadcrumb' })).getByText('Learning'),
    ).toBeTruthy();
    expect(await screen.findByText('No notices yet')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Learning | Palisade'));
  });
});

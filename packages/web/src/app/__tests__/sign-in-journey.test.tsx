import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile } from '../../test/fixtures';
import { calledPaths, mockFetch } from '../../test/mock-fetch';
import { leaderboardReplies } from '../../test/leaderboard';
import { renderRoutes } from '../../test/render';
import { appRoutes } from '../router';

afterEach(() => vi.unstubAllGlobals());

describe('sign-in journey', () => {
  it('signs in, remembers only the email and lands on the home of the type', async () => {
    let signInBody: unknown;
    const fetchMock = mockFetch({
      '/api/auth/me': { status: 401, message: 'Please sign in to continue' },
      // Issue 59: the e-mail is asked about single sign-on; this one has none.
      '/api/sso/discover': { data: { sso: false, required: false } },
      '/api/auth/signIn': (body) => {
        signInBody = body;
        return { data: makeProfile({ type: 4, name: 'Avery Auditor' }) };
      },
      // The auditor's home lists the submitted responses it may review.
      '/api/assessment/responses/getResponsesByCompanyIds': {
        data: { items: [], total: 0, page: 1, pageSize: 50 },
      },
      // And its organisation's band counts and leaderboard.
      '/api/dashboard/getEngagement': {
        data: { counts: { GREEN: 0, ORANGE: 0, RED: 0 }, details: [] },
      },
      '/api/admin/leaderboard': leaderboardReplies([]),
      // The top bar's bell.
      '/api/notification/list': { data: { items: [], unread: 0 } },
    });
    const { router } = renderRoutes(appRoutes, '/');
    await userEvent.type(await screen.findByLabelText('Email Address'), 'avery@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret1!');
    await userEvent.click(screen.getByLabelText('Remember me'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Avery Auditor' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auditor/dashboard');
    expect(signInBody).toEqual({
      email: 'avery@example.com',
      password: 'Secret1!',
      rememberMe: true,
      // The browser's zone (issue 60): the organisation's default at its first admin's sign-in.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(localStorage.getItem('palisade.rememberedEmail')).toBe('avery@example.com');
    expect(JSON.stringify({ ...localStorage })).not.toContain('Secret1!');
    // The home's calls start in its effects, which may run in a task after the heading shows.
    await waitFor(() =>
      expect(calledPaths(fetchMock).filter((p) => p !== '/api/sso/discover')).toEqual([
        '/api/auth/me',
        '/api/auth/signIn',
        '/api/notification/list',
        '/api/assessment/responses/getResponsesByCompanyIds',
        '/api/dashboard/getEngagement',
        '/api/admin/leaderboard?cmp_id=org1&page=1&pageSize=5',
      ]),
    );
    await waitFor(() => expect(document.title).toBe('Home | Palisade'));
  });
});

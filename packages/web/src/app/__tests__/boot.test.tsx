import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile } from '../../test/fixtures';
import { calledPaths, mockFetch } from '../../test/mock-fetch';
import { leaderboardReplies } from '../../test/leaderboard';

const auditor = makeProfile({ type: 4, name: 'Avery Auditor' });
const auditorHome = {
  '/api/assessment/responses/getResponsesByCompanyIds': {
    data: { items: [], total: 0, page: 1, pageSize: 50 },
  },
  '/api/dashboard/getEngagement': {
    data: { counts: { GREEN: 0, ORANGE: 0, RED: 0 }, details: [] },
  },
  '/api/admin/leaderboard': leaderboardReplies([]),
  '/api/notification/list': { data: { items: [], unread: 0 } },
};
/**
 * What the auditor's home asks for: the top bar's notifications, its responses to review, the
 * band counts, the leaderboard.
 */
const AUDITOR_HOME_CALLS = [
  '/api/notification/list',
  '/api/assessment/responses/getResponsesByCompanyIds',
  '/api/dashboard/getEngagement',
  '/api/admin/leaderboard?cmp_id=org1&page=1&pageSize=5',
];

/** Boot and the app keep one router per page load: each test gets fresh modules. */
async function renderBoot(path: string) {
  window.history.replaceState(null, '', path);
  vi.resetModules();
  const [{ Boot }, { BaseProviders }] = await Promise.all([
    import('../boot'),
    import('../base-providers'),
  ]);
  return render(
    <BaseProviders>
      <Boot />
    </BaseProviders>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('boot', () => {
  it('at / signed out: shows the form, then signs in and lands home without asking again', async () => {
    const fetchMock = mockFetch({
      '/api/auth/me': { status: 401, message: 'Please sign in to continue' },
      '/api/auth/signIn': { data: auditor },
      // Issue 59: the e-mail is asked about single sign-on (on leaving the field, and on submit).
      '/api/sso/discover': { data: { sso: false, required: false } },
      ...auditorHome,
    });
    await renderBoot('/');
    await userEvent.type(await screen.findByLabelText('Email Address'), 'avery@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret1!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Avery Auditor' }),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/auditor/dashboard');
    // The home's calls start in its effects, which a transition's commit runs in a task of its
    // own, after the heading is on screen: they are waited for, and none may come twice.
    await waitFor(() =>
      expect(calledPaths(fetchMock).filter((p) => p !== '/api/sso/discover')).toEqual(['/api/auth/me', '/api/auth/signIn', ...AUDITOR_HOME_CALLS]),
    );
  });

  it('at / signed in: goes straight to the home of the type', async () => {
    const fetchMock = mockFetch({ '/api/auth/me': { data: auditor }, ...auditorHome });
    await renderBoot('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Avery Auditor' }),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/auditor/dashboard');
    expect(screen.queryByLabelText('Email Address')).toBeNull();
    await waitFor(() => expect(calledPaths(fetchMock)).toEqual(['/api/auth/me', ...AUDITOR_HOME_CALLS]));
  });

  it('the Forgot password link opens its page in the routed app', async () => {
    mockFetch({ '/api/auth/me': { status: 401, message: 'Please sign in to continue' } });
    await renderBoot('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeTruthy();
    expect(window.location.pathname).toBe('/Forgot_Password');
  });

  it('when the server does not answer: the form, and the error in the Error dialog', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await renderBoot('/');
    expect(await screen.findByLabelText('Email Address')).toBeTruthy();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Error');
  });

  it("when the app's code does not arrive after signing in: the error, and the form again", async () => {
    mockFetch({
      '/api/auth/me': { status: 401, message: 'Please sign in to continue' },
      '/api/auth/signIn': { data: auditor },
    });
    vi.doMock('../app', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    try {
      await renderBoot('/');
      await userEvent.type(await screen.findByLabelText('Email Address'), 'avery@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'Secret1!');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      // (vitest words the failed import its own way; the dialog carries whatever it says)
      expect(await screen.findByRole('dialog', { name: 'Error' })).toBeTruthy();
      expect(await screen.findByLabelText('Email Address')).toBeTruthy();
      expect(screen.queryByRole('heading', { name: /Welcome/ })).toBeNull();
    } finally {
      vi.doUnmock('../app');
    }
  });

  it("a deep link asks for the session while the app's code is still on its way (issue 19)", async () => {
    const fetchMock = mockFetch({ '/api/auth/me': { data: auditor }, ...auditorHome });
    // The app's code never arrives: only what boot itself starts can be asked for.
    vi.doMock('../app', () => new Promise<never>(() => undefined));
    try {
      await renderBoot('/auditor/dashboard');
      await vi.waitFor(() => expect(calledPaths(fetchMock)).toContain('/api/auth/me'));
    } finally {
      vi.doUnmock('../app');
    }
  });

  it('a deep link to a home asks for its data once the session answers, one call each (issue 19)', async () => {
    const fetchMock = mockFetch({ '/api/auth/me': { data: auditor }, ...auditorHome });
    await renderBoot('/auditor/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Avery Auditor' }),
    ).toBeTruthy();
    expect(await screen.findByText('No submitted assessment is waiting for review.')).toBeTruthy();
    const calls = calledPaths(fetchMock);
    expect(calls[0]).toBe('/api/auth/me');
    // The prefetched call and the card's query are one request; the session is asked once.
    expect(calls.filter((c) => c === '/api/auth/me')).toHaveLength(1);
    expect(
      calls.filter((c) => c === '/api/assessment/responses/getResponsesByCompanyIds'),
    ).toHaveLength(1);
  });

  it('any other address loads the routed app at once', async () => {
    mockFetch({ '/api/auth/me': { data: auditor }, ...auditorHome });
    await renderBoot('/auditor/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Avery Auditor' }),
    ).toBeTruthy();
  });

  describe("the server's first paint of a home (issue 25)", () => {
    /** The fragment as the server puts it before the root. */
    function paintFirst() {
      const fragment = document.createElement('div');
      fragment.id = 'first-paint';
      fragment.setAttribute('aria-hidden', 'true');
      fragment.innerHTML = '<h1>Welcome, Avery Auditor</h1>';
      document.body.prepend(fragment);
    }
    afterEach(() => document.getElementById('first-paint')?.remove());

    it("stays until the home's own page is on screen, then gives way to it", async () => {
      paintFirst();
      let answer: (value: Response) => void = () => undefined;
      const fetchMock = mockFetch({ ...auditorHome });
      const me = new Promise<Response>((resolve) => (answer = resolve));
      fetchMock.mockImplementationOnce(() => me);
      await renderBoot('/auditor/dashboard');
      // The session has not answered: the app has nothing of its own to show yet.
      expect(document.getElementById('first-paint')).not.toBeNull();
      answer(new Response(JSON.stringify({ code: 200, message: 'ok', data: auditor }), { status: 200 }));
      const heading = await screen.findByRole('heading', { level: 1, name: 'Welcome, Avery Auditor' });
      expect(heading.closest('#first-paint')).toBeNull();
      expect(document.getElementById('first-paint')).toBeNull();
    });

    it("does not fetch the sign-in form's code at / when the server drew the home (a live session)", async () => {
      const loaded = vi.fn();
      const countFormLoads = async () => {
        vi.doMock('../../features/auth/components/login-form', async (original) => {
          loaded();
          return original();
        });
        await screen.findByRole('heading', { level: 1, name: 'Welcome, Avery Auditor' });
        vi.doUnmock('../../features/auth/components/login-form');
        return loaded.mock.calls.length;
      };
      mockFetch({ '/api/auth/me': { data: auditor }, ...auditorHome });
      paintFirst();
      const rendered = await renderBoot('/');
      expect(await countFormLoads()).toBe(0);
      rendered.unmount();
      // Without the first paint, the form's code leaves with the session call, as before.
      const again = renderBoot('/');
      expect(await countFormLoads()).toBe(1);
      (await again).unmount();
    });

    it('gives way to the sign-in form when the session has ended', async () => {
      paintFirst();
      mockFetch({ '/api/auth/me': { status: 401, message: 'Please sign in to continue' } });
      await renderBoot('/');
      expect(await screen.findByLabelText('Email Address')).toBeTruthy();
      expect(document.getElementById('first-paint')).toBeNull();
    });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { draftOf, keepDraft } from '../../lib/answer-drafts';
import { setUnauthenticatedHandler } from '../../lib/api-client';
import { resetRealtimeClient, realtimeClient } from '../../lib/realtime';
import { FakeSocket } from '../../components/chat/__tests__/fake-socket';
import { makeProfile } from '../../test/fixtures';
import { mockFetch } from '../../test/mock-fetch';
import { renderRoutes } from '../../test/render';
import { endSessionHandler } from '../app';
import { appRoutes } from '../router';

/**
 * The session ends while a shell and its page are on screen: the user's own log-out, a 401 from
 * any call, or the realtime channel closed with 4401 (signed out elsewhere, password changed,
 * account disabled). The shell and the page must never render without a profile on the way out.
 */

let signedIn = true;
let consoleErrors: string[] = [];

beforeEach(() => {
  signedIn = true;
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map(String).join(' '));
  });
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
  mockFetch({
    '/api/auth/me': () =>
      signedIn ? { data: makeProfile({ type: 3 }) } : { status: 401, message: 'Please sign in' },
    '/api/auth/signOut': () => {
      signedIn = false;
      return {};
    },
  });
});

afterEach(() => {
  resetRealtimeClient();
  setUnauthenticatedHandler(() => undefined);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The contractor's shell with its profile page: a page that reads the profile, and no other call. */
async function mountContractorShell() {
  const rendered = renderRoutes(appRoutes, '/profile');
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  await screen.findByRole('button', { name: 'Log out' });
  setUnauthenticatedHandler(endSessionHandler(rendered.queryClient, rendered.router));
  return rendered;
}

function expectNoRenderError(): void {
  expect(screen.queryByText(/Unexpected Application Error|Something went wrong/i)).toBeNull();
  expect(consoleErrors.filter((e) => /useProfile|caught the following error/i.test(e))).toEqual(
    [],
  );
}

describe('the session ends while a shell and a page are mounted', () => {
  it('goes to sign-in without rendering the shell with no profile (401 from any call)', async () => {
    const { queryClient, router } = await mountContractorShell();
    signedIn = false;
    // What any call's 401 does: the app's handler clears the session and navigates to /.
    act(() => endSessionHandler(queryClient, router)());
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expectNoRenderError();
  });

  it('ends the session when the realtime channel closes with 4401, and stops reconnecting', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { router } = await mountContractorShell();
      realtimeClient().subscribe('response-1', {});
      const socket = FakeSocket.latest();
      act(() => socket.open());
      signedIn = false;
      act(() => socket.drop(4401));
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
      expectNoRenderError();
      // A signed-out tab does not knock on the channel again.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(120_000);
      });
      expect(FakeSocket.instances).toHaveLength(1);
      expect(realtimeClient().status).toBe('idle');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops reconnecting when the channel refuses the user (4403), and keeps the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { router } = await mountContractorShell();
      realtimeClient().subscribe('response-1', {});
      const socket = FakeSocket.latest();
      act(() => socket.open());
      act(() => socket.drop(4403));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(120_000);
      });
      expect(FakeSocket.instances).toHaveLength(1);
      expect(router.state.location.pathname).toBe('/profile');
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes the realtime channel at Log out: the server\'s 4401 for that session never ends the next one', async () => {
    await mountContractorShell();
    realtimeClient().subscribe('response-1', {});
    const socket = FakeSocket.latest();
    act(() => socket.open());
    await act(async () => {
      screen.getByRole('button', { name: 'Log out' }).click();
      await Promise.resolve();
    });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    // Closed by the tab at once, not left to linger until the server's session check closes it.
    expect(socket.closedWith).toBe(1000);
    // Someone signs in next in this tab; the server's check then closes the old socket with 4401.
    const ended = vi.fn();
    setUnauthenticatedHandler(ended);
    act(() => socket.drop(4401));
    expect(ended).not.toHaveBeenCalled();
  });

  it('goes to sign-in on the user\'s own Log out with no render error', async () => {
    const { router } = await mountContractorShell();
    await act(async () => {
      screen.getByRole('button', { name: 'Log out' }).click();
      await Promise.resolve();
    });
    expect(await screen.findByText('Logged Out Successfully')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expectNoRenderError();
  });

  it('says at sign-in that the session ended and that the unsaved answers are kept, and comes back to the page (issue 56)', async () => {
    const { queryClient, router } = await mountContractorShell();
    const profileId = makeProfile({ type: 3 })._id;
    keepDraft(profileId, { responseId: 'r1', sectionId: 's1', questionId: 'q1', version: 1, entry: {} });
    signedIn = false;
    act(() => endSessionHandler(queryClient, router, () => '/profile')());
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(
      (await screen.findByRole('status')).textContent,
    ).toBe('Your session ended. Your unsaved answers are kept in this browser and will be saved when you sign in again.');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?next=%2Fprofile');
    // A second failing call of the same moment leaves the page to come back to as it is.
    act(() => endSessionHandler(queryClient, router, () => '/?next=%2Fprofile')());
    expect(router.state.location.search).toBe('?next=%2Fprofile');
    expectNoRenderError();
  });

  it('says only that the session ended when nothing is kept', async () => {
    const { queryClient, router } = await mountContractorShell();
    signedIn = false;
    act(() => endSessionHandler(queryClient, router)());
    expect((await screen.findByRole('status')).textContent).toBe('Your session ended. Please sign in again.');
  });

  it("forgets the user's kept answers at its own Log out, and says nothing of an ended session", async () => {
    await mountContractorShell();
    const profileId = makeProfile({ type: 3 })._id;
    keepDraft(profileId, { responseId: 'r1', sectionId: 's1', questionId: 'q1', version: 1, entry: {} });
    keepDraft('another-user', { responseId: 'r1', sectionId: 's1', questionId: 'q1', version: 1, entry: {} });
    await act(async () => {
      screen.getByRole('button', { name: 'Log out' }).click();
      await Promise.resolve();
    });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(draftOf(profileId, 'r1', 'q1')).toBeNull();
    expect(draftOf('another-user', 'r1', 'q1')).not.toBeNull();
    expect(screen.queryByText(/Your session ended/)).toBeNull();
  });
});

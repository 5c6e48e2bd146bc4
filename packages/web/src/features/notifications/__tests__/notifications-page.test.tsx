import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  Notification,
  NotificationPage,
} from '@palisade/domain/notifications/notification.schema';
import { FakeSocket } from '../../../components/chat/__tests__/fake-socket';
import { resetRealtimeClient } from '../../../lib/realtime';
import { SignedInProfileContext } from '../../../lib/session';
import { makeProfile } from '../../../test/fixtures';
import { calledPaths, mockFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { NotificationBell } from '../components/notification-bell';
import { NotificationsPage } from '../pages/notifications-page';

const LIST = '/api/notification/list';
const READ = '/api/notification/markRead';
const ALL_READ = '/api/notification/markAllRead';

/** 45 notifications, n1 the newest; every third one read. */
const ALL: Notification[] = Array.from({ length: 45 }, (_, i) => ({
  _id: `n${i + 1}`,
  kind: 'policy_document',
  organisationId: 'org1',
  title: `New policy document: Policy ${i + 1}`,
  body: `Acme Energy published the policy document Policy ${i + 1}.`,
  link: `/atgl/Contractor/dashboard?doc=${i + 1}`,
  read: i % 3 === 0,
  createdAt: '2026-03-02T09:05:00.000Z',
}));

/** The server's paged notification/list over ALL; each body asked is kept. */
function pages(asked: unknown[]) {
  return (body: unknown) => {
    asked.push(body);
    const { page = 1, pageSize = 20 } = body as { page?: number; pageSize?: number };
    const data: NotificationPage = {
      items: ALL.slice((page - 1) * pageSize, page * pageSize),
      unread: ALL.filter((n) => !n.read).length,
      total: ALL.length,
      page,
      pageSize,
    };
    return { data };
  };
}

const profile = makeProfile();

function renderPageAt(url: string) {
  return renderRoutes(
    [
      {
        path: '/atgl/Contractor/notifications',
        element: (
          <SignedInProfileContext value={profile}>
            <NotificationsPage />
          </SignedInProfileContext>
        ),
      },
      { path: '/atgl/Contractor/dashboard', element: <p>the home</p> },
    ],
    url,
  );
}

function titles(): string[] {
  const list = screen.getByRole('list', { name: 'All notifications' });
  return within(list)
    .getAllByRole('link')
    .map((a) => a.textContent?.split('Acme')[0] ?? '');
}

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  resetRealtimeClient();
  vi.unstubAllGlobals();
});

describe('NotificationsPage', () => {
  it('reads the page and size from the URL and asks the server for that page', async () => {
    const asked: unknown[] = [];
    mockFetch({ [LIST]: pages(asked) });
    renderPageAt('/atgl/Contractor/notifications?page=2&size=20');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    await screen.findByText('New policy document: Policy 21');
    expect(asked).toEqual([{ page: 2, pageSize: 20 }]);
    expect(titles()).toHaveLength(20);
    expect(screen.getByText('21–40 of 45')).toBeTruthy();
  });

  it('a new page is a new entry: opening a notification and coming Back shows the same page', async () => {
    const asked: unknown[] = [];
    const fetchMock = mockFetch({
      [LIST]: pages(asked),
      [READ]: () => ({ data: { unread: 29 } }),
    });
    const { router } = renderPageAt('/atgl/Contractor/notifications');
    await screen.findByText('New policy document: Policy 1');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(router.state.location.search).toBe('?page=2');
    await screen.findByText('New policy document: Policy 21');

    // Policy 23 is unread: opening it marks it read and goes where the user acts.
    await userEvent.click(screen.getByRole('link', { name: /Policy 23\b/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/atgl/Contractor/dashboard'));
    await waitFor(() => expect(calledPaths(fetchMock)).toContain(READ));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2');
    await screen.findByText('New policy document: Policy 21');
    expect(asked.at(-1)).toEqual({ page: 2, pageSize: 20 });
  });

  it('a page past the end shows the last page', async () => {
    const asked: unknown[] = [];
    mockFetch({ [LIST]: pages(asked) });
    const { router } = renderPageAt('/atgl/Contractor/notifications?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await screen.findByText('New policy document: Policy 45');
  });

  it('says when there are none, and offers Mark all as read only while some are unread', async () => {
    mockFetch({
      [LIST]: { data: { items: [], unread: 0, total: 0, page: 1, pageSize: 20 } },
    });
    renderPageAt('/atgl/Contractor/notifications');
    expect(await screen.findByText('You have no notifications yet')).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Mark all as read' }).disabled,
    ).toBe(true);
  });

  it('Mark all as read marks the page read', async () => {
    const asked: unknown[] = [];
    const fetchMock = mockFetch({
      [LIST]: pages(asked),
      [ALL_READ]: { data: { unread: 0 } },
    });
    renderPageAt('/atgl/Contractor/notifications');
    await screen.findByText('New policy document: Policy 1');
    const unreadLinks = () =>
      within(screen.getByRole('list', { name: 'All notifications' }))
        .getAllByRole('link')
        .filter((a) => a.getAttribute('data-read') === 'false');
    expect(unreadLinks().length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calledPaths(fetchMock)).toContain(ALL_READ));
    await waitFor(() => expect(unreadLinks()).toHaveLength(0));
  });
});

describe('the bell links to the Notifications page', () => {
  it('shows "See all notifications" at the foot of its menu, to the shell’s page', async () => {
    mockFetch({ [LIST]: { data: { items: ALL.slice(0, 20), unread: 30 } } });
    const { router } = renderRoutes(
      [
        {
          path: '/atgl/Contractor/dashboard',
          element: (
            <SignedInProfileContext value={profile}>
              <NotificationBell />
            </SignedInProfileContext>
          ),
        },
        { path: '/atgl/Contractor/notifications', element: <p>all of them</p> },
      ],
      '/atgl/Contractor/dashboard',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 30 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const all = within(panel).getByRole('link', { name: 'See all notifications' });
    expect(all.getAttribute('href')).toBe('/atgl/Contractor/notifications');
    await userEvent.click(all);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/atgl/Contractor/notifications'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });
});

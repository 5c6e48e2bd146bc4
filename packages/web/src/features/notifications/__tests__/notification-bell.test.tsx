import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  Notification,
  NotificationList,
} from '@palisade/domain/notifications/notification.schema';
import { FakeSocket } from '../../../components/chat/__tests__/fake-socket';
import { resetRealtimeClient } from '../../../lib/realtime';
import { calledPaths, mockFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { NotificationBell } from '../components/notification-bell';

const LIST = '/api/notification/list';
const READ = '/api/notification/markRead';

function notification(id: string, over: Partial<Notification> = {}): Notification {
  return {
    _id: id,
    kind: 'reassessment',
    organisationId: 'o1',
    title: `Reassessment requested: Audit ${id}`,
    body: 'Your response needs changes to 1 question.',
    link: `/atgl/Contractor/assessment/${id}/categories`,
    read: false,
    createdAt: '2026-03-02T09:05:00.000Z',
    ...over,
  };
}

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  resetRealtimeClient();
  vi.unstubAllGlobals();
});

describe('notification bell', () => {
  it('counts unread live from the realtime channel, lists the latest and links to the response, marking it read', async () => {
    let list: NotificationList = { items: [], unread: 0 };
    const fetchMock = mockFetch({
      [LIST]: () => ({ data: list }),
      [READ]: () => {
        list = { unread: 0, items: list.items.map((n) => ({ ...n, read: true })) };
        return { data: { unread: 0 } };
      },
    });
    const { router } = renderRoutes([
      { path: '/', element: <NotificationBell /> },
      { path: '/atgl/Contractor/assessment/:id/categories', element: <p>the response</p> },
    ]);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    const socket = FakeSocket.latest();
    act(() => socket.open());

    // A change elsewhere: the count at once, the item after the refetch.
    list = { items: [notification('r1')], unread: 1 };
    act(() => socket.receive({ type: 'notifications', unread: 1 }));
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await waitFor(() =>
      expect(calledPaths(fetchMock).filter((p) => p === LIST).length).toBeGreaterThanOrEqual(2),
    );

    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const item = await within(panel).findByRole('link', {
      name: /Reassessment requested: Audit r1/,
    });
    expect(item.getAttribute('href')).toBe('/atgl/Contractor/assessment/r1/categories');
    await userEvent.click(item);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/atgl/Contractor/assessment/r1/categories'),
    );
    await waitFor(() => expect(calledPaths(fetchMock)).toContain(READ));
  });

  it('offers Mark all as read only while something is unread', async () => {
    const fetchMock = mockFetch({
      [LIST]: { data: { items: [notification('r2', { read: true })], unread: 0 } },
    });
    renderRoutes([{ path: '/', element: <NotificationBell /> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(
      within(panel).getByRole<HTMLButtonElement>('button', { name: 'Mark all as read' }).disabled,
    ).toBe(true);
    expect(calledPaths(fetchMock)).not.toContain('/api/notification/markAllRead');
  });
});

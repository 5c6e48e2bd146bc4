import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationList } from '@palisade/domain/notifications/notification.schema';
import { apiCall } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** POST /api/notification/list: the latest 20 and the unread count. */
export function listNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return apiCall<NotificationList>('/api/notification/list', {}, { signal });
}

export function notificationsQuery() {
  return queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => listNotifications(signal),
    // The bell is on every page: a failed read must not open the Error dialog over the page.
    meta: { errorDialog: false },
  });
}

/** The bell's list; kept fresh by the realtime channel ('notifications' frames). */
export function useNotifications() {
  return useQuery(notificationsQuery());
}

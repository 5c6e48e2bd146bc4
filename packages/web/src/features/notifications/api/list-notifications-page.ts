import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NotificationPageSize } from '@palisade/domain/notifications/notification.rules';
import type { NotificationPage } from '@palisade/domain/notifications/notification.schema';
import { apiCall } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** POST /api/notification/list {page, pageSize}: one page (from 1) of all, newest first, with the total. */
export function listNotificationsPage(
  input: { page: number; pageSize: NotificationPageSize },
  signal?: AbortSignal,
): Promise<NotificationPage> {
  return apiCall<NotificationPage>('/api/notification/list', input, { signal });
}

/** The Notifications page's page; the previous one stays shown while the next loads. */
export function useNotificationsPage(page: number, pageSize: NotificationPageSize) {
  return useQuery({
    queryKey: notificationKeys.page(page, pageSize),
    queryFn: ({ signal }) => listNotificationsPage({ page, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationList,
  NotificationPage,
  UnreadCount,
} from '@palisade/domain/notifications/notification.schema';
import { apiCall } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** POST /api/notification/markAllRead */
export function markAllNotificationsRead(): Promise<UnreadCount> {
  return apiCall<UnreadCount>('/api/notification/markAllRead', {});
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: ({ unread }) => {
      const read = <L extends NotificationList>(old: L | undefined): L | undefined =>
        old ? { ...old, unread, items: old.items.map((n) => ({ ...n, read: true })) } : old;
      queryClient.setQueryData<NotificationList>(notificationKeys.list(), read);
      queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.pages() }, read);
    },
  });
}

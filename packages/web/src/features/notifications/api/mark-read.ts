import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationList,
  NotificationPage,
  UnreadCount,
} from '@palisade/domain/notifications/notification.schema';
import { apiCall } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** POST /api/notification/markRead {notificationId} */
export function markNotificationRead(notificationId: string): Promise<UnreadCount> {
  return apiCall<UnreadCount>('/api/notification/markRead', { notificationId });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: ({ unread }, notificationId) => {
      const read = <L extends NotificationList>(old: L | undefined): L | undefined =>
        old
          ? {
              ...old,
              unread,
              items: old.items.map((n) => (n._id === notificationId ? { ...n, read: true } : n)),
            }
          : old;
      queryClient.setQueryData<NotificationList>(notificationKeys.list(), read);
      queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.pages() }, read);
    },
  });
}

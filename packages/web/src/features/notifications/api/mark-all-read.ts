import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationList,
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
      queryClient.setQueryData<NotificationList>(notificationKeys.list(), (old) =>
        old ? { unread, items: old.items.map((n) => ({ ...n, read: true })) } : old,
      );
    },
  });
}

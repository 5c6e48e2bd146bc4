import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationKind } from '@palisade/domain/notifications/notification.rules';
import type { NotificationPreferences } from '@palisade/domain/notifications/notification.schema';
import { notificationMessages } from '@palisade/domain/notifications/notification.messages';
import { apiCall } from '../../../lib/api-client';

const key = ['notification-preferences'] as const;

/** POST /api/notification/getPreferences: the e-mail switch of each kind the user receives. */
export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiCall<NotificationPreferences>('/api/notification/getPreferences', {}, { signal });
}

/** POST /api/notification/updatePreference {kind, email} */
export function updateNotificationPreference(input: {
  kind: NotificationKind;
  email: boolean;
}): Promise<NotificationPreferences> {
  return apiCall<NotificationPreferences>('/api/notification/updatePreference', input);
}

export function useNotificationPreferences() {
  return useQuery(
    queryOptions({ queryKey: key, queryFn: ({ signal }) => getNotificationPreferences(signal) }),
  );
}

export function useUpdateNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreference,
    meta: { successMessage: notificationMessages.preferenceSaved },
    onSuccess: (prefs) => queryClient.setQueryData(key, prefs),
  });
}

import { useMutation } from '@tanstack/react-query';
import type { UnsubscribeReply } from '@palisade/domain/notifications/notification.schema';
import { apiCall } from '../../../lib/api-client';

/** POST /api/notification/unsubscribe {token}: works signed out. */
export function unsubscribe(token: string): Promise<UnsubscribeReply> {
  return apiCall<UnsubscribeReply>('/api/notification/unsubscribe', { token });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe, meta: { errorDialog: false } });
}

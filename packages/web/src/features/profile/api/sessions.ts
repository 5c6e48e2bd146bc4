import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionItem } from '@palisade/domain/auth/two-factor.schema';
import { twoFactorMessages } from '@palisade/domain/auth/two-factor.messages';
import { apiCall } from '../../../lib/api-client';

/** One's own signed-in sessions (issue 59). */
export const sessionsKey = ['sessions'] as const;

/** GET /api/auth/sessions */
export function getSessions(signal?: AbortSignal): Promise<SessionItem[]> {
  return apiCall<SessionItem[]>('/api/auth/sessions', undefined, { method: 'GET', signal });
}

export function useSessions() {
  return useQuery(
    queryOptions({ queryKey: sessionsKey, queryFn: ({ signal }) => getSessions(signal) }),
  );
}

/** POST /api/auth/revokeSession {sessionId}: signs out one other session. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { sessionId: string }) => apiCall<null>('/api/auth/revokeSession', input),
    meta: { successMessage: twoFactorMessages.sessionEnded },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

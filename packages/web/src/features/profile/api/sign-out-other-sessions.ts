import { useMutation } from '@tanstack/react-query';
import { coreMessages } from '@palisade/domain/messages-core';
import { apiCall } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/notifier';

/** POST /api/auth/signOutOtherSessions: ends every session of the user but this one. */
export function signOutOtherSessions(): Promise<{ ended: number }> {
  return apiCall<{ ended: number }>('/api/auth/signOutOtherSessions', {});
}

export function useSignOutOtherSessions() {
  return useMutation({
    mutationFn: signOutOtherSessions,
    // The text says how many devices were signed out, so it is built from the reply.
    onSuccess: ({ ended }) => showSuccess(coreMessages.auth.otherSessionsSignedOut(ended)),
  });
}

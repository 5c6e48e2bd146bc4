import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiCall } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** POST /api/auth/signOut: ends the session on the server. */
export function signOut(): Promise<null> {
  return apiCall<null>('/api/auth/signOut');
}

/**
 * Signs out, forgets every cached answer and goes to the sign-in page. `successMessage` is shown
 * for the user's own Log out; the quiet sign-out of an account without a web shell passes none.
 */
export function useSignOut(options: { successMessage?: string } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    meta: options.successMessage ? { successMessage: options.successMessage } : undefined,
    // Here rather than in mutate() callbacks: clearing the session unmounts the shell, and only
    // these callbacks still run after that.
    onSuccess: async () => {
      clearSession(queryClient, { onPurpose: true });
      await navigate('/', { replace: true });
    },
  });
}

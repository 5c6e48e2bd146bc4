import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/notifier';

/** POST /api/users/resetTwoFactor {userId}: removes a user's second factor; the user is told by mail (issue 59). */
export function resetTwoFactor(input: { userId: string }): Promise<null> {
  return apiCall<null>('/api/users/resetTwoFactor', input);
}

export function useResetTwoFactor(successMessage: string) {
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () => showSuccess(successMessage),
  });
}

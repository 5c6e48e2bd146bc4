import { useMutation } from '@tanstack/react-query';
import { coreMessages } from '@palisade/domain/messages-core';
import { apiCall } from '../../../lib/api-client';

/** POST /api/auth/confirmPasswordReset: sets the new password and uses up the code. */
export function confirmPasswordReset(input: {
  oobCode: string;
  newPassword: string;
}): Promise<unknown> {
  return apiCall<unknown>('/api/auth/confirmPasswordReset', input);
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: confirmPasswordReset,
    meta: { successMessage: coreMessages.auth.passwordChanged },
  });
}

import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@palisade/domain/auth/auth.schema';
import { coreMessages } from '@palisade/domain/messages-core';
import { apiCall } from '../../../lib/api-client';

/**
 * POST /api/auth/changePasswordWithEmail: own account only, with the current password. It is an
 * auth call, but only the Account page makes it, so it lives with that page.
 */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return apiCall<unknown>('/api/auth/changePasswordWithEmail', input);
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    meta: { successMessage: coreMessages.auth.passwordChanged },
  });
}

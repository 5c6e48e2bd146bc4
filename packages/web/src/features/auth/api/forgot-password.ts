import { useMutation } from '@tanstack/react-query';
import { coreMessages } from '@palisade/domain/messages-core';
import type { ForgotPasswordInput } from '@palisade/domain/auth/auth.schema';
import { apiCall } from '../../../lib/api-client';

/** POST /api/auth/forgotPassword: mails a reset link; 400 "Email not found" for an unknown email. */
export function forgotPassword(input: ForgotPasswordInput): Promise<unknown> {
  return apiCall<unknown>('/api/auth/forgotPassword', input);
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: forgotPassword,
    // The page says what a failure means (the server's answer, or a technical problem).
    meta: { successMessage: coreMessages.auth.resetLinkSent, errorDialog: false },
  });
}

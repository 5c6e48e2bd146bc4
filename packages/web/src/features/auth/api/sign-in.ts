import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInInput } from '@palisade/domain/auth/auth.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { apiCall } from '../../../lib/api-client';
import { forgetEmail, rememberEmail } from '../../../lib/remembered-email';
import { setSessionProfile } from '../../../lib/session';

/** POST /api/auth/signIn: starts the session; 401 wrong password, 404 unknown user, 403 disabled. */
export function signIn(input: SignInInput): Promise<Profile> {
  return apiCall<Profile>('/api/auth/signIn', input);
}

/**
 * Signs in and stores the profile as the session; the login page then sends the user home.
 * Remember me keeps the email (never the password) for the next visit.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (profile, input) => {
      if (input.rememberMe) rememberEmail(input.email.trim());
      else forgetEmail();
      setSessionProfile(queryClient, profile);
    },
  });
}

import type { SignInInput } from '@palisade/domain/auth/auth.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { apiCall } from '../../../lib/api-client';
import { forgetEmail, rememberEmail } from '../../../lib/remembered-email';

/**
 * POST /api/auth/signIn: starts the session (401 wrong password, 404 unknown user, 403 disabled).
 * Remember me keeps the email (never the password) for the next visit. A plain call, not a
 * mutation hook: the sign-in page is the first screen and loads without the query library.
 */
export async function signIn(input: SignInInput): Promise<Profile> {
  const profile = await apiCall<Profile>('/api/auth/signIn', input);
  if (input.rememberMe) rememberEmail(input.email.trim());
  else forgetEmail();
  return profile;
}

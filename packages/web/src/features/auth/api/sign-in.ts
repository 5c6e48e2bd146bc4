import type { SignInInput } from '@palisade/domain/auth/auth.schema';
import type { SignInReply } from '@palisade/domain/auth/two-factor.schema';
import { apiCall } from '../../../lib/api-client';
import { forgetEmail, rememberEmail } from '../../../lib/remembered-email';
import { withBrowserTimeZone } from '../../../lib/time-zone';
import { chosenLanguage } from '../../../lib/language';

/**
 * POST /api/auth/signIn: starts the session (401 wrong password, 404 unknown user, 403 disabled).
 * Remember me keeps the email (never the password) for the next visit. A plain call, not a
 * mutation hook: the sign-in page is the first screen and loads without the query library. With
 * two-factor (issue 59) the reply is the step that asks for a code instead of the profile.
 */
export async function signIn(input: SignInInput): Promise<SignInReply> {
  // Issue 60: the language chosen on the sign-in page becomes the user's.
  const language = chosenLanguage();
  const profile = await apiCall<SignInReply>('/api/auth/signIn', withBrowserTimeZone(language ? { ...input, language } : input));
  if (input.rememberMe) rememberEmail(input.email.trim());
  else forgetEmail();
  return profile;
}

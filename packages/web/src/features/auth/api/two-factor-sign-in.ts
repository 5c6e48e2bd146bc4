import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { ChallengeEnrolReply, TwoFactorSetup } from '@palisade/domain/auth/two-factor.schema';
import { apiCall } from '../../../lib/api-client';
import { withBrowserTimeZone } from '../../../lib/time-zone';

/**
 * The sign-in's two-factor step (issue 59). Plain calls, not query hooks: the sign-in page loads
 * without the query library (app/boot.tsx).
 */

/** POST /api/auth/verifyTwoFactor: a code of the app or a recovery code opens the session. */
export function verifyTwoFactor(input: { challenge: string; code: string }): Promise<Profile> {
  return apiCall<Profile>('/api/auth/verifyTwoFactor', withBrowserTimeZone(input));
}

/** POST /api/auth/twoFactor/enrolStart: a set-up the organisation requires, before the session. */
export function startRequiredEnrolment(challenge: string): Promise<TwoFactorSetup> {
  return apiCall<TwoFactorSetup>('/api/auth/twoFactor/enrolStart', { challenge });
}

/** POST /api/auth/twoFactor/enrolConfirm: its first code; signed in, with the recovery codes. */
export function confirmRequiredEnrolment(input: {
  challenge: string;
  code: string;
}): Promise<ChallengeEnrolReply> {
  return apiCall<ChallengeEnrolReply>('/api/auth/twoFactor/enrolConfirm', withBrowserTimeZone(input));
}

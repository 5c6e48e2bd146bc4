import type { SsoDiscoverReply, SsoStartInput } from '@palisade/domain/sso/sso.schema';
import { SSO_ERROR_PARAM, SSO_FAILURES, type SsoFailure } from '@palisade/domain/sso/sso.rules';
import { apiCall } from '../../../lib/api-client';
import { forgetEmail, rememberEmail } from '../../../lib/remembered-email';
import { withBrowserTimeZone } from '../../../lib/time-zone';

/**
 * POST /api/sso/discover: whether the e-mail's domain signs in through its organisation's own
 * provider (issue 59), and whether its password is refused. Plain calls, as signIn: the sign-in
 * page loads without the query library.
 */
export function discoverSso(email: string): Promise<SsoDiscoverReply> {
  return apiCall<SsoDiscoverReply>('/api/sso/discover', { email });
}

/**
 * POST /api/sso/start, then off to the provider's sign-in page; it sends the browser back to the
 * portal's callback, which signs in and leads to the home (or back here with ?sso_error=).
 */
export async function startSso(input: SsoStartInput): Promise<void> {
  const { authorizationUrl } = await apiCall<{ authorizationUrl: string }>('/api/sso/start', withBrowserTimeZone(input));
  if (input.rememberMe) rememberEmail(input.email.trim());
  else forgetEmail();
  window.location.assign(authorizationUrl);
}

/**
 * The refusal the callback sent the browser back with (?sso_error=), once: the parameter is taken
 * off the address, so that a reload does not show it again.
 */
export function takeSsoFailure(): SsoFailure | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get(SSO_ERROR_PARAM);
  if (code === null) return null;
  url.searchParams.delete(SSO_ERROR_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return (SSO_FAILURES as readonly string[]).includes(code) ? (code as SsoFailure) : 'provider';
}

/** Limits and pure rules of single sign-on (issue 59). */

/** E-mail domains one organisation's provider may cover. */
export const SSO_DOMAINS_MAX = 20;
export const SSO_ISSUER_MAX_LENGTH = 500;
export const SSO_CLIENT_ID_MAX_LENGTH = 255;
export const SSO_CLIENT_SECRET_MAX_LENGTH = 1000;
/** How long a started single sign-on may take before its callback is refused. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;
/** The refusals the callback sends the sign-in page (?sso_error=<code>); texts in ssoMessages.failures. */
export const SSO_FAILURES = ['state', 'provider', 'exchange', 'nonce', 'unverified', 'noEmail', 'domain', 'unknown', 'disabled', 'unavailable'] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];
/** The query parameter of the sign-in page that carries a refusal. */
export const SSO_ERROR_PARAM = 'sso_error';
/** The checks "Test sign-in" makes, in order. */
export const SSO_CHECKS = ['discovery', 'pkce', 'client', 'redirect'] as const;
export type SsoCheck = (typeof SSO_CHECKS)[number];

/** A host name of letters, digits and hyphens in dot-separated labels, with a top-level label. */
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** The domain as stored: trimmed, lower-case, without a leading "@" or trailing dot. */
export function normaliseDomain(text: string): string {
  return text.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
}

export function isEmailDomain(domain: string): boolean {
  return DOMAIN_PATTERN.test(domain);
}

/** The part after the last "@", lower-case; '' without one. */
export function domainOfEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : normaliseDomain(email.slice(at + 1));
}

/** The form's text ("a.com, b.com" or one a line) as a list of domains, without repeats. */
export function splitDomains(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map(normaliseDomain).filter((d) => d !== ''))];
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An issuer the portal may talk to: https, or http on this machine only (a provider run beside the
 * portal in development and tests); no query, fragment or credentials.
 */
export function isAllowedIssuer(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

import * as client from 'openid-client';
import type { SsoCheck } from '@palisade/domain/sso/sso.rules';

/** The provider's HTTP replies that take longer are given up (a hung provider must not hold a request). */
const PROVIDER_TIMEOUT_MS = 10_000;
/** Discovered providers are kept this long (keys rotate, metadata rarely changes). */
const DISCOVERY_TTL_MS = 10 * 60_000;

/** The client of one organisation's provider. */
export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Every request to a provider ends within PROVIDER_TIMEOUT_MS. */
const timedFetch: client.CustomFetch = (url, options) => fetch(url, { ...options, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });

/** A plain GET that does not follow redirects, within the same time limit. */
const probeFetch = (url: string): Promise<Response> =>
  fetch(url, { method: 'GET', redirect: 'manual', headers: { accept: 'text/html' }, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });

/** http:// is allowed for issuers on this machine only (sso.rules.ts isAllowedIssuer checked it before). */
function isLoopback(issuer: string): boolean {
  return new URL(issuer).protocol === 'http:';
}

/** Discovers the provider (its metadata and keys) for this client; throws when it does not answer as OpenID Connect. */
export async function discover(p: ProviderClient): Promise<client.Configuration> {
  const config = await client.discovery(new URL(p.issuer), p.clientId, undefined, client.ClientSecretPost(p.clientSecret), {
    [client.customFetch]: timedFetch,
    ...(isLoopback(p.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
  });
  return config;
}

/**
 * Discovered providers kept per client for DISCOVERY_TTL_MS, so that a sign-in does not fetch the
 * metadata twice (start and callback). A changed configuration is another key.
 */
export function createDiscoveryCache(now: () => number = () => Date.now()) {
  const kept = new Map<string, { at: number; config: Promise<client.Configuration> }>();
  return {
    get(p: ProviderClient): Promise<client.Configuration> {
      const key = JSON.stringify([p.issuer, p.clientId, p.clientSecret]);
      const hit = kept.get(key);
      if (hit && now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
      const config = discover(p);
      kept.set(key, { at: now(), config });
      // A failure is not kept: the next sign-in asks again.
      config.catch(() => kept.delete(key));
      if (kept.size > 100) kept.delete(kept.keys().next().value ?? key);
      return config;
    },
  };
}
export type DiscoveryCache = ReturnType<typeof createDiscoveryCache>;

/** What a started sign-in keeps until its callback. */
export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider's authorization URL with state, nonce and PKCE (S256). */
export async function authorizationRequest(config: client.Configuration, redirectUri: string, loginHint: string): Promise<AuthorizationRequest> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(loginHint !== '' ? { login_hint: loginHint } : {}),
  });
  return { url: url.href, state, nonce, codeVerifier };
}

/** Why a callback was refused, as the sign-in page names it (sso.rules.ts SSO_FAILURES). */
export type ExchangeFailure = 'provider' | 'exchange' | 'nonce' | 'noEmail';

export class ExchangeError extends Error {
  constructor(
    readonly failure: ExchangeFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ExchangeError';
  }
}

/**
 * The ID token claim a failed comparison names: openid-client wraps oauth4webapi's error, whose
 * cause is { claim, expected, claims }.
 */
function mismatchedClaim(err: unknown): string | null {
  let at: unknown = err;
  for (let depth = 0; depth < 4 && typeof at === 'object' && at !== null; depth += 1) {
    const e = at as { code?: unknown; claim?: unknown; cause?: unknown };
    if (typeof e.claim === 'string') return e.claim;
    at = e.cause;
  }
  return null;
}

/** The identity the provider vouched for. */
export interface ProviderIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
}

/**
 * Checks the callback (state, the issuer's `iss`), exchanges the code with the PKCE verifier,
 * validates the ID token (signature, audience, expiry, nonce) and reads the e-mail and its
 * verification from the ID token, or from the userinfo endpoint when the token leaves them out.
 */
export async function exchangeCode(
  config: client.Configuration,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<ProviderIdentity> {
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      pkceCodeVerifier: expected.codeVerifier,
      idTokenExpected: true,
    });
  } catch (err) {
    if (err instanceof client.AuthorizationResponseError) throw new ExchangeError('provider', `${err.error}: ${err.error_description ?? ''}`);
    if (mismatchedClaim(err) === 'nonce') throw new ExchangeError('nonce', 'unexpected ID token nonce');
    throw new ExchangeError('exchange', err instanceof client.ResponseBodyError ? `${err.error}: ${err.error_description ?? ''}` : (err as Error).message);
  }
  const claims = tokens.claims();
  if (!claims) throw new ExchangeError('exchange', 'no ID token');
  let email: unknown = claims.email;
  let verified: unknown = claims.email_verified;
  if (typeof email !== 'string') {
    try {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = info.email;
      verified = info.email_verified;
    } catch (err) {
      throw new ExchangeError('exchange', (err as Error).message);
    }
  }
  if (typeof email !== 'string' || email === '') throw new ExchangeError('noEmail', 'the provider named no e-mail');
  return { subject: claims.sub, email: email.toLowerCase(), emailVerified: verified === true };
}

export interface CheckResult {
  check: SsoCheck;
  ok: boolean;
  detail: string | null;
}

/**
 * "Test sign-in" without a user at the keyboard: (1) discovery (the issuer answers as an OpenID
 * Connect provider naming itself as the issuer given); (2) it supports the authorization code flow
 * with PKCE S256; (3) the client id and secret: a token request with a made-up code, which a
 * provider answers with invalid_grant once it has authenticated the client, and with
 * invalid_client when the id or secret is wrong; (4) the redirect address: an authorization request
 * that the provider does not refuse outright (an unknown client or unregistered redirect is
 * answered with an error page, not a redirect to its login).
 */
export async function checkProvider(p: ProviderClient, redirectUri: string): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  let config: client.Configuration;
  try {
    config = await discover(p);
    results.push({ check: 'discovery', ok: true, detail: null });
  } catch (err) {
    results.push({ check: 'discovery', ok: false, detail: (err as Error).message });
    return results;
  }
  const meta = config.serverMetadata();
  const codeFlow = (meta.response_types_supported ?? ['code']).includes('code');
  const s256 = meta.code_challenge_methods_supported === undefined || meta.code_challenge_methods_supported.includes('S256');
  results.push({
    check: 'pkce',
    ok: codeFlow && s256,
    detail: codeFlow && s256 ? null : `response types: ${(meta.response_types_supported ?? []).join(', ')}; PKCE methods: ${(meta.code_challenge_methods_supported ?? []).join(', ')}`,
  });
  try {
    await client.genericGrantRequest(config, 'authorization_code', {
      code: client.randomState(),
      redirect_uri: redirectUri,
      code_verifier: client.randomPKCECodeVerifier(),
    });
    results.push({ check: 'client', ok: false, detail: 'the provider accepted a made-up code' });
  } catch (err) {
    if (err instanceof client.ResponseBodyError) {
      const ok = err.error === 'invalid_grant';
      results.push({ check: 'client', ok, detail: ok ? null : `${err.error}${err.error_description ? `: ${err.error_description}` : ''}` });
    } else {
      results.push({ check: 'client', ok: false, detail: (err as Error).message });
    }
  }
  try {
    const probe = await authorizationRequest(config, redirectUri, '');
    const res = await probeFetch(probe.url);
    const location = res.headers.get('location') ?? '';
    const refusedToUs = location.startsWith(redirectUri) && new URL(location, probe.url).searchParams.has('error');
    const ok = res.status < 400 && !refusedToUs;
    await res.body?.cancel();
    results.push({ check: 'redirect', ok, detail: ok ? null : `the provider answered ${res.status}${refusedToUs ? ` (${new URL(location, probe.url).searchParams.get('error')})` : ''}` });
  } catch (err) {
    results.push({ check: 'redirect', ok: false, detail: (err as Error).message });
  }
  return results;
}

// The package ships no types: these are its ambient ones, for every program that imports this file (the e2e one too).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Account } from 'oidc-provider';

/** An account of the test provider: what it says of the person (e-mail and whether it verified it). */
export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts findAccount knows, by their login. */
  accounts: Map<string, ProviderAccount>;
  /** Who "signs in" at the next interaction (the test's user at the provider). */
  loginAs(id: string): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) in the test process, on a free port of
 * 127.0.0.1, with one confidential client whose redirect is the portal's callback. Its interaction
 * (login and consent) is answered at once for the account named by loginAs, so that a test follows
 * the provider's redirects without a browser; the e2e scenario uses its own login page instead.
 */
export async function startTestProvider(
  redirectUris: string[],
  opts: {
    /** The provider's own login and consent pages (the e2e scenario signs in there). */
    devInteractions?: boolean;
    /** A login that is no account of `accounts` is one whose login is its verified e-mail. */
    anyLogin?: boolean;
  } = {},
): Promise<TestProvider> {
  const accounts = new Map<string, ProviderAccount>();
  let next = '';
  const clientId = 'palisade-test';
  const clientSecret = 'test-secret-of-palisade-client-0123456789';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      { client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' },
    ],
    findAccount: (_ctx, id): Account | undefined => {
      const account = accounts.get(id) ?? (opts.anyLogin ? { email: id, email_verified: true } : undefined);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    cookies: { keys: ['palisade-test-provider-cookie-key'] },
    features: { devInteractions: { enabled: opts.devInteractions ?? false } },
    // Set, so that the provider does not print a notice for each default.
    ttl: { AccessToken: 3600, AuthorizationCode: 60, Grant: 3600, IdToken: 3600, Interaction: 600, Session: 3600 },
    renderError: (ctx, out) => {
      const c = ctx as { type: string; body: string };
      c.type = 'html';
      c.body = `<!doctype html><title>Error</title><h1>${String(out.error)}</h1>`;
    },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (opts.devInteractions || !req.url?.startsWith('/interaction/')) {
      handle(req, res);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: next, clientId: details.params.client_id });
      grant.addOIDCScope(details.params.scope ?? 'openid');
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: next }, consent: { grantId } }, { mergeWithLastSubmission: false });
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    loginAs(id) {
      next = id;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A small cookie jar for following the provider's redirects with fetch. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    take(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
    },
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/**
 * Follows the provider's redirects from the authorization URL (login and consent answered by the
 * test provider) until it sends the browser back to `redirectPrefix`; returns that URL.
 */
export async function followToCallback(authorizationUrl: string, redirectPrefix: string): Promise<URL> {
  const cookies = jar();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(redirectPrefix)) return new URL(url);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookies.header() } });
    cookies.take(res);
    const location = res.headers.get('location');
    await res.body?.cancel();
    if (!location) throw new Error(`the provider answered ${res.status} at ${url}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

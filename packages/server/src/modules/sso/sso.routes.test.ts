import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { TimeZoneSettings } from '@palisade/domain/organisations/time-zone.schema';
import type { SsoDiscoverReply, SsoSettingsReply, TestSsoReply } from '@palisade/domain/sso/sso.schema';
import { ssoMessages as m } from '@palisade/domain/sso/sso.messages';
import { coreMessages } from '@palisade/domain/messages-core';
import { SESSION_COOKIE } from '../../plugins/auth-context';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SSO_BINDING_COOKIE, SSO_TIME_ZONE_COOKIE } from './sso.routes';
import { followToCallback, startTestProvider, type TestProvider } from './test-oidc-provider';

const S = '/api/sso';
/** createTestApp's PUBLIC_URL. */
const CALLBACK = 'http://localhost:3000/api/sso/callback';

let t: TestApp;
let idp: TestProvider;
let admin: string;
let otherAdmin: string;
let contractor: string;
let demoOrg: string;
let otherOrg: string;

const settingsOf = (overrides: Record<string, unknown> = {}) => ({
  companyId: demoOrg,
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  domains: ['demo.test'],
  requireSso: false,
  version: null,
  ...overrides,
});

/** A started sign-in: the provider's URL and the binding cookie of "this browser". */
async function start(email: string, rememberMe = false): Promise<{ url: string; binding: string }> {
  const res = await t.post<{ authorizationUrl: string }>(`${S}/start`, { email, rememberMe });
  expect(res.status, res.body.message).toBe(200);
  const cookie = res.raw.cookies.find((c) => c.name === SSO_BINDING_COOKIE);
  expect(cookie?.httpOnly).toBe(true);
  return { url: res.body.data.authorizationUrl, binding: `${SSO_BINDING_COOKIE}=${cookie?.value ?? ''}` };
}

/** The portal's callback with the provider's reply; the redirect and the session cookie it set, if any. */
async function callback(url: URL | string, cookie: string): Promise<{ location: string; session: string | null }> {
  const u = new URL(url);
  const res = await t.app.inject({ method: 'GET', url: `/api/sso/callback${u.search}`, headers: { cookie } });
  expect(res.statusCode).toBe(302);
  const session = res.cookies.find((c) => c.name === SESSION_COOKIE && c.value !== '');
  return { location: String(res.headers.location), session: session ? `${SESSION_COOKIE}=${session.value}` : null };
}

/** A whole sign-in as `login` at the provider; the callback's outcome. */
async function signInAs(login: string, email: string, tweak?: (url: URL) => void) {
  idp.loginAs(login);
  const started = await start(email);
  const url = new URL(started.url);
  tweak?.(url);
  const back = await followToCallback(url.href, CALLBACK);
  return { back, binding: started.binding, ...(await callback(back, started.binding)) };
}

const countUsers = async () => (await t.rows<{ n: number }>(sql`select count(*)::int as n from users`))[0]?.n;

beforeAll(async () => {
  t = await createTestApp();
  idp = await startTestProvider([CALLBACK]);
  idp.accounts.set('admin', { email: 'admin@demo.test', email_verified: true });
  idp.accounts.set('upper', { email: 'Contractor1@Demo.Test', email_verified: true });
  idp.accounts.set('unverified', { email: 'contractor2@demo.test', email_verified: false });
  idp.accounts.set('stranger', { email: 'nobody@demo.test', email_verified: true });
  idp.accounts.set('other', { email: 'admin@other.test', email_verified: true });
  idp.accounts.set('noemail', {});
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  contractor = await t.signIn('contractor1@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
});

afterAll(async () => {
  await idp?.close();
  await t?.close();
});

describe('single sign-on settings', () => {
  it('refuses no session (401), another role (403), another organisation (404) and bad input (400)', async () => {
    for (const call of ['getConfig', 'testConfig', 'saveConfig', 'deleteConfig']) {
      expect((await t.post(`${S}/${call}`, { companyId: demoOrg })).status, call).toBe(401);
      expect((await t.post(`${S}/${call}`, { companyId: demoOrg }, contractor)).status, call).toBe(403);
    }
    expect((await t.post(`${S}/getConfig`, { companyId: demoOrg }, otherAdmin)).status).toBe(404);
    expect((await t.post(`${S}/testConfig`, settingsOf({ companyId: otherOrg }), admin)).status).toBe(404);
    expect((await t.post(`${S}/saveConfig`, settingsOf(), otherAdmin)).status).toBe(404);
    const noDomains = await t.post(`${S}/saveConfig`, settingsOf({ domains: [] }), admin);
    expect(noDomains.status).toBe(400);
    expect(noDomains.body.message).toContain(m.domainsRequired);
    const badDomain = await t.post(`${S}/saveConfig`, settingsOf({ domains: ['not a domain'] }), admin);
    expect(badDomain.status).toBe(400);
    const plainHttp = await t.post(`${S}/testConfig`, settingsOf({ issuer: 'http://login.example.com' }), admin);
    expect(plainHttp.status).toBe(400);
    expect(plainHttp.body.message).toContain(m.issuerInvalid);
    expect((await t.post(`${S}/getConfig`, {}, admin)).status).toBe(400);
  });

  it('shows the redirect address and no configuration at first', async () => {
    const res = await t.post<SsoSettingsReply>(`${S}/getConfig`, { companyId: demoOrg }, admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ redirectUri: CALLBACK, config: null });
  });

  it('tests a configuration: discovery, PKCE, the client id and secret, the redirect address', async () => {
    const good = await t.post<TestSsoReply>(`${S}/testConfig`, settingsOf(), admin);
    expect(good.status, good.body.message).toBe(200);
    expect(good.body.data.checks.map((c) => [c.check, c.ok])).toEqual([
      ['discovery', true],
      ['pkce', true],
      ['client', true],
      ['redirect', true],
    ]);
    expect(good.body.data.ok).toBe(true);
    const wrongSecret = await t.post<TestSsoReply>(`${S}/testConfig`, settingsOf({ clientSecret: 'wrong' }), admin);
    expect(wrongSecret.body.data.ok).toBe(false);
    expect(wrongSecret.body.data.checks.find((c) => c.check === 'client')).toMatchObject({ ok: false, detail: expect.stringContaining('invalid_client') });
    const wrongClient = await t.post<TestSsoReply>(`${S}/testConfig`, settingsOf({ clientId: 'nobody' }), admin);
    expect(wrongClient.body.data.checks.find((c) => c.check === 'redirect')?.ok).toBe(false);
    const noProvider = await t.post<TestSsoReply>(`${S}/testConfig`, settingsOf({ issuer: 'http://127.0.0.1:9' }), admin);
    expect(noProvider.body.data).toMatchObject({ ok: false, checks: [{ check: 'discovery', ok: false }] });
    // No secret in the form and none stored.
    const noSecret = await t.post(`${S}/testConfig`, settingsOf({ clientSecret: undefined }), admin);
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.message).toBe(m.clientSecretRequired);
  });

  it('saves only a configuration that passes the test, keeps the secret encrypted and never sends it back', async () => {
    const failing = await t.post<TestSsoReply>(`${S}/saveConfig`, settingsOf({ clientSecret: 'wrong' }), admin);
    expect(failing.status).toBe(400);
    expect(failing.body.message).toBe(m.testFailed);
    const saved = await t.post<SsoSettingsReply>(`${S}/saveConfig`, settingsOf({ domains: ['Demo.Test', '@demo.test'] }), admin);
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data.config).toMatchObject({ issuer: idp.issuer, clientId: idp.clientId, secretStored: true, domains: ['demo.test'], requireSso: false, version: 0 });
    expect(JSON.stringify(saved.body)).not.toContain(idp.clientSecret);
    const [row] = await t.rows<{ client_secret_box: string }>(sql`select client_secret_box from sso_configs where organisation_id = ${demoOrg}`);
    expect(row?.client_secret_box).toMatch(/^v1\./);
    expect(row?.client_secret_box).not.toContain(idp.clientSecret);
    const read = await t.post<SsoSettingsReply>(`${S}/getConfig`, { companyId: demoOrg }, admin);
    expect(JSON.stringify(read.body)).not.toContain(idp.clientSecret);
    // The test and a change without the secret use the stored one.
    expect((await t.post<TestSsoReply>(`${S}/testConfig`, settingsOf({ clientSecret: undefined }), admin)).body.data.ok).toBe(true);
    const changed = await t.post<SsoSettingsReply>(`${S}/saveConfig`, settingsOf({ clientSecret: '', version: 0, domains: ['demo.test', 'demo-gas.test'] }), admin);
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.data.config).toMatchObject({ version: 1, domains: ['demo-gas.test', 'demo.test'] });
    // A second create, or a change based on an older version, is 409.
    expect((await t.post(`${S}/saveConfig`, settingsOf(), admin)).status).toBe(409);
    const stale = await t.post(`${S}/saveConfig`, settingsOf({ version: 0 }), admin);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(coreMessages.http.changedBySomeoneElse);
    // Written to the activity log, without the secret.
    const audit = await t.rows<{ action: string; after: unknown }>(sql`select action, after from audit_log where organisation_id = ${demoOrg} and action = 'sso.configure' order by id`);
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(idp.clientSecret);
  });

  it('gives a domain to one organisation only', async () => {
    const taken = await t.post(`${S}/saveConfig`, settingsOf({ companyId: otherOrg, domains: ['other.test', 'demo.test'] }), otherAdmin);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(m.domainTaken('demo.test'));
  });
});

describe('single sign-on', () => {
  it('tells which domains sign in through single sign-on', async () => {
    expect((await t.post<SsoDiscoverReply>(`${S}/discover`, { email: 'someone@DEMO.test' })).body.data).toEqual({ sso: true, required: false });
    expect((await t.post<SsoDiscoverReply>(`${S}/discover`, { email: 'contractor@other.test' })).body.data).toEqual({ sso: false, required: false });
    expect((await t.post(`${S}/discover`, { email: 'not an email' })).status).toBe(400);
    const noSso = await t.post(`${S}/start`, { email: 'contractor@other.test' });
    expect(noSso.status).toBe(400);
    expect(noSso.body.message).toBe(m.notSetUp);
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const { url } = await start('admin@demo.test');
    const params = new URL(url).searchParams;
    expect(url.startsWith(idp.issuer)).toBe(true);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(params.get('redirect_uri')).toBe(CALLBACK);
    expect(params.get('login_hint')).toBe('admin@demo.test');
  });

  it('signs in the existing account of the verified e-mail, as a password sign-in does', async () => {
    const before = await countUsers();
    const done = await signInAs('admin', 'admin@demo.test');
    expect(done.location).toBe('/');
    expect(done.session).not.toBeNull();
    const me = await t.get<Profile>('/api/auth/me', done.session ?? '');
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe('admin@demo.test');
    expect(await countUsers()).toBe(before);
    // The e-mail is matched whatever its case.
    const upper = await signInAs('upper', 'contractor1@demo.test');
    expect(upper.location).toBe('/');
    expect((await t.get<Profile>('/api/auth/me', upper.session ?? '')).body.data.email).toBe('contractor1@demo.test');

    // The same callback again (a replayed code): refused, no session.
    const replay = await callback(done.back, done.binding);
    expect(replay).toEqual({ location: '/?sso_error=state', session: null });
  });

  it("gives an organisation without a time zone its admin's browser's, sent at the start (issue 60)", async () => {
    idp.loginAs('admin');
    const started = await t.post<{ authorizationUrl: string }>(`${S}/start`, { email: 'admin@demo.test', timeZone: 'Asia/Calcutta' });
    expect(started.status, started.body.message).toBe(200);
    const cookies = started.raw.cookies
      .filter((c) => c.name === SSO_BINDING_COOKIE || c.name === SSO_TIME_ZONE_COOKIE)
      .map((c) => `${c.name}=${c.value}`);
    expect(cookies).toHaveLength(2);
    const back = await followToCallback(started.body.data.authorizationUrl, CALLBACK);
    const done = await callback(back, cookies.join('; '));
    expect(done.location).toBe('/');
    const zone = await t.get<TimeZoneSettings>('/api/organisation/getTimeZone', done.session ?? '');
    expect(zone.body.data).toEqual({ timeZone: 'Asia/Kolkata', isSet: true, version: 1 });
  });

  it('refuses a wrong state, one of another browser, and an expired one', async () => {
    idp.loginAs('admin');
    const started = await start('admin@demo.test');
    const back = await followToCallback(started.url, CALLBACK);
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    expect(await callback(forged, started.binding)).toEqual({ location: '/?sso_error=state', session: null });
    // Another browser (no binding cookie, or another one) cannot finish it, and uses it up.
    const other = await start('admin@demo.test');
    expect(await callback(back, other.binding)).toEqual({ location: '/?sso_error=state', session: null });
    expect(await callback(back, started.binding)).toEqual({ location: '/?sso_error=state', session: null });
    const noState = await t.app.inject({ method: 'GET', url: '/api/sso/callback?code=abc' });
    expect(noState.headers.location).toBe('/?sso_error=state');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const done = await signInAs('admin', 'admin@demo.test', (url) => url.searchParams.set('nonce', 'another-nonce'));
    expect(done).toMatchObject({ location: '/?sso_error=nonce', session: null });
  });

  it('refuses an unverified e-mail, an unknown one, another organisation’s domain and a provider error, creating nothing', async () => {
    const before = await countUsers();
    expect(await signInAs('unverified', 'contractor2@demo.test')).toMatchObject({ location: '/?sso_error=unverified', session: null });
    expect(await signInAs('stranger', 'nobody@demo.test')).toMatchObject({ location: '/?sso_error=unknown', session: null });
    expect(await signInAs('other', 'admin@demo.test')).toMatchObject({ location: '/?sso_error=domain', session: null });
    expect(await signInAs('noemail', 'admin@demo.test')).toMatchObject({ location: '/?sso_error=noEmail', session: null });
    const started = await start('admin@demo.test');
    const state = new URL(started.url).searchParams.get('state') ?? '';
    const denied = await callback(`${CALLBACK}?error=access_denied&state=${state}&iss=${encodeURIComponent(idp.issuer)}`, started.binding);
    expect(denied).toEqual({ location: '/?sso_error=provider', session: null });
    expect(await countUsers()).toBe(before);
    const sessions = await t.rows<{ n: number }>(sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email in ('nobody@demo.test', 'contractor2@demo.test')`);
    expect(sessions[0]?.n).toBe(0);
  });

  it('refuses the passwords of a domain that requires single sign-on, not those of other firms', async () => {
    const current = (await t.post<SsoSettingsReply>(`${S}/getConfig`, { companyId: demoOrg }, admin)).body.data.config;
    const required = await t.post<SsoSettingsReply>(`${S}/saveConfig`, settingsOf({ clientSecret: undefined, version: current?.version, domains: current?.domains, requireSso: true }), admin);
    expect(required.status, required.body.message).toBe(200);
    expect((await t.post<SsoDiscoverReply>(`${S}/discover`, { email: 'admin@demo.test' })).body.data).toEqual({ sso: true, required: true });
    for (const email of ['admin@demo.test', 'auditor1@demo.test']) {
      const res = await t.post('/api/auth/signIn', { email, password: 'Demo@1234' });
      expect(res.status, email).toBe(403);
      expect(res.body.message).toBe(m.passwordRefused);
    }
    // A contractor of another firm's domain keeps its password.
    expect((await t.post('/api/auth/signIn', { email: 'contractor@other.test', password: 'Demo@1234' })).status).toBe(200);
    // Single sign-on still signs them in.
    expect((await signInAs('admin', 'admin@demo.test')).location).toBe('/');
  });

  it('turns single sign-on off (based on its version): passwords work again', async () => {
    const current = (await t.post<SsoSettingsReply>(`${S}/getConfig`, { companyId: demoOrg }, admin)).body.data.config;
    expect((await t.post(`${S}/deleteConfig`, { companyId: demoOrg, version: (current?.version ?? 0) + 5 }, admin)).status).toBe(409);
    expect((await t.post(`${S}/deleteConfig`, { companyId: demoOrg, version: current?.version }, otherAdmin)).status).toBe(404);
    const removed = await t.post<SsoSettingsReply>(`${S}/deleteConfig`, { companyId: demoOrg, version: current?.version }, admin);
    expect(removed.status).toBe(200);
    expect(removed.body.data.config).toBeNull();
    expect((await t.post('/api/auth/signIn', { email: 'admin@demo.test', password: 'Demo@1234' })).status).toBe(200);
    expect((await t.post<SsoDiscoverReply>(`${S}/discover`, { email: 'admin@demo.test' })).body.data.sso).toBe(false);
    expect((await t.post(`${S}/deleteConfig`, { companyId: demoOrg, version: 0 }, admin)).status).toBe(404);
  });
});

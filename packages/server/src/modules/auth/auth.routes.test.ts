import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@palisade/domain/messages';
import { authCodes, sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/ids';
import { createTestApp, oobCodeOf, type TestApp } from '../../test/test-app';
import type { Profile } from '@palisade/domain/auth/profile.schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/auth/signIn', () => {
  it('signs in, sets an HttpOnly cookie and returns the profile', async () => {
    const res = await t.post<Profile>('/api/auth/signIn', { email: 'Admin@Demo.test', password: 'Demo@1234' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ type: 2, email: 'admin@demo.test', name: 'Dana Admin', canExportAssessmentData: true });
    expect(res.body.data.cmp_id).toBeTruthy();
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/palisade_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Expires/);
  });

  it('keeps a 30-day cookie with Remember me', async () => {
    const res = await t.post('/api/auth/signIn', { email: 'contractor1@demo.test', password: 'Demo@1234', rememberMe: true });
    expect(res.status).toBe(200);
    const expires = /Expires=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1];
    expect(expires).toBeTruthy();
    const days = (new Date(expires ?? '').getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('refuses bad input with 400 and the field named', async () => {
    const res = await t.post('/api/auth/signIn', { email: 'not-an-email', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.auth.emailInvalid);
    expect(res.body.data).toMatchObject({ field: 'email' });
    const missing = await t.post('/api/auth/signIn', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(messages.auth.emailRequired);
    const tooLong = await t.post('/api/auth/signIn', { email: 'admin@demo.test', password: 'x'.repeat(256) });
    expect(tooLong.status).toBe(400);
    const notJson = await t.app.inject({ method: 'POST', url: '/api/auth/signIn', payload: '{bad', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ code: 400 });
  });

  it('says which of email and password is wrong, as the spec does', async () => {
    const wrong = await t.post('/api/auth/signIn', { email: 'admin@demo.test', password: 'Wrong@123' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(messages.auth.wrongPassword);
    const unknown = await t.post('/api/auth/signIn', { email: 'nobody@demo.test', password: 'Demo@1234' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(messages.auth.unknownUser);
  });

  it('refuses a disabled account and ends its open sessions', async () => {
    const cookie = await t.signIn('contractor3@demo.test');
    await t.db.update(users).set({ isActive: false }).where(eq(users.email, 'contractor3@demo.test'));
    const res = await t.post('/api/auth/signIn', { email: 'contractor3@demo.test', password: 'Demo@1234' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(messages.auth.accountDisabled);
    expect((await t.get('/api/auth/me', cookie)).status).toBe(401);
    await t.db.update(users).set({ isActive: true }).where(eq(users.email, 'contractor3@demo.test'));
  });

  it('refuses a cross-site request (CSRF) even with a valid cookie', async () => {
    const cookie = await t.signIn('admin@demo.test');
    const evil = await t.post('/api/auth/signOut', {}, cookie, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    const fetchSite = await t.post('/api/auth/signOut', {}, cookie, { 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.status).toBe(403);
    expect((await t.get('/api/auth/me', cookie)).status).toBe(200);
    const same = await t.post('/api/auth/signOut', {}, cookie, { origin: 'http://localhost:3000' });
    expect(same.status).toBe(200);
  });
});

// An app of its own with a limit of 3: built in the hook (a whole app and its seed is setup, and
// on a busy machine it can take longer than one test may).
describe('POST /api/auth/signIn with a limit of 3 a minute', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('rate-limits sign-in attempts', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      codes.push((await limited.post('/api/auth/signIn', { email: 'admin@demo.test', password: 'Wrong@123' })).status);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    const res = await limited.post('/api/auth/signIn', { email: 'admin@demo.test', password: 'Demo@1234' });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(messages.http.tooManyRequests);
    // Other calls are not limited.
    expect((await limited.get('/api/health')).status).toBe(200);
  });
});

describe('GET /api/auth/me and POST /api/auth/signOut', () => {
  it('returns the profile of the session, 401 without one', async () => {
    const cookie = await t.signIn('auditor1@demo.test');
    const me = await t.get<Profile>('/api/auth/me', cookie);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ type: 4, email: 'auditor1@demo.test' });
    expect(me.body.data.assoc_companies).toHaveLength(1);
    expect((await t.get('/api/auth/me')).status).toBe(401);
    expect((await t.get('/api/auth/me', 'palisade_session=forged')).status).toBe(401);
  });

  it('sign-out ends the session on the server', async () => {
    const cookie = await t.signIn('contractor2@demo.test');
    const out = await t.post('/api/auth/signOut', {}, cookie);
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(messages.auth.loggedOut);
    expect((await t.get('/api/auth/me', cookie)).status).toBe(401);
    expect((await t.post('/api/auth/signOut', {})).status).toBe(401);
  });

  it('reads an empty JSON body as {} and refuses a poisoned one', async () => {
    const cookie = await t.signIn('contractor2@demo.test');
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/signOut', payload: '', headers: { cookie, 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(200);
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      payload: '{"email":"admin@demo.test","password":"Demo@1234","__proto__":{"isAdmin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('stores only the hash of the session token', async () => {
    const cookie = await t.signIn('auditor1@demo.test');
    const token = cookie.split('=')[1] ?? '';
    const byToken = await t.db.select().from(sessions).where(eq(sessions.id, token));
    const byHash = await t.db.select().from(sessions).where(eq(sessions.id, hashToken(token)));
    expect(byToken).toHaveLength(0);
    expect(byHash).toHaveLength(1);
  });
});

describe('forgot and reset password', () => {
  it('mails a single-use link that sets a new password and ends old sessions', async () => {
    const email = 'employee1@demo.test';
    const oldSession = await t.signIn(email);
    const res = await t.post('/api/auth/forgotPassword', { email });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.auth.resetLinkSent);
    const links = await t.outboxLinks(email);
    expect(links).toHaveLength(1);
    const link = links[0] ?? '';
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset_password\?oobCode=.+&continueUrl=/);
    const oobCode = oobCodeOf(link);

    const codes = await t.db.select().from(authCodes).where(eq(authCodes.codeHash, oobCode));
    expect(codes).toHaveLength(0); // stored hashed

    const verify = await t.post('/api/auth/verifyResetCode', { oobCode });
    expect(verify.status).toBe(200);
    expect(verify.body.data).toEqual({ email });

    const weak = await t.post('/api/auth/confirmPasswordReset', { oobCode, newPassword: 'weakpass' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(messages.auth.passwordRule);

    const done = await t.post('/api/auth/confirmPasswordReset', { oobCode, newPassword: 'New@Pass1' });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(messages.auth.passwordChanged);
    expect((await t.get('/api/auth/me', oldSession)).status).toBe(401);
    await t.signIn(email, 'New@Pass1');
    expect((await t.post('/api/auth/signIn', { email, password: 'Demo@1234' })).status).toBe(401);

    const again = await t.post('/api/auth/confirmPasswordReset', { oobCode, newPassword: 'Other@Pass2' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.auth.resetLinkInvalid);
    expect((await t.post('/api/auth/verifyResetCode', { oobCode })).status).toBe(400);
  });

  it('refuses an expired link', async () => {
    const email = 'employee2@demo.test';
    await t.post('/api/auth/forgotPassword', { email });
    const oobCode = oobCodeOf((await t.outboxLinks(email))[0] ?? '');
    await t.db.update(authCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authCodes.codeHash, hashToken(oobCode)));
    const res = await t.post('/api/auth/confirmPasswordReset', { oobCode, newPassword: 'New@Pass1' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.auth.resetLinkInvalid);
  });

  it('says Email not found for an unknown address, and 400 for bad input', async () => {
    const res = await t.post('/api/auth/forgotPassword', { email: 'ghost@demo.test' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.auth.emailNotFound);
    expect(res.body.data).toEqual({ authErrCode: 'auth/user-not-found' });
    expect((await t.post('/api/auth/forgotPassword', { email: 'x' })).status).toBe(400);
    expect((await t.post('/api/auth/verifyResetCode', { oobCode: 'short' })).status).toBe(400);
    expect((await t.post('/api/auth/verifyResetCode', { oobCode: 'x'.repeat(43) })).body.message).toBe(messages.auth.resetLinkInvalid);
  });
});

describe('POST /api/auth/changePasswordWithEmail', () => {
  it('changes the own password with the current one', async () => {
    const email = 'employee3@demo.test';
    const cookie = await t.signIn(email);
    const wrongCurrent = await t.post('/api/auth/changePasswordWithEmail', { email, currentPassword: 'Nope@123', password: 'Fresh@Pass1' }, cookie);
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.message).toBe(messages.auth.currentPasswordWrong);
    const weak = await t.post('/api/auth/changePasswordWithEmail', { email, currentPassword: 'Demo@1234', password: 'abc' }, cookie);
    expect(weak.status).toBe(400);
    const ok = await t.post('/api/auth/changePasswordWithEmail', { email, currentPassword: 'Demo@1234', password: 'Fresh@Pass1' }, cookie);
    expect(ok.status).toBe(200);
    await t.signIn(email, 'Fresh@Pass1');
  });

  it("refuses another account's email and a missing session", async () => {
    const cookie = await t.signIn('contractor1@demo.test');
    const other = await t.post('/api/auth/changePasswordWithEmail', { email: 'admin@other.test', currentPassword: 'Demo@1234', password: 'Fresh@Pass1' }, cookie);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(messages.auth.ownAccountOnly);
    const anon = await t.post('/api/auth/changePasswordWithEmail', { email: 'admin@other.test', currentPassword: 'Demo@1234', password: 'Fresh@Pass1' });
    expect(anon.status).toBe(401);
    await t.signIn('admin@other.test');
  });
});

describe('POST /api/auth/switchOrganisation', () => {
  it('lets an auditor of two organisations choose the working one', async () => {
    const cookie = await t.signIn('auditor2@demo.test');
    const me = await t.get<Profile>('/api/auth/me', cookie);
    expect(me.body.data.organisations).toHaveLength(2);
    const target = me.body.data.organisations.find((o) => o.name === 'Other Industries')?._id ?? '';
    const res = await t.post<Profile>('/api/auth/switchOrganisation', { companyId: target }, cookie);
    expect(res.status).toBe(200);
    expect(res.body.data.cmp_id).toBe(target);
    expect((await t.get<Profile>('/api/auth/me', cookie)).body.data.cmp_id).toBe(target);
  });

  it("refuses an organisation the user does not serve, bad input, and users who don't switch", async () => {
    const contractor = await t.signIn('contractor1@demo.test');
    const otherAdmin = await t.signIn('admin@other.test');
    const otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id;
    expect((await t.post('/api/auth/switchOrganisation', { companyId: otherOrg }, contractor)).status).toBe(404);
    expect((await t.post('/api/auth/switchOrganisation', {}, contractor)).status).toBe(400);
    expect((await t.post('/api/auth/switchOrganisation', { companyId: otherOrg }, otherAdmin)).status).toBe(403);
    expect((await t.post('/api/auth/switchOrganisation', { companyId: otherOrg })).status).toBe(401);
  });
});

import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { TimeZoneSettings } from '@palisade/domain/organisations/time-zone.schema';
import type {
  ChallengeEnrolReply,
  RecoveryCodes,
  SecuritySettings,
  SessionItem,
  TwoFactorChallenge,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@palisade/domain/auth/two-factor.schema';
import { SIGN_IN_FREE_FAILURES, SIGN_IN_LOCK_FAILURES } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import {
  auditLog,
  organisationSecurity,
  sessions,
  signInFailures,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  userTwoFactor,
} from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { SESSION_COOKIE } from '../../plugins/auth-context';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../test/test-app';
import { EVERY_ADDRESS } from './sign-in-guard';

/** Issue 59: two-factor codes (TOTP) and one's own sessions, against the real app and a real SMTP server. */
const m = messages.twoFactor;
const clock = manualClock();
let t: TestApp;
let smtp: SMTPServer;
const received: Array<{ to: string[]; raw: string }> = [];
/** The address of the tests' requests (inject's, with no trusted proxy). */
const HERE = '127.0.0.1';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${port}` },
    { clock, notificationSweepMs: 3_600_000 },
  );
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
beforeEach(async () => {
  // Each test starts with no second factors, no rules, no failures, and a later code step.
  await t.db.delete(userTwoFactor);
  await t.db.delete(twoFactorRecoveryCodes);
  await t.db.delete(twoFactorChallenges);
  await t.db.delete(organisationSecurity);
  await t.db.delete(signInFailures);
  clock.advance(5 * 60_000);
});

/** The code of the app for that secret at the clock's time (moved by `offsetMs`). */
function codeAt(secret: string, offsetMs = 0): string {
  const totp = new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  return totp.generate({ timestamp: clock.now().getTime() + offsetMs });
}

const cookieOf = (res: {
  raw: { cookies: Array<{ name: string; value: string }> };
}): string | null => {
  const c = res.raw.cookies.find((x) => x.name === SESSION_COOKIE);
  return c ? `${SESSION_COOKIE}=${c.value}` : null;
};

/** Turns two-factor on for the user from its Account page; its secret and recovery codes. */
async function enrol(email: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const cookie = await t.signIn(email);
  const setup = await t.post<TwoFactorSetup>('/api/auth/twoFactor/start', {}, cookie);
  expect(setup.status, setup.body.message).toBe(200);
  const confirmed = await t.post<RecoveryCodes>(
    '/api/auth/twoFactor/confirm',
    { code: codeAt(setup.body.data.secret) },
    cookie,
  );
  expect(confirmed.status, confirmed.body.message).toBe(200);
  clock.advance(60_000);
  return { secret: setup.body.data.secret, recoveryCodes: confirmed.body.data.recoveryCodes };
}

/** The password step: the challenge of the two-factor step (no session cookie). */
async function challengeOf(email: string, password = DEMO_PASSWORD): Promise<TwoFactorChallenge> {
  const res = await t.post<TwoFactorChallenge>('/api/auth/signIn', { email, password });
  expect(res.status, res.body.message).toBe(200);
  expect(res.body.data.twoFactorRequired).toBe(true);
  expect(cookieOf(res)).toBeNull();
  return res.body.data;
}

const verify = (challenge: string, code: string) =>
  t.post<Profile>('/api/auth/verifyTwoFactor', { challenge, code });

async function failuresOf(userId: string, address: string): Promise<number> {
  const [row] = await t.db
    .select()
    .from(signInFailures)
    .where(and(eq(signInFailures.userId, userId), eq(signInFailures.address, address)));
  return row?.failures ?? 0;
}

/** Moves the account's last failure back in time, as if the wait had passed (the failures' times are the database's). */
async function ageLastFailure(userId: string, seconds: number): Promise<void> {
  await t.db
    .update(signInFailures)
    .set({ lastFailedAt: sql`${signInFailures.lastFailedAt} - make_interval(secs => ${seconds})` })
    .where(eq(signInFailures.userId, userId));
}

describe('turning two-factor on (Account page)', () => {
  it('shows a QR code and the secret, turns on with a first valid code, and gives ten recovery codes once', async () => {
    const cookie = await t.signIn('contractor1@demo.test');
    const off = await t.get<TwoFactorStatus>('/api/auth/twoFactor', cookie);
    expect(off.body.data).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    const setup = await t.post<TwoFactorSetup>('/api/auth/twoFactor/start', {}, cookie);
    expect(setup.status).toBe(200);
    expect(setup.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.data.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(setup.body.data.otpauthUrl).toMatch(
      /^otpauth:\/\/totp\/Palisade:contractor1%40demo\.test\?/,
    );
    // Kept encrypted: the row does not hold the secret.
    const [row] = await t.db.select().from(userTwoFactor);
    expect(row?.secret).not.toContain(setup.body.data.secret);
    expect(row?.enabledAt).toBeNull();

    const wrong = await t.post(
      '/api/auth/twoFactor/confirm',
      { code: codeAt(setup.body.data.secret, -120_000) },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(m.codeWrong);
    const bad = await t.post('/api/auth/twoFactor/confirm', { code: 'abc' }, cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(m.totpCodeInvalidFormat);

    const ok = await t.post<RecoveryCodes>(
      '/api/auth/twoFactor/confirm',
      { code: codeAt(setup.body.data.secret) },
      cookie,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.recoveryCodes).toHaveLength(10);
    expect(new Set(ok.body.data.recoveryCodes).size).toBe(10);
    for (const c of ok.body.data.recoveryCodes)
      expect(c).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    // Kept hashed.
    const stored = await t.db.select().from(twoFactorRecoveryCodes);
    expect(stored).toHaveLength(10);
    expect(stored.map((s) => s.codeHash)).not.toContain(ok.body.data.recoveryCodes[0]);

    const on = await t.get<TwoFactorStatus>('/api/auth/twoFactor', cookie);
    expect(on.body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    const again = await t.post('/api/auth/twoFactor/start', {}, cookie);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(m.alreadyOn);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'twoFactor.enable'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('needs a session (401) and a set-up started (409)', async () => {
    expect((await t.post('/api/auth/twoFactor/start', {})).status).toBe(401);
    expect((await t.post('/api/auth/twoFactor/confirm', { code: '123456' })).status).toBe(401);
    expect((await t.get('/api/auth/twoFactor')).status).toBe(401);
    expect((await t.post('/api/auth/twoFactor/disable', { code: '123456' })).status).toBe(401);
    const cookie = await t.signIn('contractor2@demo.test');
    const none = await t.post('/api/auth/twoFactor/confirm', { code: '123456' }, cookie);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(m.notStarted);
  });
});

describe('signing in with a code', () => {
  it('asks for a code after the password and opens the session with a valid one', async () => {
    const { secret } = await enrol('contractor1@demo.test');
    const step = await challengeOf('contractor1@demo.test');
    expect(step.enrol).toBe(false);
    const res = await verify(step.challenge, codeAt(secret));
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.email).toBe('contractor1@demo.test');
    const cookie = cookieOf(res);
    expect(cookie).not.toBeNull();
    expect((await t.get<Profile>('/api/auth/me', cookie ?? '')).status).toBe(200);
    // The challenge works once.
    clock.advance(60_000);
    const again = await verify(step.challenge, codeAt(secret));
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(m.challengeExpired);
  });

  it('accepts a code once: the same code twice is refused', async () => {
    const { secret } = await enrol('contractor1@demo.test');
    const code = codeAt(secret);
    expect(
      (await verify((await challengeOf('contractor1@demo.test')).challenge, code)).status,
    ).toBe(200);
    const twice = await verify((await challengeOf('contractor1@demo.test')).challenge, code);
    expect(twice.status).toBe(401);
    expect(twice.body.message).toBe(m.codeUsed);
    expect(cookieOf(twice)).toBeNull();
  });

  it('refuses a wrong code', async () => {
    const { secret } = await enrol('contractor1@demo.test');
    const step = await challengeOf('contractor1@demo.test');
    const right = codeAt(secret);
    const wrongCode = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await verify(step.challenge, wrongCode);
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(m.codeWrong);
    // The same step takes the right code after a wrong one.
    expect((await verify(step.challenge, right)).status).toBe(200);
  });

  it('accepts a code of the previous 30 seconds, and refuses one of two windows back and of the next', async () => {
    const { secret } = await enrol('contractor1@demo.test');
    const twoBack = await verify(
      (await challengeOf('contractor1@demo.test')).challenge,
      codeAt(secret, -60_000),
    );
    expect(twoBack.status).toBe(401);
    expect(twoBack.body.message).toBe(m.codeWrong);
    const next = await verify(
      (await challengeOf('contractor1@demo.test')).challenge,
      codeAt(secret, 30_000),
    );
    expect(next.status).toBe(401);
    const previous = await verify(
      (await challengeOf('contractor1@demo.test')).challenge,
      codeAt(secret, -30_000),
    );
    expect(previous.status, previous.body.message).toBe(200);
  });

  it('takes a recovery code once', async () => {
    const { recoveryCodes } = await enrol('contractor1@demo.test');
    const code = recoveryCodes[3] ?? '';
    const first = await verify(
      (await challengeOf('contractor1@demo.test')).challenge,
      code.toLowerCase(),
    );
    expect(first.status, first.body.message).toBe(200);
    const twice = await verify((await challengeOf('contractor1@demo.test')).challenge, code);
    expect(twice.status).toBe(401);
    expect(twice.body.message).toBe(m.codeWrong);
    const cookie = cookieOf(first) ?? '';
    expect(
      (await t.get<TwoFactorStatus>('/api/auth/twoFactor', cookie)).body.data.recoveryCodesLeft,
    ).toBe(9);
  });

  it('refuses bad input with 400, and a step that ended with 401', async () => {
    const { secret } = await enrol('contractor1@demo.test');
    const step = await challengeOf('contractor1@demo.test');
    const bad = await t.post('/api/auth/verifyTwoFactor', {
      challenge: step.challenge,
      code: '12',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(m.codeInvalidFormat);
    expect((await t.post('/api/auth/verifyTwoFactor', { code: '123456' })).status).toBe(400);
    const unknown = await verify('x'.repeat(43), codeAt(secret));
    expect(unknown.status).toBe(401);
    // The step lasts ten minutes of the app's clock.
    clock.advance(11 * 60_000);
    const late = await verify(step.challenge, codeAt(secret));
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(m.challengeExpired);
  });

  it('counts wrong codes towards the sign-in limit, across sign-ins with the right password, up to its lock', async () => {
    const { secret } = await enrol('contractor1@demo.test');
    const id = await t.userId('contractor1@demo.test');
    const wrongCode = () => String((Number(codeAt(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    let step = await challengeOf('contractor1@demo.test');
    // The right password gave its own try back: nothing counted yet.
    expect(await failuresOf(id, HERE)).toBe(0);
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i += 1)
      expect((await verify(step.challenge, wrongCode())).status).toBe(401);
    expect(await failuresOf(id, HERE)).toBe(SIGN_IN_FREE_FAILURES);
    // A new sign-in with the right password does not start the count again.
    step = await challengeOf('contractor1@demo.test');
    expect(await failuresOf(id, HERE)).toBe(SIGN_IN_FREE_FAILURES);
    expect(await failuresOf(id, EVERY_ADDRESS)).toBe(SIGN_IN_FREE_FAILURES);
    // Past the free tries, the next one waits: even the right code (the limit's hold, as for passwords).
    expect((await verify(step.challenge, wrongCode())).status).toBe(401);
    const waiting = await verify(step.challenge, codeAt(secret));
    expect(waiting.status).toBe(429);
    // On to the lock, each wait passed by ageing the last failure.
    for (let n = SIGN_IN_FREE_FAILURES + 1; n < SIGN_IN_LOCK_FAILURES; n += 1) {
      await ageLastFailure(id, 120);
      expect((await verify(step.challenge, wrongCode())).status).toBe(401);
    }
    expect(await failuresOf(id, HERE)).toBe(SIGN_IN_LOCK_FAILURES);
    await ageLastFailure(id, 120);
    const locked = await verify(step.challenge, codeAt(secret));
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/locked/i);
    // The password is refused too while the lock holds.
    expect(
      (
        await t.post('/api/auth/signIn', {
          email: 'contractor1@demo.test',
          password: DEMO_PASSWORD,
        })
      ).status,
    ).toBe(429);
  });

  it('is still asked for after a password reset', async () => {
    const { secret } = await enrol('contractor2@demo.test');
    expect(
      (await t.post('/api/auth/forgotPassword', { email: 'contractor2@demo.test' })).status,
    ).toBe(200);
    const mail = await waitForMail('contractor2@demo.test', /oobCode/);
    const oobCode =
      /oobCode=3D([\w-]+)|oobCode=([\w-]+)/.exec(unfold(mail))?.slice(1).find(Boolean) ?? '';
    expect(oobCode).not.toBe('');
    const reset = await t.post('/api/auth/confirmPasswordReset', {
      oobCode,
      newPassword: 'Fresh@5678',
    });
    expect(reset.status, reset.body.message).toBe(200);
    const step = await challengeOf('contractor2@demo.test', 'Fresh@5678');
    expect(step.twoFactorRequired).toBe(true);
    expect((await verify(step.challenge, codeAt(secret))).status).toBe(200);
    // Back to the demo password for the other tests.
    await t.db.execute(
      sql`update users set password_hash = (select password_hash from users where email = 'contractor1@demo.test') where email = 'contractor2@demo.test'`,
    );
  });
});

/** Soft line breaks of quoted-printable undone. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '');

async function waitForMail(to: string, match: RegExp): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const found = received.filter((r) => r.to.includes(to) && match.test(unfold(r.raw))).at(-1);
    if (found) return found.raw;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}

describe('turning two-factor off', () => {
  it('needs a current code', async () => {
    const { secret } = await enrol('contractor1@demo.test');
    const cookie = await (async () => {
      const res = await verify(
        (await challengeOf('contractor1@demo.test')).challenge,
        codeAt(secret),
      );
      return cookieOf(res) ?? '';
    })();
    clock.advance(60_000);
    const wrong = await t.post(
      '/api/auth/twoFactor/disable',
      { code: codeAt(secret, -90_000) },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(m.codeWrong);
    const bad = await t.post('/api/auth/twoFactor/disable', { code: '' }, cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(m.codeRequired);
    const off = await t.post('/api/auth/twoFactor/disable', { code: codeAt(secret) }, cookie);
    expect(off.status, off.body.message).toBe(200);
    expect((await t.get<TwoFactorStatus>('/api/auth/twoFactor', cookie)).body.data.enabled).toBe(
      false,
    );
    expect(await t.db.select().from(twoFactorRecoveryCodes)).toHaveLength(0);
    // The next sign-in asks for no code.
    const res = await t.post<Profile>('/api/auth/signIn', {
      email: 'contractor1@demo.test',
      password: DEMO_PASSWORD,
    });
    expect(cookieOf(res)).not.toBeNull();
    expect(
      (await t.post('/api/auth/twoFactor/disable', { code: codeAt(secret) }, cookie)).status,
    ).toBe(409);
  });
});

describe("the organisation's requirement", () => {
  it('makes its admins and auditors set it up at their next sign-in, and not contractors', async () => {
    const admin = await t.signIn('admin@demo.test');
    const settings = await t.get<SecuritySettings>('/api/organisation/getSecuritySettings', admin);
    expect(settings.body.data).toEqual({ requireTwoFactor: false, version: 0 });
    const saved = await t.post<SecuritySettings>(
      '/api/organisation/updateSecuritySettings',
      { requireTwoFactor: true, version: 0 },
      admin,
    );
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data).toEqual({ requireTwoFactor: true, version: 1 });
    const stale = await t.post(
      '/api/organisation/updateSecuritySettings',
      { requireTwoFactor: false, version: 0 },
      admin,
    );
    expect(stale.status).toBe(409);
    expect(
      (
        await t.post(
          '/api/organisation/updateSecuritySettings',
          { requireTwoFactor: 'yes', version: 1 },
          admin,
        )
      ).status,
    ).toBe(400);
    const contractor = await t.signIn('contractor1@demo.test');
    expect(
      (
        await t.post(
          '/api/organisation/updateSecuritySettings',
          { requireTwoFactor: false, version: 1 },
          contractor,
        )
      ).status,
    ).toBe(403);
    expect((await t.get('/api/organisation/getSecuritySettings', contractor)).status).toBe(403);
    expect((await t.get('/api/organisation/getSecuritySettings')).status).toBe(401);
    // Another organisation's rules are its own.
    const other = await t.signIn('admin@other.test');
    expect(
      (await t.get<SecuritySettings>('/api/organisation/getSecuritySettings', other)).body.data
        .requireTwoFactor,
    ).toBe(false);

    // An auditor of the organisation: set up first, then signed in, with its recovery codes.
    const step = await challengeOf('auditor1@demo.test');
    expect(step.enrol).toBe(true);
    expect((await verify(step.challenge, '123456')).status).toBe(401);
    const setup = await t.post<TwoFactorSetup>('/api/auth/twoFactor/enrolStart', {
      challenge: step.challenge,
    });
    expect(setup.status, setup.body.message).toBe(200);
    const wrong = await t.post('/api/auth/twoFactor/enrolConfirm', {
      challenge: step.challenge,
      code: codeAt(setup.body.data.secret, -120_000),
    });
    expect(wrong.status).toBe(401);
    const done = await t.post<ChallengeEnrolReply>('/api/auth/twoFactor/enrolConfirm', {
      challenge: step.challenge,
      code: codeAt(setup.body.data.secret),
    });
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data.recoveryCodes).toHaveLength(10);
    expect(done.body.data.profile.email).toBe('auditor1@demo.test');
    const auditor = cookieOf(done) ?? '';
    const status = await t.get<TwoFactorStatus>('/api/auth/twoFactor', auditor);
    expect(status.body.data).toMatchObject({ enabled: true, required: true });
    // Required: it cannot be turned off.
    clock.advance(60_000);
    const off = await t.post(
      '/api/auth/twoFactor/disable',
      { code: codeAt(setup.body.data.secret) },
      auditor,
    );
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(m.requiredByOrganisation);

    // Its admin too; a contractor signs in as before; the other organisation's admin too.
    expect((await challengeOf('admin@demo.test')).enrol).toBe(true);
    expect(
      cookieOf(
        await t.post('/api/auth/signIn', {
          email: 'contractor2@demo.test',
          password: DEMO_PASSWORD,
        }),
      ),
    ).not.toBeNull();
    expect(
      cookieOf(
        await t.post('/api/auth/signIn', { email: 'admin@other.test', password: DEMO_PASSWORD }),
      ),
    ).not.toBeNull();
    // An auditor that serves it among others is asked too.
    expect((await challengeOf('auditor2@demo.test')).enrol).toBe(true);
  });
});

describe("an admin's reset of a user's second factor", () => {
  it('removes it, writes the activity log and tells the user by mail', async () => {
    await enrol('contractor1@demo.test');
    const admin = await t.signIn('admin@demo.test');
    const c1 = await t.userId('contractor1@demo.test');
    const res = await t.post('/api/users/resetTwoFactor', { userId: c1 }, admin);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toMatch(/^Two-factor authentication of .+ has been reset$/);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'twoFactor.reset'), eq(auditLog.entityId, c1)));
    expect(row).toBeDefined();
    expect(row?.actorId).toBe(await t.userId('admin@demo.test'));
    const mail = await waitForMail('contractor1@demo.test', /two-factor authentication/i);
    expect(mail).toMatch(/Subject: Your two-factor authentication has been reset/);
    expect(unfold(mail)).toContain('Dana Admin');
    // The next sign-in asks for no code.
    expect(
      cookieOf(
        await t.post('/api/auth/signIn', {
          email: 'contractor1@demo.test',
          password: DEMO_PASSWORD,
        }),
      ),
    ).not.toBeNull();
    // Nothing to reset now.
    expect((await t.post('/api/users/resetTwoFactor', { userId: c1 }, admin)).status).toBe(409);
  });

  it('is the organisation admin’s, for its own users only', async () => {
    await enrol('contractor1@demo.test');
    const c1 = await t.userId('contractor1@demo.test');
    expect((await t.post('/api/users/resetTwoFactor', { userId: c1 })).status).toBe(401);
    const contractor = await t.signIn('contractor2@demo.test');
    expect((await t.post('/api/users/resetTwoFactor', { userId: c1 }, contractor)).status).toBe(
      403,
    );
    const other = await t.signIn('admin@other.test');
    const foreign = await t.post('/api/users/resetTwoFactor', { userId: c1 }, other);
    expect(foreign.status).toBe(404);
    const admin = await t.signIn('admin@demo.test');
    const bad = await t.post('/api/users/resetTwoFactor', {}, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(m.userIdRequired);
    // Its own is turned off with a code instead.
    expect(
      (
        await t.post(
          '/api/users/resetTwoFactor',
          { userId: await t.userId('admin@demo.test') },
          admin,
        )
      ).status,
    ).toBe(403);
  });
});

describe("one's own sessions", () => {
  const signInWith = async (email: string, userAgent: string) => {
    const res = await t.post('/api/auth/signIn', { email, password: DEMO_PASSWORD }, undefined, {
      'user-agent': userAgent,
    });
    return cookieOf(res) ?? '';
  };

  it('lists them with device, address, start and last seen, and signs out another one', async () => {
    await t.db.delete(sessions).where(eq(sessions.userId, await t.userId('contractor3@demo.test')));
    // The app's time is the database's here, so that no request of the first minute is due a write.
    clock.set(new Date());
    const desk = await signInWith('contractor3@demo.test', CHROME);
    const phone = await signInWith('contractor3@demo.test', IPHONE);
    const list = await t.get<SessionItem[]>('/api/auth/sessions', desk);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    const [mine, theirs] = list.body.data;
    expect(mine).toMatchObject({
      current: true,
      device: 'Chrome 120 on Windows 10',
      address: HERE,
      lastSeenAt: null,
    });
    expect(theirs).toMatchObject({
      current: false,
      device: expect.stringMatching(/Safari 17 on iOS/) as unknown,
    });
    // Its id is neither the cookie's token nor the stored hash of it.
    const stored = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, await t.userId('contractor3@demo.test')));
    expect(stored.map((s) => s.id)).not.toContain(theirs?._id);

    // Another user cannot end it; nor can this one end its own this way.
    const other = await t.signIn('admin@other.test');
    expect(
      (await t.post('/api/auth/revokeSession', { sessionId: theirs?._id }, other)).status,
    ).toBe(404);
    const own = await t.post('/api/auth/revokeSession', { sessionId: mine?._id }, desk);
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(m.thisSession);
    expect((await t.post('/api/auth/revokeSession', {}, desk)).status).toBe(400);
    expect((await t.post('/api/auth/revokeSession', { sessionId: theirs?._id })).status).toBe(401);
    expect((await t.get('/api/auth/sessions')).status).toBe(401);

    const ended = await t.post('/api/auth/revokeSession', { sessionId: theirs?._id }, desk);
    expect(ended.status, ended.body.message).toBe(200);
    expect((await t.get('/api/auth/me', phone)).status).toBe(401);
    expect((await t.get('/api/auth/me', desk)).status).toBe(200);
    expect((await t.post('/api/auth/revokeSession', { sessionId: theirs?._id }, desk)).status).toBe(
      404,
    );
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sessions.revoke'));
    expect(audit?.before).toMatchObject({ device: 'Safari 17 on iOS 17.2' });
  });

  it('writes the last seen time at most once a minute', async () => {
    const id = await t.userId('contractor3@demo.test');
    await t.db.delete(sessions).where(eq(sessions.userId, id));
    clock.set(new Date());
    const cookie = await signInWith('contractor3@demo.test', CHROME);
    const lastSeen = async () =>
      (
        await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, id))
      )[0]?.at ?? null;
    // Within the first minute: nothing to write.
    await t.get('/api/auth/me', cookie);
    await t.services.sessions.flush();
    expect(await lastSeen()).toBeNull();
    clock.advance(2 * 60_000);
    const writesBefore = t.authWrites();
    for (let i = 0; i < 5; i += 1) await t.get('/api/auth/me', cookie);
    // Nothing written per request: the flush writes it once.
    expect(t.authWrites()).toBe(writesBefore);
    await t.services.sessions.flush();
    expect((await lastSeen())?.getTime()).toBe(clock.now().getTime());
    const seenAt = clock.now().getTime();
    clock.advance(30_000);
    await t.get('/api/auth/me', cookie);
    await t.services.sessions.flush();
    expect((await lastSeen())?.getTime()).toBe(seenAt);
    const list = await t.get<SessionItem[]>('/api/auth/sessions', cookie);
    expect(list.body.data[0]?.lastSeenAt).toBe(new Date(seenAt).toISOString());
  });

  it('signs in with two-factor and records the device of the step', async () => {
    const { secret } = await enrol('contractor3@demo.test');
    const res = await t.post<TwoFactorChallenge>(
      '/api/auth/signIn',
      { email: 'contractor3@demo.test', password: DEMO_PASSWORD },
      undefined,
      { 'user-agent': IPHONE },
    );
    const done = await t.post(
      '/api/auth/verifyTwoFactor',
      { challenge: res.body.data.challenge, code: codeAt(secret) },
      undefined,
      { 'user-agent': IPHONE },
    );
    const cookie = cookieOf(done) ?? '';
    const list = await t.get<SessionItem[]>('/api/auth/sessions', cookie);
    expect(list.body.data.find((s) => s.current)?.device).toMatch(/Safari 17 on iOS/);
  });
});

describe("the organisation's time zone at a sign-in with a code (issue 60)", () => {
  it("is the browser's, sent with the code or the set-up's first code, for an organisation without one", async () => {
    // admin@other.test: two-factor on, the zone sent with the code of the step.
    const { secret } = await enrol('admin@other.test');
    const step = await challengeOf('admin@other.test');
    const done = await t.post<Profile>('/api/auth/verifyTwoFactor', {
      challenge: step.challenge,
      code: codeAt(secret),
      timeZone: 'Asia/Calcutta',
    });
    expect(done.status, done.body.message).toBe(200);
    const other = cookieOf(done) ?? '';
    expect((await t.get<TimeZoneSettings>('/api/organisation/getTimeZone', other)).body.data).toEqual({
      timeZone: 'Asia/Kolkata',
      isSet: true,
      version: 1,
    });

    // admin@demo.test: its organisation requires a set-up, the zone sent with its first code.
    const demoAdmin = await t.signIn('admin@demo.test');
    const rules = await t.get<SecuritySettings>('/api/organisation/getSecuritySettings', demoAdmin);
    const ruled = await t.post('/api/organisation/updateSecuritySettings', { requireTwoFactor: true, version: rules.body.data.version }, demoAdmin);
    expect(ruled.status, ruled.body.message).toBe(200);
    const required = await challengeOf('admin@demo.test');
    expect(required.enrol).toBe(true);
    const setup = await t.post<TwoFactorSetup>('/api/auth/twoFactor/enrolStart', { challenge: required.challenge });
    const confirmed = await t.post<ChallengeEnrolReply>('/api/auth/twoFactor/enrolConfirm', {
      challenge: required.challenge,
      code: codeAt(setup.body.data.secret),
      timeZone: 'America/New_York',
    });
    expect(confirmed.status, confirmed.body.message).toBe(200);
    const demo = cookieOf(confirmed) ?? '';
    expect((await t.get<TimeZoneSettings>('/api/organisation/getTimeZone', demo)).body.data.timeZone).toBe('America/New_York');

    // A zone once set is kept.
    clock.advance(60_000);
    const again = await challengeOf('admin@other.test');
    const later = await t.post('/api/auth/verifyTwoFactor', { challenge: again.challenge, code: codeAt(secret), timeZone: 'Europe/London' });
    expect(later.status).toBe(200);
    expect((await t.get<TimeZoneSettings>('/api/organisation/getTimeZone', cookieOf(later) ?? '')).body.data.timeZone).toBe('Asia/Kolkata');
  });
});

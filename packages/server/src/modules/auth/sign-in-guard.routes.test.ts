import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FREE_FAILURES, SIGN_IN_LOCK_FAILURES } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import { signInFailures } from '../../db/schema';
import { loadConfig } from '../../config';
import { passwordChecksMade } from '../../lib/passwords';
import { createTestApp, oobCodeOf, type TestApp } from '../../test/test-app';
import { EVERY_ADDRESS } from './sign-in-guard';

/** #17, authentication: limits that hold, codes and sessions that end when they should. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signInAs = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.post('/api/auth/signIn', { email, password }, undefined, headers);

/** The address of the tests' requests (inject's, with no trusted proxy). */
const HERE = '127.0.0.1';

/** The account's count from one address, or from every address (EVERY_ADDRESS). */
async function failuresOf(userId: string, address: string) {
  const [row] = await t.db.select().from(signInFailures).where(and(eq(signInFailures.userId, userId), eq(signInFailures.address, address)));
  return row;
}

/** Moves the account's last failure back in time, as if the wait had passed. */
async function ageLastFailure(userId: string, seconds: number): Promise<void> {
  await t.db
    .update(signInFailures)
    .set({ lastFailedAt: sql`${signInFailures.lastFailedAt} - make_interval(secs => ${seconds})` })
    .where(eq(signInFailures.userId, userId));
}

describe('TRUST_PROXY', () => {
  it('believes no forwarded header unless told, and takes a hop count or a list of proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});

// Apps of their own with a limit of 3 a minute, built in the hook (setup may take longer than a test).
describe('the address limit with a new X-Forwarded-For on each try', () => {
  let limited: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    behindProxy = await createTestApp({ AUTH_RATE_LIMIT: '3', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await limited.close();
    await behindProxy.close();
  });

  const tries = async (app: TestApp) => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await app.post('/api/auth/signIn', { email: 'nobody@demo.test', password: 'Wrong@123' }, undefined, {
        'x-forwarded-for': `203.0.113.${i + 1}`,
      });
      codes.push(res.status);
    }
    return codes;
  };

  it('does not get around the limit without a trusted proxy', async () => {
    expect(await tries(limited)).toEqual([404, 404, 404, 429, 429]);
  });

  it('keys the limit by the forwarded client address behind a trusted proxy', async () => {
    expect(await tries(behindProxy)).toEqual([404, 404, 404, 404, 404]);
  });
});

describe('failed sign-ins of one account', () => {
  it('slows down after a few failures, whatever the address, and a success starts again', async () => {
    const email = 'contractor2@demo.test';
    const userId = await t.userId(email);
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i += 1) {
      expect((await signInAs(email, 'Wrong@123', { 'x-forwarded-for': `198.51.100.${i}` })).status).toBe(401);
    }
    // The next failure makes the one after it wait, even with the right password.
    expect((await signInAs(email, 'Wrong@123')).status).toBe(401);
    const waiting = await signInAs(email, 'Demo@1234', { 'x-forwarded-for': '198.51.100.99' });
    expect(waiting.status).toBe(429);
    expect(waiting.body.message).toBe(messages.auth.signInWait(1));
    expect(waiting.body.data).toEqual({ retryAfterSeconds: 1 });

    await ageLastFailure(userId, 2);
    expect((await signInAs(email, 'Demo@1234')).status).toBe(200);
    expect(await t.db.select().from(signInFailures).where(eq(signInFailures.userId, userId))).toHaveLength(0);
  });

  it(`locks the account for 15 minutes after ${SIGN_IN_LOCK_FAILURES} failures; a password reset unlocks it`, async () => {
    const email = 'contractor3@demo.test';
    const userId = await t.userId(email);
    for (let i = 0; i < SIGN_IN_LOCK_FAILURES; i += 1) {
      const res = await signInAs(email, 'Wrong@123');
      expect(res.status).toBe(401);
      await ageLastFailure(userId, 120); // past every backoff, within the lock's window
    }
    const row = await failuresOf(userId, HERE);
    expect(row?.failures).toBe(SIGN_IN_LOCK_FAILURES);
    expect(row?.lockedUntil).toBeTruthy();
    // The account's count from every address waits, never locks.
    expect(await failuresOf(userId, EVERY_ADDRESS)).toMatchObject({ failures: SIGN_IN_LOCK_FAILURES, lockedUntil: null });

    const locked = await signInAs(email, 'Demo@1234');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(messages.auth.accountLocked(15));

    await t.post('/api/auth/forgotPassword', { email });
    const links = await t.outboxLinks(email);
    const oobCode = oobCodeOf(links[links.length - 1] ?? '');
    expect((await t.post('/api/auth/confirmPasswordReset', { oobCode, newPassword: 'Unlock@123' })).status).toBe(200);
    expect((await signInAs(email, 'Unlock@123')).status).toBe(200);
  });

  it('starts counting again once a lock has run out', async () => {
    const email = 'auditor1@demo.test';
    const userId = await t.userId(email);
    await t.db.insert(signInFailures).values({
      userId,
      failures: SIGN_IN_LOCK_FAILURES,
      lastFailedAt: new Date(Date.now() - 16 * 60_000),
      lockedUntil: new Date(Date.now() - 60_000),
    });
    expect((await signInAs(email, 'Wrong@123')).status).toBe(401);
    expect(await failuresOf(userId, EVERY_ADDRESS)).toMatchObject({ failures: 1, lockedUntil: null });
    expect((await signInAs(email, 'Demo@1234')).status).toBe(200);
  });
});

// An app behind one trusted proxy, so that tries come from the addresses they name.
describe('failed sign-ins from one address (issue 64)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await proxied.close();
  });
  const from = (address: string, email: string, password: string) =>
    proxied.post('/api/auth/signIn', { email, password }, undefined, { 'x-forwarded-for': address });
  const age = (userId: string, seconds: number) =>
    proxied.db
      .update(signInFailures)
      .set({ lastFailedAt: sql`${signInFailures.lastFailedAt} - make_interval(secs => ${seconds})` })
      .where(eq(signInFailures.userId, userId));

  it(`lock that address out after ${SIGN_IN_LOCK_FAILURES}; the owner, from another address, only waits, then signs in`, async () => {
    const email = 'contractor1@demo.test';
    const userId = await proxied.userId(email);
    for (let i = 0; i < SIGN_IN_LOCK_FAILURES; i += 1) {
      expect((await from('203.0.113.7', email, 'Wrong@123')).status).toBe(401);
      await age(userId, 120);
    }
    await age(userId, -120); // the last failure is now
    // The attacker's address is locked out, with the right password too.
    const locked = await from('203.0.113.7', email, 'Demo@1234');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(messages.auth.accountLocked(15));
    // The owner's address is slowed by the account's count (a minute at most), not locked.
    const slowed = await from('198.51.100.20', email, 'Demo@1234');
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toMatch(/second/);
    await age(userId, 61);
    expect((await from('198.51.100.20', email, 'Demo@1234')).status).toBe(200);
    // The success started the account's count again; the attacker's address stays locked.
    const rows = await proxied.db.select().from(signInFailures).where(eq(signInFailures.userId, userId));
    expect(rows.map((r) => r.address)).toEqual(['203.0.113.7']);
    expect((await from('203.0.113.7', email, 'Demo@1234')).status).toBe(429);
  });
});

describe('an unknown e-mail', () => {
  it('costs a password check, as a wrong password does (its answer does not come sooner)', async () => {
    const before = passwordChecksMade();
    expect((await signInAs('nobody-here@demo.test', 'Wrong@123')).status).toBe(404);
    expect(passwordChecksMade() - before).toBe(1);
    const wrong = passwordChecksMade();
    expect((await signInAs('employee3@demo.test', 'Wrong@123')).status).toBe(401);
    expect(passwordChecksMade() - wrong).toBe(1);
  });
});

describe('many wrong sign-ins to one account at once', () => {
  it(`let at most ${SIGN_IN_FREE_FAILURES + 1} reach the password check: each claims its try before the check`, async () => {
    const email = 'employee2@demo.test';
    const userId = await t.userId(email);
    const tries = 20;
    const replies = await Promise.all(
      Array.from({ length: tries }, (_, i) => signInAs(email, 'Wrong@123', { 'x-forwarded-for': `203.0.113.${i}` })),
    );
    const statuses = replies.map((r) => r.status);
    // 401 is a try whose password was checked; 429 one refused before the check.
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked, statuses.join(' ')).toBeLessThanOrEqual(SIGN_IN_FREE_FAILURES + 1);
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(tries - checked);
    for (const r of replies.filter((x) => x.status === 429)) expect(r.headers['retry-after']).toBeDefined();
    expect((await failuresOf(userId, EVERY_ADDRESS))?.failures).toBe(checked);

    // Once the wait has passed, the right password signs in and the count starts again.
    await ageLastFailure(userId, 120);
    expect((await signInAs(email, 'Demo@1234')).status).toBe(200);
    expect(await t.db.select().from(signInFailures).where(eq(signInFailures.userId, userId))).toHaveLength(0);
  });
});

describe('reset codes', () => {
  it('a newer link voids the older one, and a used link voids the rest', async () => {
    const email = 'employee4@demo.test';
    await t.post('/api/auth/forgotPassword', { email });
    await t.post('/api/auth/forgotPassword', { email });
    const links = await t.outboxLinks(email);
    const older = oobCodeOf(links[links.length - 2] ?? '');
    const newer = oobCodeOf(links[links.length - 1] ?? '');
    const stale = await t.post('/api/auth/verifyResetCode', { oobCode: older });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(messages.auth.resetLinkInvalid);
    expect((await t.post('/api/auth/verifyResetCode', { oobCode: newer })).status).toBe(200);
    expect((await t.post('/api/auth/confirmPasswordReset', { oobCode: newer, newPassword: 'Reset@123' })).status).toBe(200);
    expect((await t.post('/api/auth/confirmPasswordReset', { oobCode: older, newPassword: 'Other@123' })).status).toBe(400);
    await t.signIn(email, 'Reset@123');
  });

  it('changing the password voids a reset link sent before', async () => {
    const email = 'admin@other.test';
    await t.post('/api/auth/forgotPassword', { email });
    const links = await t.outboxLinks(email);
    const oobCode = oobCodeOf(links[links.length - 1] ?? '');
    const cookie = await t.signIn(email);
    expect((await t.post('/api/auth/changePasswordWithEmail', { email, currentPassword: 'Demo@1234', password: 'Changed@123' }, cookie)).status).toBe(200);
    expect((await t.post('/api/auth/verifyResetCode', { oobCode })).status).toBe(400);
  });
});

describe('other sessions', () => {
  it('changing the password ends every other session and keeps this one', async () => {
    const email = 'contractor@other.test';
    const here = await t.signIn(email);
    const elsewhere = await t.signIn(email);
    expect((await t.post('/api/auth/changePasswordWithEmail', { email, currentPassword: 'Demo@1234', password: 'Changed@123' }, here)).status).toBe(200);
    expect((await t.get('/api/auth/me', here)).status).toBe(200);
    expect((await t.get('/api/auth/me', elsewhere)).status).toBe(401);
  });

  it('"Sign out of all other devices" ends the others and says how many', async () => {
    const email = 'auditor2@demo.test';
    const here = await t.signIn(email);
    const phone = await t.signIn(email);
    const laptop = await t.signIn(email);
    const res = await t.post<{ ended: number }>('/api/auth/signOutOtherSessions', {}, here);
    expect(res.status).toBe(200);
    expect(res.body.data.ended).toBeGreaterThanOrEqual(2);
    expect(res.body.message).toBe(messages.auth.otherSessionsSignedOut(res.body.data.ended));
    expect((await t.get('/api/auth/me', here)).status).toBe(200);
    expect((await t.get('/api/auth/me', phone)).status).toBe(401);
    expect((await t.get('/api/auth/me', laptop)).status).toBe(401);
    const again = await t.post<{ ended: number }>('/api/auth/signOutOtherSessions', {}, here);
    expect(again.body).toMatchObject({ data: { ended: 0 }, message: messages.auth.otherSessionsSignedOut(0) });
    expect((await t.post('/api/auth/signOutOtherSessions', {})).status).toBe(401);
  });
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_CHANNEL } from '../db/freshness';
import { createTestApp, type TestApp } from '../test/test-app';
import { startTwoInstances, type TwoInstances } from '../test/two-instances';
import { EVENTUALLY_MS } from '../test/waits';

/**
 * Session lookups are kept in memory until sessions, users or organisations change
 * (db/freshness.ts): these tests hold the kept lookups to every change that must end or alter a
 * session at once, on the instance that made it and, on PostgreSQL, on every other.
 */
describe('kept session lookups, one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('end at once with sign-out', async () => {
    const cookie = await t.signIn('contractor2@demo.test');
    expect((await t.get('/api/auth/me', cookie)).status).toBe(200);
    expect((await t.get('/api/auth/me', cookie)).status).toBe(200);
    expect((await t.post('/api/auth/signOut', {}, cookie)).status).toBe(200);
    expect((await t.get('/api/auth/me', cookie)).status).toBe(401);
  });

  it("follow the user's changes at once (a disabled account is signed out)", async () => {
    const admin = await t.signIn('admin@demo.test');
    const auditor = await t.signIn('auditor1@demo.test');
    const id = await t.userId('auditor1@demo.test');
    expect((await t.get('/api/auth/me', auditor)).status).toBe(200);
    const off = await t.post('/api/tpi/changeTpiAccStatus', { tpiId: id, disable: true }, admin);
    expect(off.status, off.body.message).toBe(200);
    expect((await t.get('/api/auth/me', auditor)).status).toBe(401);
    await t.post('/api/tpi/changeTpiAccStatus', { tpiId: id, disable: false }, admin);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.runIf(pgUrl !== undefined && process.env.PALISADE_TEST_BACKEND === 'postgres')('kept session lookups, two instances on one PostgreSQL', () => {
  let two: TwoInstances;
  beforeAll(async () => {
    two = await startTwoInstances();
  });
  afterAll(async () => {
    await two.close();
  });

  const me = (i: 0 | 1, cookie: string) => two.apps[i].inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

  /** Asks instance i until it answers `status` (the other instance's change arrives by NOTIFY). */
  async function eventually(i: 0 | 1, cookie: string, status: number): Promise<number> {
    const deadline = Date.now() + EVENTUALLY_MS;
    for (;;) {
      const res = await me(i, cookie);
      if (res.statusCode === status || Date.now() > deadline) return res.statusCode;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('a sign-out through the first ends the session on the second too', async () => {
    const cookie = await two.signIn(0, 'contractor1@demo.test');
    expect((await me(1, cookie)).statusCode).toBe(200);
    expect((await me(1, cookie)).statusCode).toBe(200); // now kept by the second
    const out = await two.apps[0].inject({ method: 'POST', url: '/api/auth/signOut', headers: { cookie, origin: 'http://localhost:3000' } });
    expect(out.statusCode).toBe(200);
    expect((await me(0, cookie)).statusCode).toBe(401);
    expect(await eventually(1, cookie, 401)).toBe(401);
  });

  it('a change made straight in the database (no instance) is heard too; a lost LISTEN keeps nothing until it is back', async () => {
    const cookie = await two.signIn(0, 'contractor2@demo.test');
    expect((await me(1, cookie)).statusCode).toBe(200);
    const direct = new pg.Client({ connectionString: two.dbUrl });
    await direct.connect();
    try {
      // The LISTEN connections are cut (as by a failover) and the session ends meanwhile.
      await direct.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`);
      await direct.query(`delete from sessions`);
      expect(await eventually(1, cookie, 401)).toBe(401);
      // A second session: kept again once the LISTEN is back, and ended by a direct update.
      const again = await two.signIn(0, 'contractor2@demo.test');
      expect(await eventually(1, again, 200)).toBe(200);
      await direct.query(`update users set is_active = false where email = 'contractor2@demo.test'`);
      expect(await eventually(1, again, 401)).toBe(401);
      await direct.query(`update users set is_active = true where email = 'contractor2@demo.test'`);
      // The channel the migration's triggers notify is the one the instances listen on.
      const heard = new Promise<string>((resolve) => direct.on('notification', (n) => resolve(n.channel)));
      await direct.query(`listen ${AUTH_CHANNEL}`);
      await direct.query(`update organisations set name = name`);
      expect(await heard).toBe(AUTH_CHANNEL);
    } finally {
      await direct.end();
    }
  });
});

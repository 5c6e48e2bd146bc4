import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { RealtimeServerFrame } from '@palisade/domain/chat/chat.schema';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { mailJobs } from '../../db/schema';
import type { Mail, Mailer } from '../../mail/mailer';
import { createSeededTestDatabase, signInThrough } from '../../test/test-app';
import { TestSocket } from '../../realtime/test-socket';
import { startTwoInstances } from '../../test/two-instances';
import type { MailQueueOptions } from './mail-queue';
import { retryDelayMs } from './mail-queue';
import { notificationsRepository } from './notifications.repository';
import { createAssessment, demoBank, jobsWithStatus, waitFor } from '../../test/notifications-helpers';
import type { TestApp } from '../../test/test-app';

const onPostgres = process.env.PALISADE_TEST_BACKEND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

/** A mailer that keeps what it is given, failing the first `failures` sends. */
function recordingMailer(failures = 0, error = 'smtp down'): Mailer & { sent: Mail[]; tries: number } {
  const box = {
    sent: [] as Mail[],
    tries: 0,
    async send(mail: Mail) {
      box.tries += 1;
      if (box.tries <= failures) throw new Error(error);
      box.sent.push(mail);
    },
  };
  return box;
}

let database: Database;
let dropDatabase: (() => Promise<void>) | null;
let dataDir: string;

beforeAll(async () => {
  ({ database, dropDatabase } = await createSeededTestDatabase());
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'palisade-queue-'));
});
afterAll(async () => {
  await database.close();
  if (dropDatabase) await dropDatabase();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** An instance of the app on the file's database (not closed with it). */
async function instance(mailer: Mailer, mailQueue: Partial<MailQueueOptions> | false): Promise<App> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web'), PUBLIC_URL: 'http://localhost:3000', AUTH_RATE_LIMIT: '1000' });
  const built = await buildApp({ config, database, mailer, mailQueue, notificationSweepMs: 3_600_000 });
  await built.app.ready();
  return built;
}

/** Enough of TestApp for the helpers: post through inject. */
function client(app: App): TestApp {
  return {
    async post(url: string, body?: unknown, cookie?: string) {
      const res = await app.app.inject({ method: 'POST', url, payload: body as object, headers: cookie ? { cookie } : {} });
      return { status: res.statusCode, body: res.json(), headers: res.headers, raw: res };
    },
  } as unknown as TestApp;
}

/** Shares a new assessment with contractor1; the id of contractor1's queued mail. */
async function shareWithContractor1(app: App, name: string): Promise<number> {
  const admin = await signInThrough(app.app, 'admin@demo.test');
  const t = client(app);
  const me = await app.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: admin } });
  const org = me.json<{ data: Profile }>().data.cmp_id ?? '';
  const c1 = await contractor1Id(app);
  await createAssessment(t, admin, await demoBank(t, admin, org), name, [c1]);
  const jobs = (await database.db.select().from(mailJobs)).filter((j) => j.subject.includes(name));
  expect(jobs).toHaveLength(1);
  return jobs[0]?.id ?? -1;
}

async function contractor1Id(app: App): Promise<string> {
  const cookie = await signInThrough(app.app, 'contractor1@demo.test');
  const me = await app.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  return me.json<{ data: Profile }>().data._id;
}

const job = async (id: number) => (await database.db.select().from(mailJobs).where(eq(mailJobs.id, id)))[0];

describe('mail queue', () => {
  it('doubles the delay per failed attempt', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 100))).toEqual([100, 200, 400, 800]);
  });

  it('retries a failed send with backoff and gives up after N tries, keeping the error', async () => {
    const flaky = recordingMailer(1);
    const a = await instance(flaky, { pollMs: 50, backoffMs: 20, maxAttempts: 3 });
    try {
      const id = await shareWithContractor1(a, 'Queue Flaky Audit');
      const sent = await waitFor(() => job(id), (j) => j?.status === 'sent');
      // The failure of the first try stays on the row.
      expect(sent).toMatchObject({ attempts: 2, lastError: 'smtp down' });
      expect(flaky.sent.filter((m) => m.subject.includes('Queue Flaky Audit'))).toHaveLength(1);
    } finally {
      await a.app.close();
    }

    const down = recordingMailer(Number.MAX_SAFE_INTEGER, 'connect ECONNREFUSED');
    const b = await instance(down, { pollMs: 50, backoffMs: 20, maxAttempts: 3 });
    try {
      const id = await shareWithContractor1(b, 'Queue Down Audit');
      const failed = await waitFor(() => job(id), (j) => j?.status === 'failed');
      expect(failed).toMatchObject({ attempts: 3, lastError: 'connect ECONNREFUSED', sentAt: null });
      // Given up: no more tries.
      const tries = down.tries;
      await new Promise((r) => setTimeout(r, 300));
      expect(down.tries).toBe(tries);
    } finally {
      await b.app.close();
    }
  });

  it('a server stopped between the change and the send delivers after its restart, once', async () => {
    const first = await instance(recordingMailer(), false);
    const id = await shareWithContractor1(first, 'Queue Restart Audit');
    await first.app.close();
    expect((await job(id))?.status).toBe('pending');

    // A worker that claimed a mail and died before sending it: its lease runs out, another sends it.
    const dying = await instance(recordingMailer(), false);
    const orphan = await shareWithContractor1(dying, 'Queue Orphan Audit');
    await dying.app.close();
    const claimed = await notificationsRepository.claimMails(database.db, 100, 300);
    expect(claimed.map((c) => c.id).sort()).toEqual([id, orphan].sort());

    const mailer = recordingMailer();
    const second = await instance(mailer, { pollMs: 50 });
    try {
      await waitFor(() => Promise.all([job(id), job(orphan)]), (js) => js.every((j) => j?.status === 'sent'));
      expect(mailer.sent.filter((m) => m.subject.includes('Queue Restart Audit'))).toHaveLength(1);
      expect(mailer.sent.filter((m) => m.subject.includes('Queue Orphan Audit'))).toHaveLength(1);
      expect(await jobsWithStatus(database.db, 'pending')).toEqual([]);
    } finally {
      await second.app.close();
    }
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  it('deliver each mail once', async () => {
    const two = await startTwoInstances();
    const db = new pg.Client({ connectionString: two.dbUrl });
    await db.connect();
    try {
      const admin = await two.signIn(0, 'admin@demo.test');
      const post = async (i: 0 | 1, url: string, body: unknown) => {
        const res = await fetch(`${two.bases[i]}${url}`, { method: 'POST', headers: { cookie: admin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return (await res.json()) as { code: number; data: unknown; message: string };
      };
      const me = await fetch(`${two.bases[0]}/api/auth/me`, { headers: { cookie: admin } });
      const org = ((await me.json()) as { data: Profile }).data.cmp_id ?? '';
      const cats = (await post(0, '/api/assessment/categories/getAssessCategoriesByCompanyId', { companyId: org })).data as Array<{ _id: string }>;
      const qs = (await post(0, '/api/assessment/questions/getQuestionsByCompanyId', { companyId: org })).data as Array<{ _id: string }>;
      const contractors = await db.query<{ id: string }>(`select id from users where email in ('contractor1@demo.test','contractor2@demo.test','contractor3@demo.test')`);
      // contractor1 follows its notifications on the other instance.
      const live = await TestSocket.open(two.bases[1], await two.signIn(1, 'contractor1@demo.test'));
      live.send({ type: 'ping' });
      await live.next((f): f is Extract<RealtimeServerFrame, { type: 'pong' }> => f.type === 'pong');
      // Ten assessments through both instances: thirty mails, nudging both workers each time.
      for (let i = 0; i < 10; i += 1) {
        const res = await post((i % 2) as 0 | 1, '/api/assessment/createAssessment', {
          name: `Twin Audit ${i}`,
          dueDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
          contractors: contractors.rows.map((r) => r.id),
          sections: [{ category: cats[0]?._id, totalMarks: 10, factors: { social: true }, questions: [{ question: qs[0]?._id, questType: { answerType: 'yesNo' } }] }],
        });
        expect(res.code, res.message).toBe(200);
      }
      // Shared on instance 0, told on instance 1's socket.
      await live.next((f): f is Extract<RealtimeServerFrame, { type: 'notifications' }> => f.type === 'notifications' && f.unread > 0, 10_000);
      live.close();
      const outbox = path.join(two.dataDir, 'outbox');
      const done = await waitFor(
        async () => (await db.query<{ status: string; n: number }>(`select status, count(*)::int as n from mail_jobs group by status`)).rows,
        (rows) => rows.length === 1 && rows[0]?.status === 'sent',
        60_000,
      );
      const total = done[0]?.n ?? 0;
      const shared = await db.query<{ n: number }>(`select count(*)::int as n from mail_jobs where kind = 'assessment_shared'`);
      expect(shared.rows[0]?.n).toBe(30);
      const files = (await fs.readdir(outbox)).filter((f) => f.endsWith('.eml'));
      expect(files.length).toBe(total);
      const attempts = await db.query<{ n: number }>(`select count(*)::int as n from mail_jobs where attempts <> 1`);
      expect(attempts.rows[0]?.n).toBe(0);
    } finally {
      await db.end();
      await two.close();
    }
  });
});

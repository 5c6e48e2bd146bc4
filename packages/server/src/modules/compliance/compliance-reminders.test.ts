import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { TimeZoneSettings } from '@palisade/domain/organisations/time-zone.schema';
import type { MyComplianceReply, Requirement } from '@palisade/domain/compliance/compliance.schema';
import type { ComplianceStatus } from '@palisade/domain/compliance/compliance.rules';
import { openDatabase } from '../../db/client';
import { mailJobs, notifications } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { PDF_BYTES, postForm } from '../../test/documents-helpers';
import { createProcessBus } from '../../realtime/bus';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createNotificationsService } from '../notifications/notifications.service';
import { createComplianceReminders } from './compliance-reminders';

const C = '/api/compliance';
/** Far after the demo's own dates: the seed's documents are long expired by then, none is reminded. */
const START = '2031-03-03T09:00:00Z';
const clock = manualClock(START);
const at = (day: string) => new Date(`${day}T09:00:00Z`);

let t: TestApp;
let admin: string;
let contractor: string;
let organisationId: string;
let contractorId: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock, notificationSweepMs: 3_600_000 });
  admin = await t.signIn('admin@demo.test');
  contractor = await t.signIn('contractor1@demo.test');
  organisationId = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  contractorId = await t.userId('contractor1@demo.test');
});
afterAll(async () => {
  await t.close();
});

/** A requirement of this test's own for contractor1 (reminders 30 and 1 days before), its name unique. */
async function requirement(name: string): Promise<Requirement> {
  const res = await t.post<Requirement>(
    `${C}/createRequirement`,
    { companyId: organisationId, name, appliesTo: 'COMPANIES', contractorIds: [contractorId], reminderDays: [30, 1] },
    admin,
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/** contractor1 uploads a version (issued and expiring on the days given) and the admin accepts it; its id. */
async function acceptedVersion(requirementId: string, issueDate: string, expiryDate: string): Promise<string> {
  const id = crypto.randomUUID();
  const up = await postForm<{ _id: string }>(t, `${C}/uploadDocument`, contractor, [['id', id], ['requirementId', requirementId], ['issueDate', issueDate], ['expiryDate', expiryDate]], [{ name: 'certificate.pdf', content: PDF_BYTES, field: 'file' }]);
  expect(up.status, up.body.message).toBe(200);
  const review = await t.post(`${C}/reviewDocument`, { documentId: id, decision: 'ACCEPTED' }, admin);
  expect(review.status, review.body.message).toBe(200);
  return id;
}

/** contractor1's notifications about `name` of the expiry kind, oldest first: their titles. */
async function toldAbout(name: string): Promise<string[]> {
  const rows = await t.db
    .select({ title: notifications.title })
    .from(notifications)
    .where(and(eq(notifications.userId, contractorId), eq(notifications.kind, 'compliance_expiry'), like(notifications.title, `${name}%`)))
    .orderBy(notifications.createdAt, notifications.id);
  return rows.map((r) => r.title);
}

async function mailsAbout(name: string): Promise<number> {
  const rows = await t.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(mailJobs)
    .where(and(eq(mailJobs.userId, contractorId), eq(mailJobs.kind, 'compliance_expiry'), like(mailJobs.subject, `%${name}%`)));
  return rows[0]?.n ?? 0;
}

async function statusOf(requirementId: string): Promise<ComplianceStatus | undefined> {
  const mine = await t.post<MyComplianceReply>(`${C}/listMyCompliance`, { companyId: organisationId }, contractor);
  expect(mine.status, mine.body.message).toBe(200);
  return mine.body.data.items.find((i) => i.requirement._id === requirementId)?.status;
}

describe('compliance reminders', () => {
  it('walks a document from Valid through Expiring to Expired: one reminder at 30 days, 1 day and on the day, each once', async () => {
    const name = `Crane operator licence ${Date.now().toString(36)}`;
    const req = await requirement(name);
    clock.set(at('2031-03-03'));
    await acceptedVersion(req._id, '2031-03-01', '2031-04-15');
    const sweeper = t.services.complianceReminders;

    // 43 days before: valid, nothing told.
    await sweeper.sweep(at('2031-03-03'));
    expect(await statusOf(req._id)).toBe('VALID');
    expect(await toldAbout(name)).toEqual([]);

    // 31 days before: still valid (the window is 30 days); 30 days before: expiring, told once however often swept.
    clock.set(at('2031-03-15'));
    await sweeper.sweep();
    expect(await statusOf(req._id)).toBe('VALID');
    clock.set(at('2031-03-16'));
    await sweeper.sweep();
    await sweeper.sweep();
    expect(await statusOf(req._id)).toBe('EXPIRING');
    expect(await toldAbout(name)).toEqual([`${name} expires in 30 days`]);

    // A day between reminder days tells nothing.
    clock.set(at('2031-04-01'));
    await sweeper.sweep();
    expect(await toldAbout(name)).toHaveLength(1);

    clock.set(at('2031-04-14'));
    await sweeper.sweep();
    clock.set(at('2031-04-15'));
    await Promise.all([sweeper.sweep(), sweeper.sweep()]);
    expect(await statusOf(req._id)).toBe('EXPIRING');
    clock.set(at('2031-04-16'));
    await sweeper.sweep();
    expect(await statusOf(req._id)).toBe('EXPIRED');
    expect(await toldAbout(name)).toEqual([`${name} expires in 30 days`, `${name} expires in 1 day`, `${name} expires today`]);
    // One mail per notification (contractor1 has mails on).
    expect(await mailsAbout(name)).toBe(3);
  });

  it('a renewed version is reminded on its own dates; the replaced one is not reminded again', async () => {
    const name = `Scaffold inspection ${Date.now().toString(36)}`;
    const req = await requirement(name);
    clock.set(at('2031-05-01'));
    const first = await acceptedVersion(req._id, '2031-04-20', '2031-05-31');
    await t.services.complianceReminders.sweep(at('2031-05-01'));
    expect(await toldAbout(name)).toEqual([`${name} expires in 30 days`]);
    // Renewed before it expires: the new version expires a year on; the old one's later days pass in silence.
    clock.set(at('2031-05-02'));
    const second = await acceptedVersion(req._id, '2031-05-02', '2032-05-31');
    expect(second).not.toBe(first);
    await t.services.complianceReminders.sweep(at('2031-05-30'));
    await t.services.complianceReminders.sweep(at('2031-05-31'));
    expect(await toldAbout(name)).toEqual([`${name} expires in 30 days`]);
    expect(await statusOf(req._id)).toBe('VALID');
    await t.services.complianceReminders.sweep(at('2032-05-01'));
    expect(await toldAbout(name)).toEqual([`${name} expires in 30 days`, `${name} expires in 30 days`]);
  });

  it('a retired requirement reminds nobody', async () => {
    const name = `Retired permit ${Date.now().toString(36)}`;
    const req = await requirement(name);
    clock.set(at('2031-06-01'));
    await acceptedVersion(req._id, '2031-05-20', '2031-07-01');
    const retired = await t.post(`${C}/retireRequirement`, { requirementId: req._id, version: req.version }, admin);
    expect(retired.status, retired.body.message).toBe(200);
    await t.services.complianceReminders.sweep(at('2031-06-01'));
    expect(await toldAbout(name)).toEqual([]);
  });

  it('the weekly digest: each admin of the organisation once a week, with what expires in 30 days and what has expired', async () => {
    const digestsOf = async () =>
      t.db
        .select({ title: notifications.title, userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.kind, 'compliance_digest'), eq(notifications.organisationId, organisationId)));
    const before = (await digestsOf()).length;
    // Wednesday 2031-07-09 and the Sunday after are one week; the Monday after is the next.
    const name = `Digest check ${Date.now().toString(36)}`;
    const req = await requirement(name);
    clock.set(at('2031-07-09'));
    await acceptedVersion(req._id, '2031-07-01', '2031-07-30');
    const figures = await t.rows<{ expiring: number; expired: number }>(sql`
      select count(*) filter (where cc.expiry_date >= date '2031-07-09')::int as expiring,
             count(*) filter (where cc.expiry_date < date '2031-07-09')::int as expired
      from compliance_current cc join compliance_requirements r on r.id = cc.requirement_id
      where cc.organisation_id = ${organisationId} and cc.state = 'ACCEPTED' and r.retired_at is null and r.expires
        and cc.expiry_date <= date '2031-08-08'`);
    const [expected] = figures;
    await t.services.complianceReminders.sweepDigests(at('2031-07-09'));
    await t.services.complianceReminders.sweepDigests(at('2031-07-13'));
    const week1 = (await digestsOf()).slice(before);
    expect(week1.length).toBeGreaterThan(0);
    expect(new Set(week1.map((d) => d.userId)).size).toBe(week1.length);
    expect(week1[0]?.title).toBe(`Compliance: ${expected?.expiring} expiring in 30 days, ${expected?.expired} expired`);
    await t.services.complianceReminders.sweepDigests(at('2031-07-14'));
    expect((await digestsOf()).length - before).toBe(week1.length * 2);
  });

  it("the digest's week is the organisation's (issue 60): Monday 00:30 in Kolkata is Sunday 19:00 in UTC", async () => {
    const digests = async () =>
      (await t.rows<{ week: string }>(sql`select week_of::text as week from compliance_digests where organisation_id = ${organisationId} order by week_of`)).map((r) => r.week);
    const name = `Digest week ${Date.now().toString(36)}`;
    const req = await requirement(name);
    clock.set(at('2031-07-16'));
    await acceptedVersion(req._id, '2031-07-01', '2031-08-05');
    await t.services.complianceReminders.sweepDigests(at('2031-07-16'));
    expect(await digests()).toContain('2031-07-14');
    expect(await digests()).not.toContain('2031-07-21');
    const zone = await t.get<TimeZoneSettings>('/api/organisation/getTimeZone', admin);
    const kolkata = await t.post<TimeZoneSettings>('/api/organisation/setTimeZone', { timeZone: 'Asia/Kolkata', version: zone.body.data.version }, admin);
    expect(kolkata.status, kolkata.body.message).toBe(200);
    try {
      // Sunday 18:29Z is still Sunday in Kolkata (23:59): the week of the 14th, told already.
      await t.services.complianceReminders.sweepDigests(new Date('2031-07-20T18:29:00Z'));
      expect(await digests()).not.toContain('2031-07-21');
      // 19:00Z on Sunday (in UTC still the week of the 14th) is Monday 00:30 there: the next week's.
      await t.services.complianceReminders.sweepDigests(new Date('2031-07-20T19:00:00Z'));
      expect(await digests()).toContain('2031-07-21');
    } finally {
      const back = await t.post('/api/organisation/setTimeZone', { timeZone: zone.body.data.timeZone, version: kolkata.body.data.version }, admin);
      expect(back.status).toBe(200);
    }
  });

  it.runIf(process.env.PALISADE_TEST_BACKEND === 'postgres')(
    'two instances sweeping at once on PostgreSQL tell each reminder once', async () => {
    const name = `Two instances ${Date.now().toString(36)}`;
    const req = await requirement(name);
    clock.set(at('2031-09-01'));
    await acceptedVersion(req._id, '2031-08-20', '2031-10-01');
    // A second instance: its own connection pool and services on the same database.
    const url = t.dbUrl ?? '';
    expect(url).not.toBe('');
    const second = await openDatabase({ databaseUrl: url, pgliteDir: 'memory' });
    try {
      const notifier = createNotificationsService({ db: second.db, publicUrl: 'http://localhost:3000', bus: createProcessBus(), clock });
      const other = createComplianceReminders({ db: second.db, clock, notifier });
      await Promise.all([t.services.complianceReminders.sweep(at('2031-09-01')), other.sweep(at('2031-09-01')), other.sweep(at('2031-09-01'))]);
      expect(await toldAbout(name)).toEqual([`${name} expires in 30 days`]);
      expect(await mailsAbout(name)).toBe(1);
    } finally {
      await second.close();
    }
  });
});

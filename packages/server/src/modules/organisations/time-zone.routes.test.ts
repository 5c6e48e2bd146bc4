import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import type { PendingTasksReply, PerformanceRow } from '@palisade/domain/dashboards/dashboard.schema';
import { messages } from '@palisade/domain/messages';
import type { TimeZoneSettings } from '@palisade/domain/organisations/time-zone.schema';
import { timeZoneMessages } from '@palisade/domain/organisations/time-zone.messages';
import { auditLog } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { DEMO_PASSWORD } from '../../seed/demo';
import { complete, createAssessment, demoBank, notificationsOf, start, submitted, type Bank } from '../../test/notifications-helpers';
import { demoSessions } from '../../test/demo-sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

const O = '/api/organisation';
const clock = manualClock(new Date('2027-01-05T09:00:00Z'));
const DUE = '2027-01-13';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let auditor: string;
let c1: string;
let c2: string;
let c1Id: string;
let c2Id: string;
let demoOrg: string;
let bank: Bank;

beforeAll(async () => {
  t = await createTestApp({}, { clock, notificationSweepMs: 3_600_000, rankingSweepMs: false });
  ({ admin, otherAdmin, auditor, c1, c2, c1Id, c2Id, demoOrg } = await demoSessions(t));
  bank = await demoBank(t, admin, demoOrg);
});
afterAll(async () => {
  await t.close();
});

const get = (cookie?: string) => t.get<TimeZoneSettings>(`${O}/getTimeZone`, cookie);
const set = (body: unknown, cookie = admin) => t.post<TimeZoneSettings>(`${O}/setTimeZone`, body, cookie);

describe('getTimeZone and setTimeZone', () => {
  it('is UTC and not set at first; the admin sets it with its version, which anyone of the organisation reads; stale is 409; logged', async () => {
    expect((await get(admin)).body.data).toEqual({ timeZone: 'UTC', isSet: false, version: 0 });
    // Named as browsers still name it: stored by its current name.
    const saved = await set({ timeZone: 'Asia/Calcutta', version: 0 });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.message).toBe(timeZoneMessages.saved);
    expect(saved.body.data).toEqual({ timeZone: 'Asia/Kolkata', isSet: true, version: 1 });
    for (const cookie of [admin, auditor, c1]) expect((await get(cookie)).body.data).toMatchObject({ timeZone: 'Asia/Kolkata', isSet: true });
    // The profile carries its working organisation's zone (the screens' today), at once.
    for (const cookie of [admin, auditor, c1]) expect((await t.get<Profile>('/api/auth/me', cookie)).body.data.timeZone).toBe('Asia/Kolkata');
    expect((await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.timeZone).toBe('UTC');
    // Based on the version before: refused, nothing changed.
    const stale = await set({ timeZone: 'Europe/London', version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(messages.http.changedBySomeoneElse);
    expect((await get(admin)).body.data.timeZone).toBe('Asia/Kolkata');
    // The other organisation keeps its own.
    expect((await get(otherAdmin)).body.data).toEqual({ timeZone: 'UTC', isSet: false, version: 0 });
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, demoOrg), eq(auditLog.action, 'organisation.timeZone')))
      .orderBy(asc(auditLog.at));
    expect(logged.at(-1)).toMatchObject({ before: { timeZone: null }, after: { timeZone: 'Asia/Kolkata' } });
  });

  it('refuses a name that is not a time zone, and no version, with a message naming it; no session is 401, a contractor or auditor 403', async () => {
    const bad = await set({ timeZone: 'Mars/Olympus_Mons', version: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(timeZoneMessages.timeZoneInvalid('Mars/Olympus_Mons'));
    expect((await set({ timeZone: '', version: 1 })).body.message).toBe(timeZoneMessages.timeZoneRequired);
    expect((await set({ timeZone: 'Asia/Kolkata' })).body.message).toBe(timeZoneMessages.versionRequired);
    expect((await get()).status).toBe(401);
    expect((await t.post(`${O}/setTimeZone`, { timeZone: 'UTC', version: 1 })).status).toBe(401);
    expect((await set({ timeZone: 'UTC', version: 1 }, c1)).status).toBe(403);
    expect((await set({ timeZone: 'UTC', version: 1 }, auditor)).status).toBe(403);
    expect((await get(admin)).body.data.timeZone).toBe('Asia/Kolkata');
  });
});

describe('the default: the first admin’s browser at sign-in', () => {
  const signInWith = (email: string, timeZone: unknown) => t.post<Profile>('/api/auth/signIn', { email, password: DEMO_PASSWORD, timeZone });

  it('an organisation without a zone takes its admin’s browser’s at sign-in (a valid one only), then keeps it; a contractor’s sign-in changes none', async () => {
    expect((await signInWith('contractor@other.test', 'Pacific/Auckland')).status).toBe(200);
    expect((await signInWith('admin@other.test', 'Not/AZone')).status).toBe(200);
    expect((await get(otherAdmin)).body.data).toEqual({ timeZone: 'UTC', isSet: false, version: 0 });
    expect((await signInWith('admin@other.test', 'Europe/Kiev')).status).toBe(200);
    expect((await get(otherAdmin)).body.data).toEqual({ timeZone: 'Europe/Kyiv', isSet: true, version: 1 });
    expect((await signInWith('admin@other.test', 'America/New_York')).status).toBe(200);
    expect((await get(otherAdmin)).body.data.timeZone).toBe('Europe/Kyiv');
  });
});

describe("an organisation's days (Asia/Kolkata, UTC+05:30)", () => {
  it('an assessment due 2027-01-13 is overdue at 2027-01-13T18:31Z and not at 18:29Z', async () => {
    clock.set(new Date('2027-01-05T09:00:00Z'));
    const name = `Kolkata due ${Date.now().toString(36)}`;
    const assessment = await createAssessment(t, admin, bank, name, [c1Id], DUE);
    const response = await submitted(t, assessment, c1Id, c1);
    const pending = async (at: string) => {
      clock.set(new Date(at));
      const res = await t.post<PendingTasksReply>('/api/dashboard/getPendingTasks', { companyId: demoOrg, limit: 50 }, admin);
      expect(res.status, res.body.message).toBe(200);
      return res.body.data.items.find((i) => i._id === response._id);
    };
    expect(await pending('2027-01-13T18:29:00Z')).toMatchObject({ dueDate: DUE, overdue: false });
    expect(await pending('2027-01-13T18:31:00Z')).toMatchObject({ dueDate: DUE, overdue: true });
  });

  it('tells "due soon" and "overdue" on the local days: from 18:30Z the day before, not a minute earlier', async () => {
    clock.set(new Date('2027-01-05T09:00:00Z'));
    const name = `Kolkata reminders ${Date.now().toString(36)}`;
    const assessment = await createAssessment(t, admin, bank, name, [c2Id], DUE);
    await start(t, assessment, c2Id, c2);
    const told = async (kind: 'due_soon' | 'overdue', at: string) => {
      await t.services.notifications.sweepReminders(new Date(at));
      return (await notificationsOf(t.db, kind, name)).filter((n) => n.userId === c2Id).length;
    };
    // Due in 3 days (DUE_SOON_DAYS) from the 10th in Kolkata, which starts at 2027-01-09T18:30Z.
    expect(await told('due_soon', '2027-01-09T18:29:00Z')).toBe(0);
    expect(await told('due_soon', '2027-01-09T18:31:00Z')).toBe(1);
    // Overdue from the 14th in Kolkata: 2027-01-13T18:30Z (in UTC it would still be the 13th).
    expect(await told('overdue', '2027-01-13T18:29:00Z')).toBe(0);
    expect(await told('overdue', '2027-01-13T18:31:00Z')).toBe(1);
    expect(await told('overdue', '2027-01-13T20:00:00Z')).toBe(1);
  });
});

describe('a new due date is checked against the organisation’s today', () => {
  it('refuses the 13th once the 14th has begun in Kolkata, and takes it while the 13th lasts in New York (past midnight UTC), until it ends there', async () => {
    const create = (cookie: string, bankOf: Bank, contractors: string[], at: string) => {
      clock.set(new Date(at));
      return t.post('/api/assessment/createAssessment', {
        name: `Due in zone ${Date.now().toString(36)}`,
        dueDate: DUE,
        contractors,
        sections: [{ category: bankOf.categories[0], totalMarks: 10, factors: { social: true }, questions: [{ question: bankOf.questions[0], questType: { answerType: 'yesNo' } }] }],
      }, cookie);
    };
    // Demo Gas Ltd is in Asia/Kolkata (above).
    expect((await create(admin, bank, [c1Id], '2027-01-13T18:00:00Z')).status).toBe(200);
    const late = await create(admin, bank, [c1Id], '2027-01-13T20:00:00Z');
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(messages.assessment.dateBeforeToday);
    // The organisation moves to New York: at 02:00Z on the 14th it is still the 13th there.
    const version = (await get(admin)).body.data.version;
    expect((await set({ timeZone: 'America/New_York', version })).status).toBe(200);
    const evening = await create(admin, bank, [c1Id], '2027-01-14T02:00:00Z');
    expect(evening.status, evening.body.message).toBe(200);
    expect((await create(admin, bank, [c1Id], '2027-01-14T05:30:00Z')).body.message).toBe(messages.assessment.dateBeforeToday);
  });

  it("checks a duplicate's due date, and gives it its default, by the organisation's today", async () => {
    // Demo Gas Ltd is in America/New_York (above): at 02:00Z on the 14th it is the 13th there.
    clock.set(new Date('2027-01-10T12:00:00Z'));
    const source = await createAssessment(t, admin, bank, `Duplicated in zone ${Date.now().toString(36)}`, [c1Id], '2027-01-12');
    const duplicate = (at: string, dueDate?: string) => {
      clock.set(new Date(at));
      return t.post<AssessmentReply>('/api/templates/duplicateAssessment', { assessmentId: source._id, ...(dueDate ? { dueDate } : {}) }, admin);
    };
    const evening = await duplicate('2027-01-14T02:00:00Z', DUE);
    expect(evening.status, evening.body.message).toBe(200);
    expect(evening.body.data.dueDate).toBe(DUE);
    const late = await duplicate('2027-01-14T05:30:00Z', DUE);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(messages.assessment.dateBeforeToday);
    // The source's due date is past: the copy's is the organisation's today (UTC's is the 14th).
    const byDefault = await duplicate('2027-01-14T02:00:00Z');
    expect(byDefault.status, byDefault.body.message).toBe(200);
    expect(byDefault.body.data.dueDate).toBe(DUE);
  });
});

describe("the Performance card's days are the organisation's", () => {
  it('counts a response completed at 03:00Z on 1 February in January for an organisation in New York', async () => {
    // Demo Gas Ltd is in America/New_York (above): 2027-02-01T03:00Z is 31 January, 22:00 there.
    clock.set(new Date('2027-01-20T12:00:00Z'));
    const assessment = await createAssessment(t, admin, bank, `Performance days ${Date.now().toString(36)}`, [c2Id], '2027-03-01');
    const response = await submitted(t, assessment, c2Id, c2);
    clock.set(new Date('2027-02-01T03:00:00Z'));
    await complete(t, response, auditor, 6);
    const rows = async (from: string, to: string) => {
      const res = await t.post<PerformanceRow[]>('/api/assessment/responses/getCapPerformanceData', { companyId: demoOrg, from, to }, admin);
      expect(res.status, res.body.message).toBe(200);
      return res.body.data.filter((r) => r.contractorId === c2Id);
    };
    expect(await rows('2027-01-01', '2027-01-31')).toHaveLength(1);
    expect(await rows('2027-02-01', '2027-02-28')).toHaveLength(0);
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { RealtimeServerFrame } from '@palisade/domain/chat/chat.schema';
import { dayText } from '@palisade/domain/messages';
import { messages } from '@palisade/domain/messages';
import { NOTIFICATION_PAGE_SIZES } from '@palisade/domain/notifications/notification.rules';
import type { NotificationList, NotificationPage, NotificationPreferences, UnreadCount } from '@palisade/domain/notifications/notification.schema';
import { auditLog, mailJobs, notifications, users } from '../../db/schema';
import { TestSocket } from '../../realtime/test-socket';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sendChat } from '../../test/chat-helpers';
import { PDF_BYTES, postForm } from '../../test/documents-helpers';
import {
  complete,
  createAssessment,
  demoBank,
  inDays,
  jobsWithStatus,
  mailsOf,
  notificationsOf,
  perUser,
  reassess,
  start,
  submitted,
  waitFor,
  type Bank,
} from '../../test/notifications-helpers';

const N = '/api/notification';
const MINUTE = 60_000;

let t: TestApp;
let admin: string;
let otherAdmin: string;
let c1: string;
let c2: string;
let c3: string;
let auditor1: string;
let auditor2: string;
let employee: string;
let demoOrg: string;
let bank: Bank;
const ids: Record<string, string> = {};

const prefer = async (cookie: string, kind: string, email: boolean) => {
  const res = await t.post<NotificationPreferences>(`${N}/updatePreference`, { kind, email }, cookie);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  // The sweeps and polls of the app itself stay out of the way: the tests run the sweeps.
  t = await createTestApp({}, { notificationSweepMs: 3_600_000 });
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  c1 = await t.signIn('contractor1@demo.test');
  c2 = await t.signIn('contractor2@demo.test');
  c3 = await t.signIn('contractor3@demo.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  auditor2 = await t.signIn('auditor2@demo.test');
  employee = await t.signIn('employee1@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  for (const [k, email] of Object.entries({
    admin: 'admin@demo.test',
    otherAdmin: 'admin@other.test',
    c1: 'contractor1@demo.test',
    c2: 'contractor2@demo.test',
    c3: 'contractor3@demo.test',
    other: 'contractor@other.test',
    auditor1: 'auditor1@demo.test',
    auditor2: 'auditor2@demo.test',
  }))
    ids[k] = await t.userId(email);
  bank = await demoBank(t, admin, demoOrg);
});
afterAll(async () => {
  await t.close();
});

describe('events', () => {
  it('assessment shared: one notification per contractor shared with, a mail only where its e-mail is on', async () => {
    await prefer(c2, 'assessment_shared', false);
    const a = await createAssessment(t, admin, bank, 'Notify Share Audit', [ids.c1 ?? '', ids.c2 ?? '']);
    const rows = await notificationsOf(t.db, 'assessment_shared', 'Notify Share Audit');
    expect(perUser(rows)).toEqual({ [ids.c1 ?? '']: 1, [ids.c2 ?? '']: 1 });
    expect(rows.every((r) => r.organisationId === demoOrg && r.link === '/atgl/Contractor/Assessment')).toBe(true);
    const mails = await mailsOf(t.db, rows.map((r) => r.id));
    expect(mails.map((m) => m.userId)).toEqual([ids.c1]);
    expect(mails[0]?.subject).toBe('Palisade: New assessment: Notify Share Audit');

    // Shared later with one more: only that one hears of it.
    const edit = await t.post('/api/assessment/editAssessment', { assessmentId: a._id, updateData: { contractors: [ids.c1, ids.c2, ids.c3] } }, admin);
    expect(edit.status, edit.body.message).toBe(200);
    expect(perUser(await notificationsOf(t.db, 'assessment_shared', 'Notify Share Audit'))).toEqual({ [ids.c1 ?? '']: 1, [ids.c2 ?? '']: 1, [ids.c3 ?? '']: 1 });
    await prefer(c2, 'assessment_shared', true);
  });

  it('submitted, reassessment, completed: the organisation’s admins and auditors, then the contractor, each once', async () => {
    await prefer(auditor2, 'response_submitted', false);
    await prefer(c1, 'completed', false);
    const a = await createAssessment(t, admin, bank, 'Notify Flow Audit', [ids.c1 ?? '']);
    const r = await submitted(t, a, ids.c1 ?? '', c1);

    const sub = await notificationsOf(t.db, 'response_submitted', r._id);
    expect(perUser(sub)).toEqual({ [ids.admin ?? '']: 1, [ids.auditor1 ?? '']: 1, [ids.auditor2 ?? '']: 1 });
    expect(sub.find((n) => n.userId === ids.admin)?.link).toBe(`/sapphire/Cap_AssesmentView/${r._id}`);
    expect(sub.find((n) => n.userId === ids.auditor1)?.link).toBe(`/auditor/assessment/${r._id}/categories`);
    expect(sub.every((n) => n.organisationId === demoOrg)).toBe(true);
    expect((await mailsOf(t.db, sub.map((n) => n.id))).map((m) => m.userId).sort()).toEqual([ids.admin, ids.auditor1].sort());

    const due = inDays(20);
    await reassess(t, r, auditor1, due);
    const re = await notificationsOf(t.db, 'reassessment', r._id);
    expect(perUser(re)).toEqual({ [ids.c1 ?? '']: 1 });
    expect(re[0]?.link).toBe(`/atgl/Contractor/assessment/${r._id}/categories`);
    expect(re[0]?.body).toContain('1 question');
    expect(re[0]?.body).toContain(dayText(due));
    const [reMail] = await mailsOf(t.db, re.map((n) => n.id));
    expect(reMail?.textBody).toContain(`http://localhost:3000/atgl/Contractor/assessment/${r._id}/categories`);
    expect(reMail?.textBody).toMatch(/\n- .+\n/);
    expect(reMail?.htmlBody).toContain('<li>');

    // Submitted again: the organisation hears again (a second event), the contractor nothing.
    const again = await t.post('/api/assessment/responses/changeResponseStatus', { responseId: r._id, status: 'SUBMITTED' }, c1);
    expect(again.status, again.body.message).toBe(200);
    expect(perUser(await notificationsOf(t.db, 'response_submitted', r._id))).toEqual({ [ids.admin ?? '']: 2, [ids.auditor1 ?? '']: 2, [ids.auditor2 ?? '']: 2 });

    await complete(t, r, auditor1, 8);
    const done = await notificationsOf(t.db, 'completed', r._id);
    expect(perUser(done)).toEqual({ [ids.c1 ?? '']: 1 });
    expect(done[0]?.body).toContain('80.00%');
    expect(done[0]?.body).toContain('Green');
    // Its e-mail is off: no mail.
    expect(await mailsOf(t.db, done.map((n) => n.id))).toEqual([]);
    await prefer(c1, 'completed', true);
    await prefer(auditor2, 'response_submitted', true);
  });

  it('a new policy document: every contractor of the organisation, none of another', async () => {
    const res = await postForm(t, '/api/document/createDocument', admin, [['title', 'Notify Hot Work'], ['description', 'Read it']], [{ name: 'a.pdf', content: PDF_BYTES }]);
    expect(res.status, res.body.message).toBe(200);
    const rows = await notificationsOf(t.db, 'policy_document', 'Notify Hot Work');
    expect(perUser(rows)).toEqual({ [ids.c1 ?? '']: 1, [ids.c2 ?? '']: 1, [ids.c3 ?? '']: 1 });
    expect(rows.some((r) => r.userId === ids.other)).toBe(false);
    expect((await mailsOf(t.db, rows.map((r) => r.id))).length).toBe(3);
  });
});

describe('notices', () => {
  it('a new notice: told once listed (a file once it arrived), to the contractors but its poster', async () => {
    const doc = { title: 'Notify Gas Test', desc: 'Everyone clears the area', totaltime: 60, rewards: 1, type: 3, filename: 'gas.pdf' };
    const ref = await t.post<{ _id: string; uploadUrl: string | null }>('/api/notice/createNotice', { cmp_id: demoOrg, document: doc }, admin);
    expect(ref.status, ref.body.message).toBe(200);
    expect(await notificationsOf(t.db, 'notice', 'Notify Gas Test')).toEqual([]);
    const up = await t.upload(ref.body.data.uploadUrl ?? '', { name: 'gas.pdf', content: PDF_BYTES }, admin);
    expect(up.status, up.body.message).toBe(200);
    const rows = await notificationsOf(t.db, 'notice', 'Notify Gas Test');
    expect(perUser(rows)).toEqual({ [ids.c1 ?? '']: 1, [ids.c2 ?? '']: 1, [ids.c3 ?? '']: 1 });
    expect(rows[0]?.link).toBe('/atgl/Contractor/learning');
    expect((await mailsOf(t.db, rows.map((r) => r.id))).length).toBe(3);

    const link = { ...doc, title: 'Notify Drill Video', type: 4, item_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ', filename: '' };
    const yt = await t.post('/api/notice/createNotice', { cmp_id: demoOrg, document: link }, c1);
    expect(yt.status, yt.body.message).toBe(200);
    expect(perUser(await notificationsOf(t.db, 'notice', 'Notify Drill Video'))).toEqual({ [ids.c2 ?? '']: 1, [ids.c3 ?? '']: 1 });
  });
});

describe('sweeps', () => {
  it('due soon and overdue: once each per response, however often and however many sweep', async () => {
    const a = await createAssessment(t, admin, bank, 'Notify Due Audit', [ids.c3 ?? ''], inDays(2));
    const r = await start(t, a, ids.c3 ?? '', c3);
    await t.services.notifications.sweepReminders();
    await t.services.notifications.sweepReminders();
    const soon = await notificationsOf(t.db, 'due_soon', r._id);
    expect(perUser(soon)).toEqual({ [ids.c3 ?? '']: 1 });
    expect(soon[0]?.body).toContain(dayText(inDays(2)));
    expect((await mailsOf(t.db, soon.map((n) => n.id))).length).toBe(1);

    // Five days on it is overdue: two sweeps at once tell it once.
    const later = new Date(Date.now() + 5 * 24 * 60 * MINUTE);
    await Promise.all([t.services.notifications.sweepReminders(later), t.services.notifications.sweepReminders(later)]);
    await t.services.notifications.sweepReminders(later);
    const overdue = await notificationsOf(t.db, 'overdue', r._id);
    expect(perUser(overdue)).toEqual({ [ids.c3 ?? '']: 1 });
    expect((await mailsOf(t.db, overdue.map((n) => n.id))).length).toBe(1);
    expect(perUser(await notificationsOf(t.db, 'due_soon', r._id))).toEqual({ [ids.c3 ?? '']: 1 });
  });

  it('a response sent back with a later due date is reminded of that date, the assessment’s own long past', async () => {
    const a = await createAssessment(t, admin, bank, 'Notify Extended Audit', [ids.c3 ?? ''], inDays(5));
    const r = await submitted(t, a, ids.c3 ?? '', c3);
    await reassess(t, r, auditor1, inDays(40));
    // 38 days on, the assessment's due date is past the sweep's look-back; the response's is 2 days ahead.
    const later = new Date(Date.now() + 38 * 24 * 60 * MINUTE);
    await t.services.notifications.sweepReminders(later);
    const soon = await notificationsOf(t.db, 'due_soon', r._id);
    expect(perUser(soon)).toEqual({ [ids.c3 ?? '']: 1 });
    expect(soon[0]?.body).toContain(dayText(inDays(40)));
    expect(await notificationsOf(t.db, 'overdue', r._id)).toEqual([]);
  });

  it('unread chat: one digest per room after ten minutes, not one per message', async () => {
    const a = await createAssessment(t, admin, bank, 'Notify Chat Audit', [ids.c2 ?? '']);
    const r = await submitted(t, a, ids.c2 ?? '', c2);
    const q = r.sections?.[0]?.questions[0]?._id ?? '';
    const say = async (cookie: string, message: string) => {
      const res = await sendChat(t, cookie, { responseId: r._id, questionId: q, message });
      expect(res.status, res.body.message).toBe(200);
    };
    await say(auditor1, 'Where is the permit?');
    await say(auditor1, 'Please attach it.');
    const sweep = (offsetMs: number) => t.services.notifications.sweepChat(new Date(Date.now() + offsetMs));
    await sweep(0);
    expect(await notificationsOf(t.db, 'chat_unread', r._id)).toEqual([]);
    await sweep(11 * MINUTE);
    await sweep(11 * MINUTE);
    const first = await notificationsOf(t.db, 'chat_unread', r._id);
    expect(perUser(first)).toEqual({ [ids.c2 ?? '']: 1 });
    expect(first[0]?.title).toContain('2 unread messages');
    // It names the room's question and assessment (read by their keys).
    const questText = r.sections?.[0]?.questions[0]?.question.questText ?? '';
    expect(questText).not.toBe('');
    expect(first[0]).toMatchObject({ title: '2 unread messages: Notify Chat Audit', body: `About "${questText}" in Notify Chat Audit.` });
    expect((await mailsOf(t.db, first.map((n) => n.id))).map((m) => m.userId)).toEqual([ids.c2]);

    // A later message makes one more digest; the sender hears nothing of its own.
    await say(auditor1, 'Still waiting.');
    await sweep(11 * MINUTE);
    await sweep(12 * MINUTE);
    expect(perUser(await notificationsOf(t.db, 'chat_unread', r._id))).toEqual({ [ids.c2 ?? '']: 2 });

    // Read in time: no digest.
    await say(c2, 'Attached now.');
    const read = await t.post('/api/chat/markRead', { responseId: r._id, questionId: q }, auditor1);
    expect(read.status, read.body.message).toBe(200);
    await sweep(11 * MINUTE);
    expect(perUser(await notificationsOf(t.db, 'chat_unread', r._id))).toEqual({ [ids.c2 ?? '']: 2 });
  });

  it('unread chat: each reader’s digest opens the question’s chat on its own checklist of the section', async () => {
    const a = await createAssessment(t, admin, bank, 'Notify Chat Link', [ids.c2 ?? '']);
    const r = await submitted(t, a, ids.c2 ?? '', c2);
    const section = r.sections?.[0];
    const q = section?.questions[1]?._id ?? '';
    const category = section?.categoryId ?? '';
    expect(q).not.toBe('');
    expect(category).not.toBe('');
    // A sender has read its room up to its own message: two rounds make every side a reader.
    for (const round of [
      [admin, auditor1],
      [c2],
    ]) {
      for (const cookie of round) {
        const res = await sendChat(t, cookie, { responseId: r._id, questionId: q, message: 'Which register is this?' });
        expect(res.status, res.body.message).toBe(200);
      }
      await t.services.notifications.sweepChat(new Date(Date.now() + 11 * MINUTE));
    }
    const told = await notificationsOf(t.db, 'chat_unread', r._id);
    expect(Object.fromEntries(told.map((n) => [n.userId, n.link]))).toEqual({
      [ids.admin ?? '']: `/sapphire/Cap_AssesmentView/${r._id}/Categories/${category}?chat=${q}`,
      [ids.auditor1 ?? '']: `/auditor/assessment/${r._id}/Categories/${category}?chat=${q}`,
      [ids.c2 ?? '']: `/atgl/Contractor/assessment/${r._id}/categories/${category}?chat=${q}`,
    });
    // The reader's list carries the link as stored.
    const list = await t.post<NotificationList>(`${N}/list`, {}, c2);
    expect(list.body.data.items.find((n) => n.kind === 'chat_unread' && n.link.includes(r._id))?.link).toBe(
      `/atgl/Contractor/assessment/${r._id}/categories/${category}?chat=${q}`,
    );
  });
});

describe('POST /api/notification/list, markRead, markAllRead', () => {
  it('lists the latest of the caller with its unread count; marks one and all read', async () => {
    const list = await t.post<NotificationList>(`${N}/list`, {}, c1);
    expect(list.status, list.body.message).toBe(200);
    const { items, unread } = list.body.data;
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(20);
    const times = items.map((n) => n.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const mine = await t.db.select().from(notifications).where(eq(notifications.userId, ids.c1 ?? ''));
    expect(unread).toBe(mine.filter((n) => n.readAt === null).length);
    const first = items.find((n) => !n.read);
    expect(first).toBeDefined();

    const one = await t.post<UnreadCount>(`${N}/markRead`, { notificationId: first?._id }, c1);
    expect(one.status, one.body.message).toBe(200);
    expect(one.body.data.unread).toBe(unread - 1);
    // Again: still read, the count unchanged.
    expect((await t.post<UnreadCount>(`${N}/markRead`, { notificationId: first?._id }, c1)).body.data.unread).toBe(unread - 1);

    const all = await t.post<UnreadCount>(`${N}/markAllRead`, {}, c1);
    expect(all.status).toBe(200);
    expect(all.body.data.unread).toBe(0);
    expect((await t.post<NotificationList>(`${N}/list`, {}, c1)).body.data.items.every((n) => n.read)).toBe(true);
  });

  it('refuses bad input (400), no session (401), a user type without a shell (403), another user’s notification (404)', async () => {
    expect((await t.post(`${N}/markRead`, {}, c1)).status).toBe(400);
    expect((await t.post(`${N}/markRead`, { notificationId: 5 }, c1)).status).toBe(400);
    expect((await t.post(`${N}/list`, { extra: 1 }, c1)).status).toBe(400);
    for (const url of ['list', 'markRead', 'markAllRead', 'getPreferences', 'updatePreference']) {
      expect((await t.post(`${N}/${url}`, {})).status).toBe(401);
      expect((await t.post(`${N}/${url}`, {}, employee)).status).toBe(403);
    }
    const [adminsOwn] = await t.db.select().from(notifications).where(eq(notifications.userId, ids.admin ?? '')).limit(1);
    expect(adminsOwn).toBeDefined();
    const foreign = await t.post(`${N}/markRead`, { notificationId: adminsOwn?.id }, c1);
    expect(foreign.status).toBe(404);
    expect((await t.post(`${N}/markRead`, { notificationId: adminsOwn?.id }, otherAdmin)).status).toBe(404);
    // Another tenant's admin sees none of the demo organisation's.
    const other = await t.post<NotificationList>(`${N}/list`, {}, otherAdmin);
    expect(other.body.data.items.every((n) => n.organisationId !== demoOrg)).toBe(true);
  });
});

describe('the realtime channel', () => {
  it('tells every socket of the user its unread count when its notifications change', async () => {
    const base = `http://127.0.0.1:${await t.listen()}`;
    const [first, second, bystander] = await Promise.all([TestSocket.open(base, c2), TestSocket.open(base, c2), TestSocket.open(base, c3)]);
    try {
      // A pong means the server has taken the socket in (and follows the user's notifications).
      for (const s of [first, second, bystander]) {
        s.send({ type: 'ping' });
        await s.next((f): f is Extract<RealtimeServerFrame, { type: 'pong' }> => f.type === 'pong');
      }
      await t.post(`${N}/markAllRead`, {}, c2);
      const isCount =
        (n: number) =>
        (f: RealtimeServerFrame): f is Extract<RealtimeServerFrame, { type: 'notifications' }> =>
          f.type === 'notifications' && f.unread === n;
      await first.next(isCount(0));
      await createAssessment(t, admin, bank, 'Notify Live Audit', [ids.c2 ?? '']);
      await first.next(isCount(1));
      await second.next(isCount(1));
      expect(bystander.frames.filter((f) => f.type === 'notifications')).toEqual([]);
    } finally {
      for (const s of [first, second, bystander]) s.close();
    }
  });
});

describe('preferences and unsubscribe', () => {
  it('lists the kinds of the caller’s type; refuses another type’s kind and unknown kinds', async () => {
    const prefs = await t.post<NotificationPreferences>(`${N}/getPreferences`, {}, auditor1);
    expect(prefs.status).toBe(200);
    expect(prefs.body.data.kinds).toEqual([
      { kind: 'response_submitted', email: true },
      { kind: 'chat_unread', email: true },
      { kind: 'compliance_submitted', email: true },
    ]);
    expect((await t.post(`${N}/updatePreference`, { kind: 'compliance_digest', email: false }, auditor1)).status).toBe(400);
    expect((await t.post(`${N}/updatePreference`, { kind: 'completed', email: false }, auditor1)).status).toBe(400);
    expect((await t.post(`${N}/updatePreference`, { kind: 'nope', email: false }, auditor1)).status).toBe(400);
    expect((await t.post(`${N}/updatePreference`, { kind: 'chat_unread', email: 'no' }, auditor1)).status).toBe(400);
  });

  it('the unsubscribe link works signed out for its one kind; a forged token is 400', async () => {
    const [job] = await t.db.select().from(mailJobs).where(eq(mailJobs.userId, ids.c3 ?? '')).limit(1);
    expect(job?.unsubscribeLink).toMatch(/^http:\/\/localhost:3000\/unsubscribe\?token=/);
    const token = new URL(job?.unsubscribeLink ?? '').searchParams.get('token') ?? '';
    const kind = job?.kind;
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await t.post(`${N}/unsubscribe`, { token: forged })).status).toBe(400);
    expect((await t.post(`${N}/unsubscribe`, { token: 'nonsense' })).status).toBe(400);
    expect((await t.post(`${N}/unsubscribe`, {})).status).toBe(400);
    const res = await t.post<{ kind: string }>(`${N}/unsubscribe`, { token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.kind).toBe(kind);
    const prefs = (await t.post<NotificationPreferences>(`${N}/getPreferences`, {}, c3)).body.data.kinds;
    expect(prefs.filter((p) => !p.email).map((p) => p.kind)).toEqual([kind]);
    await prefer(c3, kind ?? '', true);
    // Both writes are in the contractor's activity log (#23), by the contractor.
    const logged = await t.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ids.c3 ?? ''), like(auditLog.action, 'notification.%')));
    expect(logged).toEqual(expect.arrayContaining([
      { action: 'notification.unsubscribe', actorId: ids.c3, after: { kind, email: false } },
      { action: 'notification.preference', actorId: ids.c3, after: { kind, email: true } },
    ]));
  });

  it('the account-wide e-mail switch off sends no mail of any kind', async () => {
    await t.db.update(users).set({ emailNotifications: false }).where(eq(users.id, ids.c3 ?? ''));
    await createAssessment(t, admin, bank, 'Notify Quiet Audit', [ids.c3 ?? '']);
    const rows = await notificationsOf(t.db, 'assessment_shared', 'Notify Quiet Audit');
    expect(perUser(rows)).toEqual({ [ids.c3 ?? '']: 1 });
    expect(await mailsOf(t.db, rows.map((r) => r.id))).toEqual([]);
    await t.db.update(users).set({ emailNotifications: true }).where(eq(users.id, ids.c3 ?? ''));
  });
});

describe('delivery', () => {
  it('sends the queued mails to the outbox, each once', async () => {
    const sent = await waitFor(
      () => jobsWithStatus(t.db, 'pending'),
      (pending) => pending.length === 0,
    );
    expect(sent).toEqual([]);
    const all = await t.db.select().from(mailJobs);
    expect(all.every((j) => j.status === 'sent' && j.sentAt !== null && j.attempts === 1)).toBe(true);
    const outbox = (await fs.readdir(path.join(t.dataDir, 'outbox'))).filter((f) => f.endsWith('.eml'));
    expect(outbox.length).toBe(all.length);
  });
});

describe('POST /api/notification/list with paging (the Notifications page)', () => {
  /** 45 more of contractor2's, a minute apart, so that it has pages to turn. */
  beforeAll(async () => {
    const base = Date.parse('2030-01-01T00:00:00.000Z');
    await t.db.insert(notifications).values(
      Array.from({ length: 45 }, (_, i) => ({
        id: `paging-${String(i).padStart(2, '0')}`,
        userId: ids.c2 ?? '',
        organisationId: demoOrg,
        kind: 'policy_document' as const,
        title: `Paging ${i}`,
        body: `Body ${i}`,
        link: '/atgl/Contractor/dashboard',
        readAt: i % 3 === 0 ? new Date(base) : null,
        createdAt: new Date(base + i * MINUTE),
      })),
    );
  });

  type Page = NotificationPage;

  it('pages through all of the caller’s, newest first, with the total and the unread count', async () => {
    const mine = await t.db.select().from(notifications).where(eq(notifications.userId, ids.c2 ?? ''));
    expect(mine.length).toBeGreaterThan(45);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(mine.length / 20); page += 1) {
      const res = await t.post<Page>(`${N}/list`, { page, pageSize: 20 }, c2);
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data.total).toBe(mine.length);
      expect(res.body.data.unread).toBe(mine.filter((n) => n.readAt === null).length);
      expect(res.body.data.page).toBe(page);
      expect(res.body.data.pageSize).toBe(20);
      seen.push(...res.body.data.items.map((n) => n._id));
    }
    // Every one once, in the order of the bell (newest first, then by id).
    const expected = [...mine]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((n) => n.id);
    expect(seen).toEqual(expected);
    expect(seen[0]).toBe('paging-44');

    // A page past the end is empty, with the same total.
    const past = await t.post<Page>(`${N}/list`, { page: 99, pageSize: 50 }, c2);
    expect(past.status).toBe(200);
    expect(past.body.data.items).toEqual([]);
    expect(past.body.data.total).toBe(mine.length);
  });

  it('defaults the other field: page alone is 20 a page, pageSize alone the first page', async () => {
    const byPage = await t.post<Page>(`${N}/list`, { page: 2 }, c2);
    expect(byPage.status, byPage.body.message).toBe(200);
    expect(byPage.body.data).toMatchObject({ page: 2, pageSize: 20 });
    expect(byPage.body.data.items).toHaveLength(20);
    const bySize = await t.post<Page>(`${N}/list`, { pageSize: 50 }, c2);
    expect(bySize.body.data).toMatchObject({ page: 1, pageSize: 50 });
    expect(bySize.body.data.items[0]?._id).toBe('paging-44');
  });

  it('answers the bell as before without paging: the latest 20 and the unread count, no total', async () => {
    const res = await t.post<NotificationList>(`${N}/list`, {}, c2);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['items', 'unread']);
    expect(res.body.data.items).toHaveLength(20);
    expect(res.body.data.items[0]?._id).toBe('paging-44');
  });

  it('refuses a bad page or size (400 with the catalogue’s text), no session (401), a user type without a shell (403)', async () => {
    for (const body of [{ page: 0 }, { page: -1 }, { page: 1.5 }, { page: 'two' }, { page: 100_001 }]) {
      const res = await t.post(`${N}/list`, body, c2);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(messages.assessment.pageInvalid);
    }
    for (const pageSize of [7, 0, '20']) {
      const res = await t.post(`${N}/list`, { page: 1, pageSize }, c2);
      expect(res.status, String(pageSize)).toBe(400);
      expect(res.body.message).toContain(messages.assessment.pageSizeOneOf(NOTIFICATION_PAGE_SIZES));
    }
    expect((await t.post(`${N}/list`, { page: 1, userId: ids.c1 }, c2)).status).toBe(400);
    expect((await t.post(`${N}/list`, { page: 1, pageSize: 20 })).status).toBe(401);
    expect((await t.post(`${N}/list`, { page: 1, pageSize: 20 }, employee)).status).toBe(403);
  });

  it('never shows another user’s notifications, of its own organisation or another', async () => {
    const theirs = new Set((await t.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, ids.c2 ?? ''))).map((r) => r.id));
    for (const cookie of [c1, c3, admin, otherAdmin]) {
      const res = await t.post<Page>(`${N}/list`, { page: 1, pageSize: 100 }, cookie);
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data.items.some((n) => theirs.has(n._id))).toBe(false);
      expect(res.body.data.total).toBeLessThan(45);
    }
    const other = await t.post<Page>(`${N}/list`, { page: 1, pageSize: 100 }, otherAdmin);
    expect(other.body.data.items.every((n) => n.organisationId !== demoOrg)).toBe(true);
  });
});

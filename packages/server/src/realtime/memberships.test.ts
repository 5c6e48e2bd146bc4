import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { Category } from '@palisade/domain/assessments/category.schema';
import type { Question } from '@palisade/domain/assessments/question.schema';
import type { ChatMessage, RealtimeServerFrame } from '@palisade/domain/chat/chat.schema';
import { REALTIME_CLOSE_UNAUTHENTICATED } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { responses } from '../db/schema';
import { questionIds, seededResponses, sendChat } from '../test/chat-helpers';
import { createAssessment, start } from '../test/notifications-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { isPong, isSubscribed, TestSocket } from './test-socket';

/**
 * Issue 56: an organisation that disables a shared auditor for itself (or enables it again) takes
 * effect on the auditor's open sockets at once: that organisation's responses stop (an 'error'
 * frame each, no more messages, no new subscribe), the other organisation's go on on the same
 * socket; once every organisation disabled it, the socket is closed (4401).
 */
const m = messages.chat;
const A = '/api/assessment';

let t: TestApp;
let base: string;
let admin: string;
let otherAdmin: string;
let c1: string;
let cOther: string;
let auditor: string;
let auditorId: string;
let demoResponse: ResponseReply;
let otherResponse: ResponseReply;
const open: TestSocket[] = [];

const isErrorOf = (responseId: string) => (f: RealtimeServerFrame): f is Extract<RealtimeServerFrame, { type: 'error' }> =>
  f.type === 'error' && f.responseId === responseId;

async function say(cookie: string, r: ResponseReply, message: string): Promise<ChatMessage> {
  const res = await sendChat(t, cookie, { responseId: r._id, questionId: questionIds(r)[0] ?? '', message });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

async function setDisabled(cookie: string, disable: boolean): Promise<void> {
  const res = await t.post('/api/tpi/changeTpiAccStatus', { tpiId: auditorId, disable }, cookie);
  expect(res.status, res.body.message).toBe(200);
}

/** A socket of the shared auditor following both organisations' responses. */
async function followingBoth(): Promise<TestSocket> {
  const s = await TestSocket.open(base, auditor);
  open.push(s);
  for (const r of [demoResponse, otherResponse]) {
    s.send({ type: 'subscribe', responseId: r._id });
    await s.next(isSubscribed(r._id));
  }
  return s;
}

beforeAll(async () => {
  t = await createTestApp({}, { notificationSweepMs: 3_600_000 });
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  c1 = await t.signIn('contractor1@demo.test');
  cOther = await t.signIn('contractor@other.test');
  auditorId = await t.userId('auditor2@demo.test');
  const demoOwn = (await seededResponses(t, c1, await t.userId('contractor1@demo.test')))['Environmental Compliance Review'];
  if (!demoOwn) throw new Error('the demo seed lacks the response');
  // COMPLETED in the seed, whose chat is read-only (issue 19): chatted on as SUBMITTED.
  await t.db.update(responses).set({ status: 'SUBMITTED' }).where(eq(responses.id, demoOwn._id));
  demoResponse = demoOwn;
  // The seed has no response in Other Industries: its admin makes one for its contractor.
  const otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  const category = await t.post<Category>(`${A}/categories/createAssessCategory`, { companyId: otherOrg, name: 'Membership Category' }, otherAdmin);
  const questions = await Promise.all(
    ['Is the shared auditor heard?', 'Is the other room kept?'].map((questText) =>
      t.post<Question>(`${A}/questions/createQuestion`, { companyId: otherOrg, questText }, otherAdmin),
    ),
  );
  const bank = { organisationId: otherOrg, categories: [category.body.data._id], questions: questions.map((q) => q.body.data._id) };
  const contractorOther = await t.userId('contractor@other.test');
  const assessment = await createAssessment(t, otherAdmin, bank, 'Membership Review', [contractorOther]);
  const started = await start(t, assessment, contractorOther, cOther);
  otherResponse = (await seededResponses(t, cOther, contractorOther))['Membership Review'] ?? started;
  base = `http://127.0.0.1:${await t.listen()}`;
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

describe('a shared auditor disabled by one organisation, on its open socket', () => {
  it("stops that organisation's responses at once and keeps the other's; enabled again, it may follow them again", async () => {
    auditor = await t.signIn('auditor2@demo.test');
    const s = await followingBoth();
    const before = await say(c1, demoResponse, 'Before the disable');
    await s.message(before._id);

    await setDisabled(admin, true);
    expect(await s.next(isErrorOf(demoResponse._id))).toEqual({ type: 'error', responseId: demoResponse._id, message: m.accessEnded });
    // Sent after the disable: the demo message never comes, the other organisation's does (the
    // socket hears messages in the order they were stored, so the second one's arrival settles it).
    const hidden = await say(c1, demoResponse, 'After the disable');
    const kept = await say(cOther, otherResponse, 'Still heard');
    await s.message(kept._id);
    expect(s.messageIds()).not.toContain(hidden._id);
    // No subscribe to it again; no message sent in it either.
    const from = s.frames.length;
    s.send({ type: 'subscribe', responseId: demoResponse._id });
    expect(await s.next(isErrorOf(demoResponse._id), undefined, from)).toEqual({ type: 'error', responseId: demoResponse._id, message: m.notSubscribable });
    const refused = await sendChat(t, auditor, { responseId: demoResponse._id, questionId: questionIds(demoResponse)[0] ?? '', message: 'Still here?' });
    expect(refused.status).toBe(404);
    // The other organisation's response on the same socket: its messages, and the auditor's own.
    const own = await say(auditor, otherResponse, 'From the auditor');
    await s.message(own._id);
    s.send({ type: 'ping' });
    await s.next(isPong);
    expect(s.closed).toBeNull();

    // Enabled again by the organisation: the same socket may follow its response again.
    await setDisabled(admin, false);
    s.send({ type: 'subscribe', responseId: demoResponse._id });
    await s.next(isSubscribed(demoResponse._id), undefined, from);
    const again = await say(c1, demoResponse, 'Heard again');
    await s.message(again._id);
  });

  it('closes the socket (4401) once every organisation it serves disabled it; other users’ sockets go on', async () => {
    auditor = await t.signIn('auditor2@demo.test');
    const s = await followingBoth();
    const contractor = await TestSocket.open(base, c1);
    open.push(contractor);
    contractor.send({ type: 'subscribe', responseId: demoResponse._id });
    await contractor.next(isSubscribed(demoResponse._id));

    await setDisabled(admin, true);
    await s.next(isErrorOf(demoResponse._id));
    await setDisabled(otherAdmin, true);
    expect((await s.closedWith()).code).toBe(REALTIME_CLOSE_UNAUTHENTICATED);
    const later = await say(c1, demoResponse, 'The contractor goes on');
    await contractor.message(later._id);
    expect(contractor.frames.some((f) => f.type === 'error')).toBe(false);

    await setDisabled(otherAdmin, false);
    await setDisabled(admin, false);
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { ChatMessage, GetMessagesReply, UnreadCountsReply } from '@palisade/domain/chat/chat.schema';
import { CHAT_MESSAGE_MAX_LENGTH, MAX_UPLOAD_BYTES } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { chatMessages, chatRooms, files, responses } from '../../db/schema';
import { seedDemoChat } from '../../seed/demo-chat';
import { createTestApp, PNG_BYTES, type TestApp } from '../../test/test-app';
import { addAuditor, formBytes, questionIds, seededResponses, sendChat, storedObjects, type FormPart } from '../../test/chat-helpers';
import { EVENTUALLY_MS } from '../../test/waits';

const m = messages.chat;
const C = '/api/chat';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let c1: string;
let c2: string;
let otherContractor: string;
let auditor1: string;
let auditor2: string;
let foreignAuditor: string;
let employee: string;
const ids: Record<string, string> = {};
/** contractor1's response (set back to SUBMITTED: chat works in every status but COMPLETED) and contractor2's. */
let r1: ResponseReply;
/** contractor1's COMPLETED response: its chat is read-only (issue 19). */
let completed: ResponseReply | undefined;
let r2: ResponseReply;
let q1: string[];

/** Everyone who may not see r1's rooms: another contractor, another tenant, an auditor of another organisation. */
const outsiders = () => [c2, otherContractor, otherAdmin, foreignAuditor];

const text = (responseId: string, questionId: string, message: string) => ({ responseId, questionId, message });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  c1 = await t.signIn('contractor1@demo.test');
  c2 = await t.signIn('contractor2@demo.test');
  otherContractor = await t.signIn('contractor@other.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  auditor2 = await t.signIn('auditor2@demo.test');
  employee = await t.signIn('employee1@demo.test');
  const otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  foreignAuditor = await addAuditor(t, 'auditor@elsewhere.test', otherOrg);
  ids.c1 = await t.userId('contractor1@demo.test');
  ids.c2 = await t.userId('contractor2@demo.test');
  ids.auditor1 = await t.userId('auditor1@demo.test');
  ids.admin = await t.userId('admin@demo.test');
  const mine = await seededResponses(t, c1, ids.c1);
  const theirs = await seededResponses(t, c2, ids.c2);
  const a = mine['Environmental Compliance Review'];
  completed = theirs['Working at Height Audit'];
  const b = Object.values(theirs)[0];
  if (!a || !b) throw new Error('the demo seed lacks responses');
  r1 = a;
  r2 = b;
  // The one seeded response with 8 questions and no seeded chat is COMPLETED, whose chat is
  // read-only (issue 19): these tests chat on it as SUBMITTED.
  await t.db.update(responses).set({ status: 'SUBMITTED' }).where(eq(responses.id, r1._id));
  q1 = questionIds(r1);
  expect(q1.length).toBeGreaterThanOrEqual(8);
});
afterAll(async () => {
  await t.close();
});

describe('a COMPLETED response’s chat (issue 19)', () => {
  it('is read by every side (readOnly) and written by none (409)', async () => {
    if (!completed) throw new Error('the demo seed lacks a COMPLETED response');
    expect(completed.status).toBe('COMPLETED');
    const q = questionIds(completed)[0] ?? '';
    for (const cookie of [c2, admin, auditor1]) {
      const read = await t.post<GetMessagesReply>(`${C}/getMessages`, { responseId: completed._id, questionId: q }, cookie);
      expect(read.status, read.body.message).toBe(200);
      expect(read.body.data.readOnly).toBe(true);
      const sent = await sendChat(t, cookie, text(completed._id, q, 'Too late?'));
      expect(sent.status).toBe(409);
      expect(sent.body.message).toBe(messages.orgAuditor.chatReadOnly);
    }
    const open = await t.post<GetMessagesReply>(`${C}/getMessages`, { responseId: r1._id, questionId: q1[0] }, auditor1);
    expect(open.body.data.readOnly).toBe(false);
  });
});

describe('POST /api/chat/sendMessage', () => {
  it('sends the next messages of a room by the same rules: none once the response is COMPLETED, none from outsiders', async () => {
    // A second question of r1, in a room of its own: its first messages make the room known to
    // this instance (sendMessage keeps its response and question), the next ones follow.
    const response = r1;
    const q = q1[2] ?? '';
    const inRoom = async () => (await t.db.select().from(chatMessages).where(eq(chatMessages.roomId, `${ids.c1}_${q}`))).length;
    for (const cookie of [c1, auditor1, admin]) expect((await sendChat(t, cookie, text(response._id, q, 'Open'))).status).toBe(200);
    for (const cookie of outsiders()) {
      const res = await sendChat(t, cookie, text(response._id, q, 'let me in'));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(messages.responses.notFound);
    }
    expect((await sendChat(t, employee, text(response._id, q, 'me too'))).status).toBe(403);
    expect((await sendChat(t, c1, text(response._id, q, '   '))).status).toBe(400);
    expect(await inRoom()).toBe(3);
    await t.db.update(responses).set({ status: 'COMPLETED' }).where(eq(responses.id, response._id));
    try {
      for (const cookie of [c1, auditor1, admin]) {
        const sent = await sendChat(t, cookie, text(response._id, q, 'Closed?'));
        expect(sent.status).toBe(409);
        expect(sent.body.message).toBe(messages.orgAuditor.chatReadOnly);
      }
      expect(await inRoom()).toBe(3);
    } finally {
      await t.db.update(responses).set({ status: 'SUBMITTED' }).where(eq(responses.id, response._id));
    }
    expect((await sendChat(t, auditor1, text(response._id, q, 'Open again'))).status).toBe(200);
    expect(await inRoom()).toBe(4);
  });

  it('creates the room with its first message; each side is named; the reply is the stored message', async () => {
    const q = q1[0] ?? '';
    const first = await sendChat(t, c1, text(r1._id, q, '  Is a photo of the permit enough?  '));
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.message).toBe(m.sent);
    const roomId = `${ids.c1}_${q}`;
    expect(first.body.data).toMatchObject({
      roomId,
      responseId: r1._id,
      questionId: q,
      message: 'Is a photo of the permit enough?',
      fromId: ids.c1,
      fromType: 'COMPANY',
      fromName: 'North Sea Scaffolding',
      fromImage: null,
      document: null,
    });
    expect(Number.isNaN(Date.parse(first.body.data.createdAt))).toBe(false);
    const [room] = await t.db.select().from(chatRooms).where(eq(chatRooms.id, roomId));
    expect(room).toMatchObject({
      responseId: r1._id,
      assessmentId: r1.assessment._id,
      sectionId: r1.sections?.[0]?._id,
      questionId: q,
      organisationId: r1.companyId,
      contractorId: ids.c1,
    });

    const auditor = await sendChat(t, auditor1, text(r1._id, q, 'Yes, with the date visible.'));
    expect(auditor.body.data).toMatchObject({ roomId, fromType: 'AUDITOR', fromId: ids.auditor1 });
    const org = await sendChat(t, admin, text(r1._id, q, 'Noted.'));
    expect(org.body.data).toMatchObject({ roomId, fromType: 'ORGANIZATION', fromId: ids.admin });
    expect((await sendChat(t, auditor2, text(r1._id, q, 'Agreed.'))).status).toBe(200);
    // One room, created_at strictly rising.
    expect(await t.db.select().from(chatRooms).where(eq(chatRooms.id, roomId))).toHaveLength(1);
    const stamps = [first, auditor, org].map((r) => r.body.data.createdAt);
    expect([...stamps].sort()).toEqual(stamps);
    expect(new Set(stamps).size).toBe(3);

    const history = await t.post<GetMessagesReply>(`${C}/getMessages`, { responseId: r1._id, questionId: q }, c1);
    expect(history.status).toBe(200);
    expect(history.body.data.roomId).toBe(roomId);
    expect(history.body.data.messages.map((x) => x.message)).toEqual(['Is a photo of the permit enough?', 'Yes, with the date visible.', 'Noted.', 'Agreed.']);
    expect(history.body.data.messages[0]).toEqual(first.body.data);
  });

  it("shows the sender's profile image", async () => {
    const up = await t.upload<{ profile_image?: unknown }>('/api/profile/uploadProfileImage', { name: 'me.png', content: PNG_BYTES }, auditor1);
    expect(up.status, up.body.message).toBe(200);
    const res = await sendChat(t, auditor1, text(r1._id, q1[1] ?? '', 'With my picture'));
    expect(res.body.data.fromImage).toMatch(/^\/api\/files\/.+/);
    expect((await t.app.inject({ method: 'GET', url: res.body.data.fromImage ?? '', headers: { cookie: c1 } })).statusCode).toBe(200);
  });

  it('sends a file (with or without text) under chat_rooms/{room}/messages/{id}/attachments/; only the room’s readers download it', async () => {
    const q = q1[2] ?? '';
    const res = await sendChat(t, auditor1, { responseId: r1._id, questionId: q }, { name: 'site photo.png', content: PNG_BYTES });
    expect(res.status, res.body.message).toBe(200);
    const msg = res.body.data;
    expect(msg.message).toBe('');
    expect(msg.document).toMatchObject({ fileSize: PNG_BYTES.length, contentType: 'image/png', fileLink: expect.stringMatching(/^\/api\/files\//) });
    expect(msg.document?.fileName).toMatch(/^[A-Za-z0-9]{5}_site_photo\.png$/);
    expect(msg.document?.filePath).toBe(`chat_rooms/${ids.c1}_${q}/messages/${msg._id}/attachments/${msg.document?.fileName}`);
    const link = msg.document?.fileLink ?? '';
    for (const cookie of [c1, admin, auditor1, auditor2]) {
      const got = await t.app.inject({ method: 'GET', url: link, headers: { cookie } });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PNG_BYTES)).toBe(true);
    }
    for (const cookie of outsiders()) expect((await t.get(link, cookie)).status).toBe(404);
    expect((await t.get(link)).status).toBe(401);

    // The fields may also come after the file.
    const late = await sendChat(t, c1, text(r1._id, q, 'Here is mine'), { name: 'plan.pdf', content: Buffer.from('%PDF-1.4\n%fake but magic\n') }, true);
    expect(late.status, late.body.message).toBe(200);
    expect(late.body.data).toMatchObject({ message: 'Here is mine', document: { contentType: 'application/pdf' } });
  });

  it('refuses a file over 10 MB (413), bytes that are not the extension (415) and a type the checklist does not take (415); nothing is kept', async () => {
    const q = q1[3] ?? '';
    const filesBefore = (await t.db.select().from(files)).length;
    const messagesBefore = (await t.db.select().from(chatMessages)).length;
    const big = await sendChat(t, c1, text(r1._id, q, 'big'), { name: 'big.pdf', content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_UPLOAD_BYTES)]) });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(messages.http.payloadTooLarge);
    const bigFirst = await sendChat(t, c1, text(r1._id, q, 'big'), { name: 'big.pdf', content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_UPLOAD_BYTES)]) }, true);
    expect(bigFirst.status).toBe(413);
    const fake = await sendChat(t, c1, text(r1._id, q, 'fake'), { name: 'photo.png', content: Buffer.from('this is not a picture at all') });
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe(messages.files.mismatch);
    const exe = await sendChat(t, c1, text(r1._id, q, 'exe'), { name: 'tool.exe', content: PNG_BYTES });
    expect(exe.status).toBe(415);
    expect(exe.body.message).toBe(messages.files.unsupported);
    expect((await t.db.select().from(files)).length).toBe(filesBefore);
    expect((await t.db.select().from(chatMessages)).length).toBe(messagesBefore);
  });

  it('streams a file sent before the fields into the store as it arrives, not into memory, then records it with the message (#17)', async () => {
    const q = q1[2] ?? '';
    const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024, 'a')]);
    const form = formBytes([
      { file: 'file', name: 'early plan.pdf', content },
      { field: 'responseId', value: r1._id },
      { field: 'questionId', value: q },
      { field: 'message', value: 'File first' },
    ]);
    const before = await storedObjects(t);
    const body = new PassThrough();
    const reply = t.app.inject({ method: 'POST', url: `${C}/sendMessage`, payload: body, headers: { 'content-type': form.contentType, cookie: c1 } });
    body.write(form.parts[0]);
    // The fields are sent only once the file's bytes have reached the store (or after 3 s).
    const arrived = async () => {
      for (const key of (await storedObjects(t)).filter((k) => !before.includes(k))) {
        const { size } = await fs.stat(path.join(t.dataDir, 'files', key));
        if (size >= content.length - 1024) return true;
      }
      return false;
    };
    let streamed = false;
    for (const deadline = Date.now() + EVENTUALLY_MS; !streamed && Date.now() < deadline; ) {
      streamed = await arrived();
      if (!streamed) await new Promise((r) => setTimeout(r, 20));
    }
    for (const part of form.parts.slice(1)) body.write(part);
    body.end(form.end);
    const res = await reply;
    expect(res.statusCode, res.body).toBe(200);
    expect(streamed, 'the file reached the store before the fields were sent').toBe(true);
    const msg = res.json<{ data: ChatMessage }>().data;
    expect(msg).toMatchObject({ message: 'File first', document: { fileSize: content.length, contentType: 'application/pdf' } });
    expect(msg.document?.filePath).toBe(`chat_rooms/${ids.c1}_${q}/messages/${msg._id}/attachments/${msg.document?.fileName}`);
    // Stored once, in its room's folder; nothing left where it waited for the fields.
    expect((await storedObjects(t)).filter((k) => !before.includes(k))).toEqual([msg.document?.filePath]);
    const got = await t.app.inject({ method: 'GET', url: msg.document?.fileLink ?? '', headers: { cookie: admin } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(content)).toBe(true);
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, msg._id));
    expect(row?.message).toBe('File first');
  });

  it('a form whose file comes first and whose fields are refused records nothing and leaves no stored object (#17)', async () => {
    const q = q1[5] ?? '';
    const state = async () => ({
      objects: await storedObjects(t),
      files: (await t.db.select().from(files)).length,
      messages: (await t.db.select().from(chatMessages)).length,
    });
    const before = await state();
    const png = { name: 'a.png', content: PNG_BYTES };
    const tooLong = await sendChat(t, c1, text(r1._id, q, 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1)), png, true);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(m.tooLong);
    const noQuestion = await sendChat(t, c1, { responseId: r1._id, message: 'hi' }, png, true);
    expect(noQuestion.status).toBe(400);
    expect(noQuestion.body.message).toBe('questionId is required');
    const outsider = await sendChat(t, c2, text(r1._id, q, 'let me in'), png, true);
    expect(outsider.status).toBe(404);
    const foreignQuestion = await sendChat(t, c1, text(r1._id, questionIds(r2)[0] ?? '', 'hi'), png, true);
    expect(foreignQuestion.status).toBe(404);
    expect(await state()).toEqual(before);
  });

  it('a message with more files than allowed is 413 and all or nothing: no message, no file record, no stored object (#17)', async () => {
    const q = q1[6] ?? '';
    const state = async () => ({
      objects: await storedObjects(t),
      files: (await t.db.select().from(files)).length,
      messages: (await t.db.select().from(chatMessages)).length,
    });
    const before = await state();
    const fields = [
      { field: 'responseId', value: r1._id },
      { field: 'questionId', value: q },
      { field: 'message', value: 'Two files' },
    ];
    const two = [
      { file: 'file', name: 'one.png', content: PNG_BYTES },
      { file: 'file', name: 'two.png', content: PNG_BYTES },
    ];
    for (const parts of [
      [...fields, ...two],
      [...two, ...fields],
      [two[0], ...fields, two[1]],
    ] as FormPart[][]) {
      const form = formBytes(parts);
      const res = await t.app.inject({
        method: 'POST',
        url: `${C}/sendMessage`,
        payload: Buffer.concat([...form.parts, form.end]),
        headers: { 'content-type': form.contentType, cookie: c1 },
      });
      expect(res.statusCode, res.body).toBe(413);
      expect(await state(), `${parts.map((p) => ('field' in p ? p.field : p.name)).join(', ')}: nothing kept`).toEqual(before);
      expect(res.json<{ message: string }>().message).toBe(m.oneFile);
    }
    const history = await t.post<GetMessagesReply>(`${C}/getMessages`, { responseId: r1._id, questionId: q }, c1);
    expect(history.body.data.messages.map((x) => x.message)).not.toContain('Two files');
  });

  it('is 400 with neither text nor file, too long, without ids or not multipart; 401; 403 for employees; 404 for outsiders and foreign questions', async () => {
    const q = q1[4] ?? '';
    const empty = await sendChat(t, c1, text(r1._id, q, '   '));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(m.empty);
    const long = await sendChat(t, c1, text(r1._id, q, 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1)));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(m.tooLong);
    expect((await sendChat(t, c1, text(r1._id, q, 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH)))).status).toBe(200);
    const noId = await sendChat(t, c1, { questionId: q, message: 'hi' });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe('responseId is required');
    const noQuestion = await sendChat(t, c1, { responseId: r1._id, message: 'hi' }, { name: 'a.png', content: PNG_BYTES });
    expect(noQuestion.status).toBe(400);
    expect(noQuestion.body.message).toBe('questionId is required');
    const emptyInput = await sendChat(t, c1, text(r1._id, q, ''), { name: '', content: Buffer.alloc(0) });
    expect(emptyInput.status).toBe(400);
    expect(emptyInput.body.message).toBe(m.empty);
    const json = await t.post(`${C}/sendMessage`, text(r1._id, q, 'hi'), c1);
    expect(json.status).toBe(400);
    expect(json.body.message).toBe(m.multipart);

    expect((await sendChat(t, undefined, text(r1._id, q, 'hi'))).status).toBe(401);
    expect((await sendChat(t, employee, text(r1._id, q, 'hi'))).status).toBe(403);
    for (const cookie of outsiders()) {
      const res = await sendChat(t, cookie, text(r1._id, q, 'let me in'), { name: 'a.png', content: PNG_BYTES });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(messages.responses.notFound);
    }
    const foreignQuestion = await sendChat(t, c1, text(r1._id, questionIds(r2)[0] ?? '', 'hi'));
    expect(foreignQuestion.status).toBe(404);
    expect(foreignQuestion.body.message).toBe(m.questionNotFound);
    expect((await sendChat(t, c1, text('no-such-response', q, 'hi'))).status).toBe(404);
  });
});

describe('POST /api/chat/getMessages', () => {
  it('pages from the newest, oldest first in each page, with before and limit', async () => {
    const q = q1[5] ?? '';
    const sent: ChatMessage[] = [];
    for (let i = 1; i <= 5; i += 1) sent.push((await sendChat(t, i % 2 ? c1 : auditor1, text(r1._id, q, `m${i}`))).body.data);
    const page1 = await t.post<GetMessagesReply>(`${C}/getMessages`, { responseId: r1._id, questionId: q, limit: 2 }, admin);
    expect(page1.status).toBe(200);
    expect(page1.body.data.messages.map((x) => x.message)).toEqual(['m4', 'm5']);
    expect(page1.body.data.hasMore).toBe(true);
    const page2 = await t.post<GetMessagesReply>(`${C}/getMessages`, { responseId: r1._id, questionId: q, limit: 2, before: page1.body.data.messages[0]?._id }, admin);
    expect(page2.body.data.messages.map((x) => x.message)).toEqual(['m2', 'm3']);
    expect(page2.body.data.hasMore).toBe(true);
    const page3 = await t.post<GetMessagesReply>(`${C}/getMessages`, { responseId: r1._id, questionId: q, limit: 2, before: page2.body.data.messages[0]?._id }, admin);
    expect(page3.body.data.messages.map((x) => x.message)).toEqual(['m1']);
    expect(page3.body.data.hasMore).toBe(false);
    const all = await t.post<GetMessagesReply>(`${C}/getMessages`, { responseId: r1._id, questionId: q }, auditor2);
    expect(all.body.data).toEqual({ roomId: `${ids.c1}_${q}`, messages: sent, hasMore: false, readOnly: false });
    // A room without messages yet: empty, not an error.
    const none = await t.post<GetMessagesReply>(`${C}/getMessages`, { responseId: r1._id, questionId: q1[7] }, c1);
    expect(none.body.data).toEqual({ roomId: `${ids.c1}_${q1[7]}`, messages: [], hasMore: false, readOnly: false });
  });

  it('is 400 for a bad limit or an unknown before; 401; 403 for employees; 404 for outsiders', async () => {
    const body = { responseId: r1._id, questionId: q1[0] };
    for (const limit of [0, 101, 2.5, 'ten']) {
      const res = await t.post(`${C}/getMessages`, { ...body, limit }, c1);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(m.limit);
    }
    const before = await t.post(`${C}/getMessages`, { ...body, before: 'nope' }, c1);
    expect(before.status).toBe(400);
    expect(before.body.message).toBe(m.beforeNotFound);
    const noId = await t.post(`${C}/getMessages`, { questionId: q1[0] }, c1);
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe('responseId is required');
    expect((await t.post(`${C}/getMessages`, body)).status).toBe(401);
    expect((await t.post(`${C}/getMessages`, body, employee)).status).toBe(403);
    for (const cookie of outsiders()) expect((await t.post(`${C}/getMessages`, body, cookie)).status).toBe(404);
  });
});

describe('unread counts and read marks', () => {
  it('counts the messages of others newer than the reader’s mark, per question; getMessages and markRead clear them', async () => {
    const qa = q1[6] ?? '';
    const qb = q1[7] ?? '';
    const counts = async (cookie: string) => {
      const res = await t.post<UnreadCountsReply>(`${C}/getUnreadCounts`, { responseId: r1._id }, cookie);
      expect(res.status, res.body.message).toBe(200);
      return res.body.data;
    };
    const before = await counts(auditor2);
    await sendChat(t, c1, text(r1._id, qa, 'one'));
    await sendChat(t, c1, text(r1._id, qa, 'two'));
    await sendChat(t, c1, text(r1._id, qb, 'three'));
    const after = await counts(auditor2);
    expect(after[qa]).toBe((before[qa] ?? 0) + 2);
    expect(after[qb]).toBe((before[qb] ?? 0) + 1);
    // Its own messages are never unread to the sender.
    expect((await counts(c1))[qa]).toBeUndefined();

    const marked = await t.post<{ roomId: string }>(`${C}/markRead`, { responseId: r1._id, questionId: qa }, auditor2);
    expect(marked.status).toBe(200);
    expect(marked.body.data).toEqual({ roomId: `${ids.c1}_${qa}` });
    expect((await counts(auditor2))[qa]).toBeUndefined();
    await t.post(`${C}/getMessages`, { responseId: r1._id, questionId: qb }, auditor2);
    expect((await counts(auditor2))[qb]).toBeUndefined();
    // Others' marks are their own: the organisation has not read them.
    expect((await counts(admin))[qa]).toBeGreaterThanOrEqual(2);

    // A reply of the auditor is unread to the contractor, until it reads the room.
    await sendChat(t, auditor2, text(r1._id, qa, 'Thanks'));
    expect((await counts(c1))[qa]).toBe(1);
    expect((await counts(auditor2))[qa]).toBeUndefined();
    await t.post(`${C}/markRead`, { responseId: r1._id, questionId: qa }, c1);
    expect((await counts(c1))[qa]).toBeUndefined();
  });

  it('markRead and getUnreadCounts: 400, 401, 403 for employees, 404 for outsiders', async () => {
    const room = { responseId: r1._id, questionId: q1[0] };
    const bad = await t.post(`${C}/markRead`, { responseId: r1._id }, c1);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('questionId is required');
    const badCounts = await t.post(`${C}/getUnreadCounts`, {}, c1);
    expect(badCounts.status).toBe(400);
    expect(badCounts.body.message).toBe('responseId is required');
    expect((await t.post(`${C}/markRead`, room)).status).toBe(401);
    expect((await t.post(`${C}/getUnreadCounts`, { responseId: r1._id })).status).toBe(401);
    expect((await t.post(`${C}/markRead`, room, employee)).status).toBe(403);
    expect((await t.post(`${C}/getUnreadCounts`, { responseId: r1._id }, employee)).status).toBe(403);
    for (const cookie of outsiders()) {
      expect((await t.post(`${C}/markRead`, room, cookie)).status).toBe(404);
      expect((await t.post(`${C}/getUnreadCounts`, { responseId: r1._id }, cookie)).status).toBe(404);
    }
    // A room with no message yet is marked without being created.
    expect((await t.post(`${C}/markRead`, { responseId: r2._id, questionId: questionIds(r2)[1] }, c2)).status).toBe(200);
    expect(await t.db.select().from(chatRooms).where(eq(chatRooms.id, `${ids.c2}_${questionIds(r2)[1]}`))).toHaveLength(0);
  });
});

describe('the demo seed', () => {
  it('has contractor1 chatting with auditor1 and with the organisation; seeding again adds nothing', async () => {
    const mine = await seededResponses(t, c1, ids.c1 ?? '');
    const height = mine['Working at Height Audit'];
    const lifting = mine['Lifting Operations Review'];
    if (!height || !lifting) throw new Error('the demo seed lacks responses');
    const thread = await t.post<GetMessagesReply>(`${C}/getMessages`, { responseId: height._id, questionId: questionIds(height)[0] }, admin);
    expect(thread.body.data.messages.map((x) => x.fromType)).toEqual(['COMPANY', 'AUDITOR', 'COMPANY']);
    const withOrg = await t.post<GetMessagesReply>(`${C}/getMessages`, { responseId: lifting._id, questionId: questionIds(lifting)[0] }, auditor2);
    expect(withOrg.body.data.messages.map((x) => x.fromType)).toEqual(['ORGANIZATION', 'COMPANY']);
    // The last line of each thread waits for the other side.
    const unread = await t.post<UnreadCountsReply>(`${C}/getUnreadCounts`, { responseId: height._id }, auditor1);
    expect(unread.body.data[questionIds(height)[0] ?? '']).toBe(1);
    const before = (await t.db.select().from(chatMessages)).length;
    await seedDemoChat(t.db);
    expect((await t.db.select().from(chatMessages)).length).toBe(before);
  });
});

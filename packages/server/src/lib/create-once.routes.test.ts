import crypto from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { PolicyDocument } from '@palisade/domain/documents/document.schema';
import type { Feedback } from '@palisade/domain/feedback/feedback.schema';
import type { StorageReference } from '@palisade/domain/learning/learning.schema';
import { messages } from '@palisade/domain/messages';
import type { Observation } from '@palisade/domain/observations/observation.schema';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { responses } from '../db/schema';
import { multipart, questionIds, seededResponses, sendChat, storedObjects } from '../test/chat-helpers';
import { PDF_BYTES, postForm, type TestFile } from '../test/documents-helpers';
import { isSubscribed, TestSocket } from '../realtime/test-socket';
import { createTestApp, PNG_BYTES, type Reply, type TestApp } from '../test/test-app';

/**
 * DECISIONS.md, issue 56: every create a form sends carries a client-made id, and the same id twice
 * stores one row. For each such call: a repeat by the same user is 200 with the first's row and
 * nothing done again (no second audit entry, notification, realtime frame; its files not kept);
 * two at once store one row; another user's id is 409; a malformed id is 400. And an empty file is
 * 400 naming it, on the upload routes.
 */

const taken = messages.http.idTaken;

let t: TestApp;
let base: string;
let admin: string;
let admin2: string;
let c1: string;
let c2: string;
let employee: string;
let demoOrg: string;
let r1: ResponseReply;
let q: string[];
const sockets: TestSocket[] = [];

const rows = <T>(query: SQL): Promise<T[]> => t.rows<T>(query);
const count = async (query: SQL): Promise<number> => (await rows<{ n: number }>(query))[0]?.n ?? -1;
const auditsOf = (id: string) => count(sql`select count(*)::int as n from audit_log where entity_id = ${id}`);
/** Objects in the store under a folder named by this id (a create's files). */
const objectsOf = async (id: string) => (await storedObjects(t)).filter((p) => p.split('/').includes(id));
const newId = () => crypto.randomUUID();

/** Two requests at once, as a double click whose first reply is still on its way. */
const both = <T>(send: () => Promise<T>) => Promise.all([send(), send()]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@demo.test');
  c1 = await t.signIn('contractor1@demo.test');
  c2 = await t.signIn('contractor2@demo.test');
  employee = await t.signIn('employee1@demo.test');
  // Another organisation's user: an id taken by another user, whatever the tenant.
  admin2 = await t.signIn('admin@other.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  const mine = await seededResponses(t, c1, await t.userId('contractor1@demo.test'));
  const r = mine['Environmental Compliance Review'];
  if (!r) throw new Error('the demo seed lacks the response');
  r1 = r;
  // COMPLETED in the seed (read-only chat): these tests chat on it as SUBMITTED.
  await t.db.update(responses).set({ status: 'SUBMITTED' }).where(eq(responses.id, r1._id));
  q = questionIds(r1);
  base = `http://127.0.0.1:${await t.listen()}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('POST /api/chat/sendMessage with a client-made id', () => {
  const say = (cookie: string, fields: Record<string, string>, file?: { name: string; content: Buffer }) =>
    sendChat(t, cookie, { responseId: r1._id, questionId: q[0] ?? '', ...fields }, file);
  const stored = (id: string) => count(sql`select count(*)::int as n from chat_messages where id = ${id}`);

  it('stores a repeat once, answers it with the first message, and sends one realtime frame', async () => {
    const s = await TestSocket.open(base, c1);
    sockets.push(s);
    s.send({ type: 'subscribe', responseId: r1._id });
    await s.next(isSubscribed(r1._id));
    const id = newId();
    const first = await say(admin, { id, message: 'Once only' });
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data._id).toBe(id);
    const again = await say(admin, { id, message: 'Once only' });
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await stored(id)).toBe(1);
    expect(await auditsOf(id)).toBe(1);
    // A later message's frame comes after any frame of the repeat: then count the repeat's.
    const marker = await say(admin, { message: 'After the repeat' });
    await s.message(marker.body.data._id);
    expect(s.messageIds().filter((m) => m === id)).toEqual([id]);
  });

  it('stores one message of two identical sends at once', async () => {
    const id = newId();
    const replies = await both(() => say(c1, { id, message: 'Double click' }));
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(replies.map((r) => r.body.data._id)).toEqual([id, id]);
    expect(await stored(id)).toBe(1);
    expect(await auditsOf(id)).toBe(1);
  });

  it("keeps one file of a repeated send with a file, and refuses another user's id (409) keeping none of theirs", async () => {
    const id = newId();
    const file = { name: 'site plan.png', content: PNG_BYTES };
    const first = await say(c1, { id, message: 'With a plan' }, file);
    expect(first.status, first.body.message).toBe(200);
    const again = await say(c1, { id, message: 'With a plan' }, file);
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data.document?.filePath).toBe(first.body.data.document?.filePath);
    expect(await objectsOf(id)).toHaveLength(1);
    expect(await count(sql`select count(*)::int as n from files where path like ${`%/${id}/%`}`)).toBe(1);

    const theirs = await say(admin, { id, message: 'Not yours' }, file);
    expect(theirs.status).toBe(409);
    expect(theirs.body.message).toBe(taken);
    expect(await objectsOf(id)).toHaveLength(1);
    expect(await stored(id)).toBe(1);
  });

  it('refuses a malformed id (400) and stores nothing', async () => {
    const before = await count(sql`select count(*)::int as n from chat_messages`);
    const res = await say(c1, { id: 'not-a-uuid', message: 'Bad id' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('id must be a UUID made by the client');
    expect(await count(sql`select count(*)::int as n from chat_messages`)).toBe(before);
  });

  it('an id another user took is 409 on the quick path too (a room this instance has sent to)', async () => {
    const id = newId();
    expect((await say(c1, { id, message: 'Mine' })).status).toBe(200);
    // admin has sent to this room before (first test): its target is kept.
    const res = await say(admin, { id, message: 'Theirs' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(taken);
    const [row] = await rows<{ message: string }>(sql`select message from chat_messages where id = ${id}`);
    expect(row?.message).toBe('Mine');
  });
});

describe('POST /api/feedback/createFeedback with a client-made id', () => {
  const give = (cookie: string, id: string | null, text: string, files: TestFile[] = []) =>
    postForm<Feedback>(t, '/api/feedback/createFeedback', cookie, [...(id === null ? [] : ([['id', id]] as Array<[string, string]>)), ['feedbackText', text]], files);
  const stored = (id: string) => count(sql`select count(*)::int as n from feedbacks where id = ${id}`);

  it('stores a repeat once with the first’s files; the repeat’s files are not kept', async () => {
    const id = newId();
    const file = { name: 'gate.png', content: PNG_BYTES };
    const first = await give(c1, id, 'The gate is blocked', [file]);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data._id).toBe(id);
    expect(first.body.data.attachments[0]?.filePath).toContain(`/${id}/`);
    const again = await give(c1, id, 'The gate is blocked', [file]);
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await stored(id)).toBe(1);
    expect(await auditsOf(id)).toBe(1);
    expect(await objectsOf(id)).toHaveLength(1);
    expect(await count(sql`select count(*)::int as n from files where path like ${`%/${id}/%`}`)).toBe(1);
  });

  it('stores one of two identical creates at once', async () => {
    const id = newId();
    const replies = await both(() => give(c1, id, 'Twice at once', [{ name: 'twice.png', content: PNG_BYTES }]));
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(await stored(id)).toBe(1);
    expect(await auditsOf(id)).toBe(1);
    expect(await objectsOf(id)).toHaveLength(1);
  });

  it("refuses another user's id (409) and keeps none of its files; a malformed id is 400", async () => {
    const id = newId();
    expect((await give(c1, id, 'Mine')).status).toBe(200);
    const theirs = await give(c2, id, 'Theirs', [{ name: 'theirs.png', content: PNG_BYTES }]);
    expect(theirs.status).toBe(409);
    expect(theirs.body.message).toBe(taken);
    expect(await objectsOf(id)).toHaveLength(0);
    const [row] = await rows<{ text: string }>(sql`select feedback_text as text from feedbacks where id = ${id}`);
    expect(row?.text).toBe('Mine');
    const bad = await give(c1, '../../etc', 'Bad id', [{ name: 'bad.png', content: PNG_BYTES }]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('id must be a UUID made by the client');
    expect((await storedObjects(t)).some((p) => p.includes('etc'))).toBe(false);
  });

  it('still creates without an id (older clients)', async () => {
    const res = await give(c1, null, 'No id');
    expect(res.status, res.body.message).toBe(200);
    expect(await stored(res.body.data._id)).toBe(1);
  });

  it('names an empty file (400) and stores nothing of the form', async () => {
    const id = newId();
    const res = await give(c1, id, 'Empty', [{ name: 'fine.png', content: PNG_BYTES }, { name: 'blank page.png', content: Buffer.alloc(0) }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.files.empty('blank_page.png'));
    expect(await stored(id)).toBe(0);
    expect(await objectsOf(id)).toHaveLength(0);
  });
});

describe('POST /api/document/createDocument with a client-made id', () => {
  const create = (cookie: string, id: string, title: string, files: TestFile[] = [{ name: 'rules.pdf', content: PDF_BYTES }]) =>
    postForm<PolicyDocument>(t, '/api/document/createDocument', cookie, [['id', id], ['title', title], ['description', 'Read before work']], files);
  const stored = (id: string) => count(sql`select count(*)::int as n from policy_documents where id = ${id}`);
  const told = (title: string) => count(sql`select count(*)::int as n from notifications where kind = 'policy_document' and (title like ${`%${title}%`} or body like ${`%${title}%`})`);

  it('stores a repeat once: one audit entry, contractors told once, the repeat’s files not kept', async () => {
    const id = newId();
    const title = `Hot work ${id.slice(0, 8)}`;
    const first = await create(admin, id, title);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data._id).toBe(id);
    const toldOnce = await told(title);
    expect(toldOnce).toBeGreaterThan(0);
    const again = await create(admin, id, title);
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data._id).toBe(id);
    expect(again.body.data.attachments).toEqual(first.body.data.attachments);
    expect(await stored(id)).toBe(1);
    expect(await auditsOf(id)).toBe(1);
    expect(await told(title)).toBe(toldOnce);
    expect(await objectsOf(id)).toHaveLength(1);
  });

  it("stores one of two at once; another user's id is 409; a malformed id is 400", async () => {
    const id = newId();
    const replies = await both(() => create(admin, id, 'At once'));
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(await stored(id)).toBe(1);
    expect(await objectsOf(id)).toHaveLength(1);
    const theirs = await create(admin2, id, 'Theirs');
    expect(theirs.status).toBe(409);
    expect(theirs.body.message).toBe(taken);
    expect(await objectsOf(id)).toHaveLength(1);
    const bad = await create(admin, '123', 'Bad id');
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/notice/createNotice with a client-made id', () => {
  const notice = { title: 'Gas test at 9', desc: 'Everyone clears the area', totaltime: 60, rewards: 1, type: 4, item_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ', filename: '' };
  const create = (cookie: string, id: unknown) => t.post<StorageReference>('/api/notice/createNotice', { id, cmp_id: demoOrg, document: notice }, cookie);
  const stored = (id: string) => count(sql`select count(*)::int as n from learning_documents where id = ${id}`);

  it('stores a repeat once with one audit entry and the same reference; one notification round', async () => {
    const id = newId();
    const notifiedBefore = await count(sql`select count(*)::int as n from notifications where kind = 'notice'`);
    const first = await create(admin, id);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data._id).toBe(id);
    const notifiedOnce = await count(sql`select count(*)::int as n from notifications where kind = 'notice'`);
    expect(notifiedOnce).toBeGreaterThan(notifiedBefore);
    const again = await create(admin, id);
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await stored(id)).toBe(1);
    expect(await auditsOf(id)).toBe(1);
    expect(await count(sql`select count(*)::int as n from notifications where kind = 'notice'`)).toBe(notifiedOnce);
  });

  it('answers a repeat after the file arrived with no upload URL (nothing left to upload)', async () => {
    const id = newId();
    const body = { id, cmp_id: demoOrg, document: { ...notice, type: 3, item_url: '', filename: 'gas test.pdf' } };
    const first = await t.post<StorageReference>('/api/notice/createNotice', body, admin);
    expect(first.status, first.body.message).toBe(200);
    const up = await t.upload<unknown>(first.body.data.uploadUrl ?? '', { name: 'gas test.pdf', content: PDF_BYTES }, admin);
    expect(up.status, up.body.message).toBe(200);
    const again = await t.post<StorageReference>('/api/notice/createNotice', body, admin);
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data).toEqual({ ...first.body.data, uploadUrl: null });
    expect(await stored(id)).toBe(1);
  });

  it("stores one of two at once; another user's id is 409; a malformed id is 400", async () => {
    const id = newId();
    const replies = await both(() => create(c1, id));
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(await stored(id)).toBe(1);
    expect(await auditsOf(id)).toBe(1);
    const theirs = await create(admin, id);
    expect(theirs.status).toBe(409);
    expect(theirs.body.message).toBe(taken);
    const bad = await create(admin, 42);
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/observation/createObservation with a client-made id', () => {
  const report = async (cookie: string, fields: Record<string, string>, photo?: { name: string; content: Buffer }): Promise<Reply<Observation>> => {
    const body = multipart(fields, photo);
    const res = await t.app.inject({ method: 'POST', url: '/api/observation/createObservation', payload: body.payload, headers: { 'content-type': body.contentType, cookie } });
    return { status: res.statusCode, body: res.json(), headers: res.headers, raw: res };
  };
  const stored = (id: string) => count(sql`select count(*)::int as n from observations where id = ${id}`);
  const fields = (id: string) => ({ id, category: 'Unsafe Act', description: 'No harness', location: 'Yard' });

  it('stores a repeat once: no second serial number or count, its photo not kept', async () => {
    const id = newId();
    const photo = { name: 'yard.png', content: PNG_BYTES };
    const first = await report(employee, fields(id), photo);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data._id).toBe(id);
    const again = await report(employee, fields(id), photo);
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await stored(id)).toBe(1);
    expect(await auditsOf(id)).toBe(1);
    expect(await objectsOf(id)).toHaveLength(1);
    // The repeat took no serial number: the next report has the one after the first's.
    const next = await report(employee, fields(newId()));
    expect(next.body.data.srno).toBe(first.body.data.srno + 1);
  });

  it("stores one of two at once; another user's id is 409 (its photo not kept); a malformed id is 400", async () => {
    const id = newId();
    const replies = await both(() => report(c1, fields(id), { name: 'twice.png', content: PNG_BYTES }));
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(await stored(id)).toBe(1);
    expect(await objectsOf(id)).toHaveLength(1);
    const theirs = await report(employee, fields(id), { name: 'theirs.png', content: PNG_BYTES });
    expect(theirs.status).toBe(409);
    expect(theirs.body.message).toBe(taken);
    expect(await objectsOf(id)).toHaveLength(1);
    const bad = await report(c1, fields('nope'));
    expect(bad.status).toBe(400);
  });

  it('names an empty photo (400)', async () => {
    const res = await report(c1, fields(newId()), { name: 'dark.png', content: Buffer.alloc(0) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.files.empty('dark.png'));
  });
});

describe('an empty file on the other upload routes', () => {
  it('is 400 naming it: a chat file, a profile image', async () => {
    const chat = await sendChat(t, c1, { responseId: r1._id, questionId: q[1] ?? '', message: '' }, { name: 'notes.pdf', content: Buffer.alloc(0) });
    expect(chat.status).toBe(400);
    expect(chat.body.message).toBe(messages.files.empty('notes.pdf'));
    const image = await t.upload<unknown>('/api/profile/uploadProfileImage', { name: 'me.png', content: Buffer.alloc(0) }, c1);
    expect(image.status).toBe(400);
    expect(image.body.message).toBe(messages.files.empty('me.png'));
  });
});

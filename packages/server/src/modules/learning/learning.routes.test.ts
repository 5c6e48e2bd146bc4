import crypto from 'node:crypto';
import { Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { MAX_UPLOAD_BYTES } from '@palisade/domain/constants';
import type {
  LearningCategories,
  LearningDoc,
  LearningGraph,
  LearningTable,
  ProgressReply,
  StorageReference,
} from '@palisade/domain/learning/learning.schema';
import { messages } from '@palisade/domain/messages';
import { createTestApp, PNG_BYTES, type TestApp } from '../../test/test-app';
import { learningRepository } from './learning.repository';
import { PDF_BYTES } from '../../test/documents-helpers';
import { demoWebm } from '../../seed/demo-learning-files';

const m = messages.learning;
const YT = 'https://www.youtube.com/embed/dQw4w9WgXcQ';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let c1: string;
let c2: string;
let auditor1: string;
let employee1: string;
let employee4: string;
let demoOrg: string;
let otherOrg: string;
let c1Id: string;
let c2Id: string;

const rows = <T>(query: SQL): Promise<T[]> => t.rows<T>(query);

const doc = (over: Record<string, unknown> = {}) => ({
  title: 'Hot work basics',
  desc: 'What a permit covers',
  totaltime: 300,
  rewards: 10,
  type: 3,
  subcat: 'Testing',
  filename: 'Hot work.pdf',
  item_url: '',
  ...over,
});
const upload = (cookie: string | undefined, document: Record<string, unknown>, topic = 'Safety', cmp = demoOrg) =>
  t.post<StorageReference>('/api/company/uploadLearning', { cmp_id: cmp, topic, document }, cookie);
const sendFile = (cookie: string, ref: StorageReference, name: string, content: Buffer) =>
  t.upload<LearningDoc>(ref.uploadUrl ?? '', { name, content }, cookie);

/** Uploads a ready PDF learning document; its reply after the file. */
async function readyPdf(title: string): Promise<LearningDoc> {
  const ref = await upload(admin, doc({ title }));
  expect(ref.status, ref.body.message).toBe(200);
  const up = await sendFile(admin, ref.body.data, 'Hot work.pdf', PDF_BYTES);
  expect(up.status, up.body.message).toBe(200);
  return up.body.data;
}

const table = (cookie: string, role: string, query: string) => t.get<LearningTable>(`/api/${role}/fetchLearningTable?${query}`, cookie);
const progress = (cookie: string | undefined, body: unknown) => t.post<ProgressReply>('/api/learning/recordProgress', body, cookie);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  c1 = await t.signIn('contractor1@demo.test');
  c2 = await t.signIn('contractor2@demo.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  employee1 = await t.signIn('employee1@demo.test');
  employee4 = await t.signIn('employee4@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  c1Id = await t.userId('contractor1@demo.test');
  c2Id = await t.userId('contractor2@demo.test');
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/company/uploadLearning and the file upload', () => {
  it('records a PDF document, answers its storage reference, then takes its file and lists it', async () => {
    const ref = await upload(admin, doc({ title: '  Permit basics ' }));
    expect(ref.status, ref.body.message).toBe(200);
    expect(ref.body.message).toBe(m.learningUploaded);
    expect(ref.body.data.storagePath).toBe(`learning/${demoOrg}/${ref.body.data._id}/`);
    expect(ref.body.data.uploadUrl).toBe(`/api/learning/uploadFile/${ref.body.data._id}`);
    // Not listed before its file arrives.
    let library = await t.get<LearningDoc[]>(`/api/learning/getLearningDocs?cmp_id=${demoOrg}`, admin);
    expect(library.body.data.map((d) => d._id)).not.toContain(ref.body.data._id);
    const up = await sendFile(admin, ref.body.data, 'Permit basics.pdf', PDF_BYTES);
    expect(up.status, up.body.message).toBe(200);
    expect(up.body.data).toMatchObject({ title: 'Permit basics', type: 3, topic: 'Safety', subcat: 'Testing', totaltime: 300, rewards: 10 });
    expect(up.body.data.filename).toMatch(/^[A-Za-z0-9]{5}_Permit_basics\.pdf$/);
    library = await t.get<LearningDoc[]>(`/api/learning/getLearningDocs?cmp_id=${demoOrg}`, employee1);
    expect(library.status).toBe(200);
    const listed = library.body.data.find((d) => d._id === ref.body.data._id);
    expect(listed?.item_url).toBe(up.body.data.file?.fileLink);
    // The employee and the contractor read the file; another tenant does not learn it exists.
    const link = up.body.data.item_url;
    expect((await t.app.inject({ method: 'GET', url: link, headers: { cookie: employee1 } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: link, headers: { cookie: c2 } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: link, headers: { cookie: otherAdmin } })).statusCode).toBe(404);
    const audit = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where entity = 'learning_document' and entity_id = ${ref.body.data._id}`);
    expect(audit[0]?.n).toBe(2);
  });

  it('records a Youtube link at once (no storage reference) and refuses links that are not embed links', async () => {
    const ok = await upload(admin, doc({ type: 4, item_url: YT, filename: '' }));
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data).toMatchObject({ storagePath: null, uploadUrl: null });
    const library = await t.get<LearningDoc[]>(`/api/learning/getLearningDocs?cmp_id=${demoOrg}`, admin);
    expect(library.body.data.find((d) => d._id === ok.body.data._id)?.item_url).toBe(YT);
    for (const bad of ['', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://evil.test/embed/dQw4w9WgXcQ', 'javascript:alert(1)', 'https://www.youtube.com/embed/']) {
      const res = await upload(admin, doc({ type: 4, item_url: bad, filename: '' }));
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe(m.linkNotValid);
    }
  });

  it('answers 400 with the spec text for each bad field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: undefined }, m.titleRequired],
      [{ title: '' }, m.titleRequired],
      [{ title: 'A' }, m.titleMin],
      [{ desc: undefined }, m.descriptionRequired],
      [{ desc: 'x' }, m.descriptionMin],
      [{ totaltime: 'abc' }, m.timeNumber],
      [{ totaltime: undefined }, m.timeNumber],
      [{ totaltime: 0 }, m.timePositive],
      [{ totaltime: -5 }, m.timePositive],
      [{ rewards: 'ten' }, m.rewardsNumber],
      [{ rewards: 0 }, m.rewardsPositive],
      [{ type: undefined }, m.selectDocumentType],
      [{ type: 7 }, m.selectDocumentType],
      [{ filename: '' }, m.fileRequired],
      [{ type: 1, filename: 'photo.pdf' }, m.wrongFileType],
      [{ type: 2, filename: 'clip.png' }, m.wrongFileType],
      [{ type: 3, filename: 'notes.docx' }, m.wrongFileType],
      [{ fileSize: MAX_UPLOAD_BYTES + 1 }, m.tooLarge],
    ];
    for (const [over, text] of cases) {
      const res = await upload(admin, doc(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.message, JSON.stringify(over)).toBe(text);
    }
    expect((await upload(admin, doc(), 'Unknown Topic')).body.message).toBe(m.unknownCategory);
    expect((await upload(admin, doc(), 'Notices')).body.message).toBe(m.topicReserved);
    expect((await upload(admin, doc(), 'Fire!')).body.message).toBe(m.specialCharacters);
    expect((await upload(admin, doc(), 'Fi')).body.message).toBe(m.categoryMin);
    expect((await upload(admin, doc({ subcat: 'Nowhere' }))).body.message).toBe(m.unknownSubCategory);
    expect((await t.post('/api/company/uploadLearning', { topic: 'Safety', document: doc() }, admin)).status).toBe(400);
    const broken = await t.app.inject({ method: 'POST', url: '/api/company/uploadLearning', payload: '{"cmp_id":', headers: { cookie: admin, 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
  });

  it('answers 401 without a session, 403 to other roles and 404 for another tenant', async () => {
    expect((await upload(undefined, doc())).status).toBe(401);
    for (const cookie of [c1, auditor1, employee1]) expect((await upload(cookie, doc())).status).toBe(403);
    expect((await upload(admin, doc(), 'Safety', otherOrg)).status).toBe(404);
    expect((await upload(otherAdmin, doc(), 'Safety', demoOrg)).status).toBe(404);
  });

  it('checks the file: its type by bytes, the type of the document, the 10 MB cap, once, by its creator only', async () => {
    const ref = (await upload(admin, doc({ title: 'Checked file' }))).body.data;
    // A PNG named .pdf: the bytes decide.
    const fake = await sendFile(admin, ref, 'fake.pdf', PNG_BYTES);
    expect(fake.status).toBe(415);
    // A file of another type than the document's.
    const wrong = await sendFile(admin, ref, 'photo.png', PNG_BYTES);
    expect(wrong.status).toBe(415);
    expect(wrong.body.message).toBe(m.wrongFileType);
    // Over 10 MB.
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const large = await sendFile(admin, ref, 'big.pdf', big);
    expect(large.status).toBe(413);
    expect(large.body.message).toBe(messages.files.tooLarge);
    // Another organisation's admin, or a contractor of the same one: the document is not theirs.
    expect((await sendFile(otherAdmin, ref, 'a.pdf', PDF_BYTES)).status).toBe(404);
    expect((await sendFile(c1, ref, 'a.pdf', PDF_BYTES)).status).toBe(404);
    expect((await sendFile(employee1, ref, 'a.pdf', PDF_BYTES)).status).toBe(403);
    const noFile = await t.app.inject({ method: 'POST', url: ref.uploadUrl ?? '', payload: {}, headers: { cookie: admin } });
    expect(noFile.statusCode).toBe(400);
    expect((await sendFile(admin, ref, 'good.pdf', PDF_BYTES)).status).toBe(200);
    const again = await sendFile(admin, ref, 'good.pdf', PDF_BYTES);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(m.fileAlreadyUploaded);
    const stored = await rows<{ n: number }>(sql`select count(*)::int as n from files where path like ${`learning/${demoOrg}/${ref._id}/%`}`);
    expect(stored[0]?.n).toBe(1);
  });

  it('takes images and videos checked by their bytes, and serves a video in ranges so that it seeks', async () => {
    const img = (await upload(admin, doc({ type: 1, filename: 'sign.png' }))).body.data;
    expect((await sendFile(admin, img, 'sign.png', PNG_BYTES)).status).toBe(200);
    const vid = (await upload(admin, doc({ type: 2, filename: 'clip.webm' }))).body.data;
    const webm = demoWebm();
    expect((await sendFile(admin, vid, 'clip.mp4', webm)).status).toBe(415);
    const up = await sendFile(admin, vid, 'clip.webm', webm);
    expect(up.status, up.body.message).toBe(200);
    expect(up.body.data.file?.fileType).toBe('video/webm');
    const link = up.body.data.item_url;
    const whole = await t.app.inject({ method: 'GET', url: link, headers: { cookie: employee1 } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(webm)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: link, headers: { cookie: employee1, range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${webm.length}`);
    expect(part.rawPayload.equals(webm.subarray(10, 20))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: link, headers: { cookie: employee1, range: 'bytes=-5' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(webm.subarray(webm.length - 5))).toBe(true);
    const past = await t.app.inject({ method: 'GET', url: link, headers: { cookie: employee1, range: `bytes=${webm.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${webm.length}`);
  });
});

describe('learning categories', () => {
  it('lists the defaults, adds new names with the spec rules and takes uploads under them', async () => {
    const start = await t.get<LearningCategories>(`/api/company/getLearningCategories?cmp_id=${demoOrg}`, admin);
    expect(start.status).toBe(200);
    expect(start.body.data.categories.slice(0, 3)).toEqual(['Corona Virus', 'Safety', 'Environment']);
    expect(start.body.data.subcategories.slice(0, 3)).toEqual(['Tablet', 'Testing', 'Pollution']);
    const add = (kind: string, name: unknown, cookie = admin, companyId = demoOrg) =>
      t.post<LearningCategories>('/api/company/addLearningCategory', { companyId, kind, name }, cookie);
    const res = await add('category', ' Fire Safety 2 ');
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.categories).toContain('Fire Safety 2');
    expect((await add('category', 'fire safety 2')).body.message).toBe(m.categoryExists);
    expect((await add('category', 'safety')).status).toBe(409);
    expect((await add('category', 'notices')).status).toBe(409);
    expect((await add('subcategory', 'TABLET')).body.message).toBe(m.subCategoryExists);
    expect((await add('category', 'Fi')).body.message).toBe(m.categoryMin);
    expect((await add('category', '')).body.message).toBe(m.categoryRequired);
    expect((await add('category', 'Fire & Gas')).body.message).toBe(m.specialCharacters);
    expect((await add('subcategory', 'Ab')).body.message).toBe(m.subCategoryMin);
    expect((await add('colour', 'Blue')).status).toBe(400);
    expect((await add('subcategory', 'Gas Detectors')).status).toBe(200);
    expect((await add('category', 'Another One', c1)).status).toBe(403);
    expect((await add('category', 'Another One', otherAdmin)).status).toBe(404);
    expect((await t.post('/api/company/addLearningCategory', { companyId: demoOrg, kind: 'category', name: 'X Y Z' })).status).toBe(401);
    const other = await t.get<LearningCategories>(`/api/company/getLearningCategories?cmp_id=${otherOrg}`, otherAdmin);
    expect(other.body.data.categories).not.toContain('Fire Safety 2');
    const under = await upload(admin, doc({ type: 4, item_url: YT, filename: '', subcat: 'gas detectors' }), 'fire safety 2');
    expect(under.status, under.body.message).toBe(200);
    const lib = await t.get<LearningDoc[]>(`/api/learning/getLearningDocs?cmp_id=${demoOrg}`, admin);
    expect(lib.body.data.find((d) => d._id === under.body.data._id)).toMatchObject({ topic: 'Fire Safety 2', subcat: 'Gas Detectors' });
  });
});

describe('POST /api/learning/recordProgress', () => {
  it('keeps the larger seconds and the first completion of an employee', async () => {
    const d = await readyPdf('Progress doc');
    const first = await progress(employee1, { docId: d._id, seconds: 120, completed: false });
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data).toMatchObject({ seconds: 120, completed: false, completedAt: null });
    const done = await progress(employee1, { docId: d._id, seconds: 300, completed: true });
    expect(done.body.data).toMatchObject({ seconds: 300, completed: true });
    const later = await progress(employee1, { docId: d._id, seconds: 60, completed: false });
    expect(later.body.data).toMatchObject({ seconds: 300, completed: true, completedAt: done.body.data.completedAt });
    const row = await rows<{ seconds: number; completed: boolean }>(
      sql`select seconds, completed from learning_progress where doc_id = ${d._id} and user_id = ${await t.userId('employee1@demo.test')}`,
    );
    expect(row).toEqual([{ seconds: 300, completed: true }]);
  });

  it('counts concurrent first calls of one employee once in the month (the largest seconds, not their sum)', async () => {
    const d = await readyPdf('Concurrent progress doc');
    const monthTotal = async () =>
      (await rows<{ s: number }>(sql`select coalesce(sum(seconds), 0)::int as s from learning_month_seconds where organisation_id = ${demoOrg}`))[0]?.s ?? -1;
    const before = await monthTotal();
    const seconds = Array.from({ length: 10 }, (_, i) => 30 * (i + 1));
    const replies = await Promise.all(seconds.map((s) => progress(employee4, { docId: d._id, seconds: s, completed: false })));
    for (const r of replies) expect(r.status, r.body.message).toBe(200);
    expect((await monthTotal()) - before).toBe(Math.max(...seconds));
    // The organisation's month sums (the chart's rows) equal its contractors' month by month.
    const byMonth = (table: SQL) =>
      rows<{ month: string; s: number }>(
        sql`select month::text, sum(seconds)::int as s from ${table} where organisation_id = ${demoOrg} group by 1 order by 1`,
      );
    expect(await byMonth(sql`learning_org_month_seconds`)).toEqual(await byMonth(sql`learning_month_seconds`));
    const row = await rows<{ seconds: number }>(
      sql`select seconds from learning_progress where doc_id = ${d._id} and user_id = ${await t.userId('employee4@demo.test')}`,
    );
    expect(row).toEqual([{ seconds: Math.max(...seconds) }]);
  });

  it("keeps each employee's sums equal to its progress rows, with concurrent calls on several documents", async () => {
    const docs = [await readyPdf('Sums doc A'), await readyPdf('Sums doc B'), await readyPdf('Sums doc C')];
    const calls = docs.flatMap((d, i) => [
      { docId: d._id, seconds: 100 * (i + 1), completed: false },
      { docId: d._id, seconds: 50 * (i + 1), completed: i !== 1 },
      { docId: d._id, seconds: 120 * (i + 1), completed: i === 0 },
    ]);
    for (const r of await Promise.all(calls.flatMap((c) => [progress(employee4, c), progress(employee1, c)]))) expect(r.status, r.body.message).toBe(200);
    // Seconds only grow and completion stays, whatever order the calls ran in.
    await progress(employee1, { docId: docs[1]?._id, seconds: 30, completed: false });
    const kept = await rows<{ user_id: string; seconds: number; completed: number }>(
      sql`select user_id, seconds::int, completed from learning_employee_totals order by user_id`,
    );
    const summed = await rows<{ user_id: string; seconds: number; completed: number }>(
      sql`select user_id, sum(seconds)::int as seconds, (count(*) filter (where completed))::int as completed
        from learning_progress group by user_id having sum(seconds) > 0 or bool_or(completed) order by user_id`,
    );
    expect(kept).toEqual(summed);
    const e1 = await t.userId('employee1@demo.test');
    const onTheseDocs = await rows<{ seconds: number; completed: number }>(
      sql`select sum(seconds)::int as seconds, (count(*) filter (where completed))::int as completed from learning_progress
        where user_id = ${e1} and doc_id in (${sql.join(docs.map((d) => sql`${d._id}`), sql`, `)})`,
    );
    expect(onTheseDocs).toEqual([{ seconds: 120 + 240 + 360, completed: 2 }]);
  });

  it('answers 400 for bad fields, 401, 403 to other roles and 404 for notices and other tenants', async () => {
    const d = await readyPdf('Guarded doc');
    for (const bad of [{ seconds: 10 }, { docId: d._id }, { docId: d._id, seconds: -1 }, { docId: d._id, seconds: 1.5 }, { docId: d._id, seconds: '10' }, { docId: d._id, seconds: 10, completed: 'yes' }]) {
      expect((await progress(employee1, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await progress(undefined, { docId: d._id, seconds: 1 })).status).toBe(401);
    for (const cookie of [admin, c1, auditor1]) expect((await progress(cookie, { docId: d._id, seconds: 1 })).status).toBe(403);
    const otherDoc = await t.post<StorageReference>('/api/company/uploadLearning', { cmp_id: otherOrg, topic: 'Safety', document: doc({ type: 4, item_url: YT, filename: '' }) }, otherAdmin);
    expect(otherDoc.status).toBe(200);
    expect((await progress(employee1, { docId: otherDoc.body.data._id, seconds: 5 })).status).toBe(404);
    expect((await progress(employee1, { docId: crypto.randomUUID(), seconds: 5 })).status).toBe(404);
    const notice = await t.post<StorageReference>('/api/notice/createNotice', { cmp_id: demoOrg, document: doc({ type: 4, item_url: YT, filename: '' }) }, admin);
    expect((await progress(employee1, { docId: notice.body.data._id, seconds: 5 })).status).toBe(404);
    // A document whose file has not arrived is not learnt yet.
    const pending = await upload(admin, doc({ title: 'Pending' }));
    expect((await progress(employee1, { docId: pending.body.data._id, seconds: 5 })).status).toBe(404);
  });
});

describe('GET /api/{role}/fetchLearningTable and GET /api/company/fetchLearningGraph', () => {
  type SumRow = { user_id: string; seconds: number; completed: number };
  const sums = async () =>
    new Map(
      (
        await rows<SumRow>(
          sql`select user_id, sum(seconds)::int as seconds, (count(*) filter (where completed))::int as completed from learning_progress group by user_id`,
        )
      ).map((r) => [r.user_id, r]),
    );
  const modules = async () =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from learning_documents where organisation_id = ${demoOrg} and topic <> 'Notices' and ready`))[0]?.n ?? -1;

  it('gives the organisation every employee of its contractors with sums that match the rows', async () => {
    const d = await readyPdf('Table doc');
    await progress(employee4, { docId: d._id, seconds: 1800, completed: true });
    const res = await table(admin, 'company', `cmp_id=${demoOrg}&pageSize=30`);
    expect(res.status, res.body.message).toBe(200);
    // Each with its company's name: a search matches either (issue 56).
    const employees = await rows<{ id: string; name: string; company: string }>(
      sql`select u.id, u.name, c.name as company from users u join users c on c.id = u.contractor_id
        where u.type = 5 and u.organisation_id = ${demoOrg} and u.deleted_at is null order by u.name, u.id`,
    );
    const holds = (e: { name: string; company: string }, text: string) =>
      e.name.toLowerCase().includes(text.toLowerCase()) || e.company.toLowerCase().includes(text.toLowerCase());
    expect(res.body.data.total).toBe(employees.length);
    expect(res.body.data.data.map((r) => r._id)).toEqual(employees.slice(0, 30).map((e) => e.id));
    const expected = await sums();
    for (const r of res.body.data.data) {
      expect(r.completed_hrs, r.name).toBe(expected.get(r._id)?.seconds ?? 0);
      expect(r.completed_modules, r.name).toBe(expected.get(r._id)?.completed ?? 0);
    }
    expect(res.body.data.total_learning_module).toBe(await modules());
    // Paging and search.
    const page = await table(admin, 'company', `cmp_id=${demoOrg}&pageSize=10&page=1&search=${encodeURIComponent('riley')}`);
    expect(page.body.data.data.map((r) => r.name)).toEqual(employees.filter((e) => holds(e, 'riley')).map((e) => e.name));
    expect(page.body.data.total).toBe(employees.filter((e) => holds(e, 'riley')).length);
    // A company's name finds its employees.
    const company = employees[0]?.company ?? '';
    const ofCompany = await table(admin, 'company', `cmp_id=${demoOrg}&pageSize=30&page=1&search=${encodeURIComponent(company.slice(2, 12).toUpperCase())}`);
    const staff = employees.filter((e) => holds(e, company.slice(2, 12)));
    expect(staff.some((e) => !holds({ ...e, company: '' }, company.slice(2, 12)))).toBe(true);
    expect(ofCompany.body.data.data.map((r) => r._id)).toEqual(staff.slice(0, 30).map((e) => e.id));
    expect(ofCompany.body.data.total).toBe(staff.length);
    expect(page.body.data.total_learning_module).toBe(await modules());
    // The second page (the prepared statement, run again with other values).
    const second = await table(admin, 'company', `cmp_id=${demoOrg}&pageSize=10&page=2`);
    expect(second.body.data.data.map((r) => r._id)).toEqual(employees.slice(10, 20).map((e) => e.id));
    expect(second.body.data.total).toBe(employees.length);
    // One contractor's employees, as the organisation, with and without a search.
    const ofC1 = await rows<{ id: string; name: string; company: string }>(
      sql`select u.id, u.name, c.name as company from users u join users c on c.id = u.contractor_id
        where u.type = 5 and u.contractor_id = ${c1Id} and u.organisation_id = ${demoOrg} and u.deleted_at is null order by u.name, u.id`,
    );
    const one = await table(admin, 'company', `cmp_id=${demoOrg}&contractor_id=${c1Id}&pageSize=30`);
    expect(one.body.data.data.map((r) => r._id)).toEqual(ofC1.slice(0, 30).map((e) => e.id));
    expect(one.body.data.total).toBe(ofC1.length);
    expect(one.body.data.total_learning_module).toBe(await modules());
    const needle = ofC1[0]?.name.slice(1, 4) ?? '';
    const found = await table(admin, 'company', `cmp_id=${demoOrg}&contractor_id=${c1Id}&pageSize=30&search=${encodeURIComponent(needle)}`);
    const matching = ofC1.filter((e) => holds(e, needle));
    expect(matching.length).toBeGreaterThan(0);
    expect(found.body.data.data.map((r) => r._id)).toEqual(matching.slice(0, 30).map((e) => e.id));
    expect(found.body.data.total).toBe(matching.length);
  });

  it('pages a search by name, in any case, and matches wildcards as text', async () => {
    for (let i = 1; i <= 12; i += 1) {
      const made = await t.post('/api/contractor/createEmployee', { name: `Pager ${'ABCDEFGHIJKL'.charAt(i - 1)}`, email: `pager${i}@field.test` }, c1);
      expect(made.status, made.body.message).toBe(200);
    }
    const pagers = await rows<{ id: string }>(
      sql`select id from users where type = 5 and organisation_id = ${demoOrg} and deleted_at is null and name ilike '%pager%' order by name, id`,
    );
    expect(pagers).toHaveLength(12);
    const second = await table(admin, 'company', `cmp_id=${demoOrg}&pageSize=10&page=2&search=pAGER`);
    expect(second.body.data.data.map((r) => r._id)).toEqual(pagers.slice(10).map((e) => e.id));
    expect(second.body.data.total).toBe(12);
    const ofC1 = await table(c1, 'contractor', `cmp_id=${demoOrg}&pageSize=10&page=1&search=${encodeURIComponent('GER l')}`);
    expect(ofC1.body.data.data.map((r) => r.name)).toEqual(['Pager L']);
    for (const wildcard of ['%', '_', 'p%r']) {
      const res = await table(admin, 'company', `cmp_id=${demoOrg}&pageSize=30&search=${encodeURIComponent(wildcard)}`);
      expect([res.status, res.body.data.total, res.body.data.data.length], wildcard).toEqual([200, 0, 0]);
    }
  });

  it('finds a search through the trigram indexes (pg_trgm), never by reading every employee (issue 63)', async () => {
    // An organisation of 3 000 employees under one contractor (the demo's few would be read whole,
    // which is cheaper at that size).
    const org = `trgm-org-${crypto.randomUUID()}`;
    const contractor = `trgm-contractor-${crypto.randomUUID()}`;
    await t.db.execute(sql`insert into organisations (id, name) values (${org}, 'Trigram Industries')`);
    await t.db.execute(sql`insert into users (id, type, email, name, organisation_id) values (${contractor}, 3, ${`${contractor}@trgm.test`}, 'Trigram Contracting', ${org})`);
    await t.db.execute(sql`insert into users (id, type, email, name, organisation_id, contractor_id)
      select ${org} || '-e' || g, 5, ${org} || '-e' || g || '@trgm.test', 'Trigram Employee ' || lpad(g::text, 5, '0'), ${org}, ${contractor}
      from generate_series(1, 3000) g`);
    // At rest, as autovacuum leaves it: statistics, and the GIN indexes' pending entries merged.
    await t.db.execute(sql`vacuum analyze users`);
    const reads = learningRepository.prepareEmployeeReads(t.db);
    const dialect = new PgDialect();
    const values: Record<string, unknown> = { organisationId: org, contractorId: contractor, pattern: '%Employee 012%' };
    for (const contractorScope of [false, true]) {
      // The statement as the server prepares it, planned as PostgreSQL keeps it for any text (its generic plan).
      const built = dialect.sqlToQuery(reads.searchStatement(contractorScope));
      const args = built.params.map((x) => {
        if (!(x instanceof Placeholder)) return x;
        return values[x.name];
      });
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare trgm_plan as ${built.sql}`));
        try {
          // EXPLAIN takes no parameters: the values written in, as literals.
          const literals = args.map((a) => (typeof a === 'number' ? String(a) : `'${String(a).replace(/'/g, "''")}'`)).join(', ');
          const res: unknown = await tx.execute(sql.raw(`explain execute trgm_plan(${literals})`));
          return (res as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r).join('')).join('\n');
        } finally {
          await tx.execute(sql`deallocate trgm_plan`);
        }
      });
      expect(plan).toContain('users_employee_name_trgm_idx');
      expect(plan).not.toMatch(/Seq Scan on users/);
      expect(plan).not.toMatch(/users_org_type_name_live_idx|users_contractor_name_live_idx on users u\b/);
    }
    // And it finds them: 100 names hold "Employee 012".
    const found = await reads.searchIds({ organisationId: org, contractorId: null, search: 'employee 012' });
    expect(found).toHaveLength(100);
    const page = await reads.pageOf({ organisationId: org, contractorId: null, ids: found.slice(90) });
    expect(page.rows.map((r) => r.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Trigram Employee 0${1290 + i}`));
    expect(await reads.searchIds({ organisationId: org, contractorId: contractor, search: 'TRIGRAM contr' })).toHaveLength(3000);
  });

  it('keeps the count of employees until the users change: an employee added is counted at once', async () => {
    const count = async (contractorId?: string) =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from users where type = 5 and organisation_id = ${demoOrg} and deleted_at is null
            and (${contractorId ?? null}::text is null or contractor_id = ${contractorId ?? null})`,
        )
      )[0]?.n;
    const first = await table(admin, 'company', `cmp_id=${demoOrg}&pageSize=10`);
    const kept = await table(admin, 'company', `cmp_id=${demoOrg}&pageSize=10&page=2`);
    expect([first.body.data.total, kept.body.data.total]).toEqual([await count(), await count()]);
    const ofC1 = await table(admin, 'company', `cmp_id=${demoOrg}&contractor_id=${c1Id}&pageSize=10`);
    expect(ofC1.body.data.total).toBe(await count(c1Id));
    const made = await t.post('/api/contractor/createEmployee', { name: 'Quill Worker', email: 'quill@field.test' }, c1);
    expect(made.status, made.body.message).toBe(200);
    const after = await table(admin, 'company', `cmp_id=${demoOrg}&pageSize=10&page=2`);
    expect(after.body.data.total).toBe(first.body.data.total + 1);
    expect(after.body.data.total).toBe(await count());
    expect((await table(admin, 'company', `cmp_id=${demoOrg}&contractor_id=${c1Id}&pageSize=10`)).body.data.total).toBe(ofC1.body.data.total + 1);
    expect((await table(c1, 'contractor', `cmp_id=${demoOrg}&pageSize=10`)).body.data.total).toBe(await count(c1Id));
    // A search matches the names as they are now: the new employee at once, and by its new name once renamed.
    const search = async (text: string) => (await table(admin, 'company', `cmp_id=${demoOrg}&pageSize=10&search=${text}`)).body.data;
    const madeId = (made.body as { data: { _id: string } }).data._id;
    expect((await search('qUiLl')).data.map((r) => r._id)).toEqual([madeId]);
    const renamed = await t.post('/api/contractor/editEmployee', { employeeId: madeId, updateData: { name: 'Zephyr Worker' } }, c1);
    expect(renamed.status, renamed.body.message).toBe(200);
    expect(await search('quill')).toMatchObject({ total: 0, data: [] });
    expect((await search('zephyr')).data.map((r) => [r._id, r.name])).toEqual([[madeId, 'Zephyr Worker']]);
  });

  it('gives a contractor only its own employees', async () => {
    const res = await table(c1, 'contractor', `cmp_id=${demoOrg}&pageSize=30`);
    expect(res.status, res.body.message).toBe(200);
    const own = await rows<{ id: string }>(sql`select id from users where type = 5 and contractor_id = ${c1Id} and organisation_id = ${demoOrg} order by name, id`);
    expect(res.body.data.data.map((r) => r._id)).toEqual(own.map((o) => o.id));
    expect(res.body.data.data.length).toBeGreaterThan(0);
    expect((await table(c1, 'contractor', `cmp_id=${demoOrg}&contractor_id=${c2Id}`)).status).toBe(404);
    expect((await table(c2, 'contractor', `cmp_id=${demoOrg}`)).body.data.data.every((r) => r.contractorId === c2Id)).toBe(true);
  });

  it('answers 400, 401, 403 and 404 as it should', async () => {
    expect((await table(admin, 'company', `cmp_id=${demoOrg}&pageSize=15`)).body.message).toBe(m.pageSizeInvalid);
    expect((await table(admin, 'company', `cmp_id=${demoOrg}&page=0`)).status).toBe(400);
    expect((await table(admin, 'company', '')).status).toBe(400);
    expect((await table(admin, 'company', `cmp_id=${demoOrg}&search=${'x'.repeat(200)}`)).status).toBe(400);
    expect((await t.get(`/api/company/fetchLearningTable?cmp_id=${demoOrg}`)).status).toBe(401);
    expect((await table(c1, 'company', `cmp_id=${demoOrg}`)).status).toBe(403);
    expect((await table(admin, 'contractor', `cmp_id=${demoOrg}`)).status).toBe(403);
    expect((await table(auditor1, 'company', `cmp_id=${demoOrg}`)).status).toBe(403);
    expect((await table(employee1, 'contractor', `cmp_id=${demoOrg}`)).status).toBe(403);
    expect((await table(admin, 'company', `cmp_id=${otherOrg}`)).status).toBe(404);
    expect((await table(otherAdmin, 'company', `cmp_id=${demoOrg}`)).status).toBe(404);
    expect((await table(admin, 'company', `cmp_id=${demoOrg}&contractor_id=${await t.userId('contractor@other.test')}`)).status).toBe(404);
  });

  it('sums hours per month from the rows: the organisation all, a contractor its own', async () => {
    const d = await readyPdf('Graph doc');
    await progress(employee1, { docId: d._id, seconds: 5400, completed: false });
    await progress(employee1, { docId: d._id, seconds: 7200, completed: true });
    const year = new Date().getUTCFullYear();
    for (const y of [year, year - 1]) {
      type MonthRow = { month: number; seconds: number };
      // Each row's seconds were learnt in the month of its last update (the seed and this test
      // record each row within one month).
      const expected = async (contractor: string | null) =>
        new Map(
          (
            await rows<MonthRow>(
              sql`select extract(month from updated_at at time zone 'UTC')::int as month, sum(seconds)::int as seconds from learning_progress
                  where organisation_id = ${demoOrg} and extract(year from updated_at at time zone 'UTC') = ${y}
                  ${contractor === null ? sql`` : sql`and contractor_id = ${contractor}`} group by 1`,
            )
          ).map((r) => [r.month, r.seconds]),
        );
      const org = await t.get<LearningGraph>(`/api/company/fetchLearningGraph?cmp_id=${demoOrg}&year=${y}`, admin);
      expect(org.status, org.body.message).toBe(200);
      expect(org.body.data.data).toHaveLength(12);
      const all = await expected(null);
      for (const r of org.body.data.data) {
        expect(r.seconds, `${y}-${r.month}`).toBe(all.get(r.month) ?? 0);
        expect(r.hours).toBe(Math.round(((all.get(r.month) ?? 0) / 3600) * 100) / 100);
      }
      const own = await t.get<LearningGraph>(`/api/company/fetchLearningGraph?cmp_id=${demoOrg}&year=${y}`, c1);
      const mine = await expected(c1Id);
      for (const r of own.body.data.data) expect(r.seconds, `c1 ${y}-${r.month}`).toBe(mine.get(r.month) ?? 0);
    }
    const now = await t.get<LearningGraph>(`/api/company/fetchLearningGraph?cmp_id=${demoOrg}&year=${year}`, admin);
    expect(now.body.data.data[new Date().getUTCMonth()]?.seconds).toBeGreaterThanOrEqual(7200);
    expect((await t.get(`/api/company/fetchLearningGraph?cmp_id=${demoOrg}&year=abc`, admin)).status).toBe(400);
    expect((await t.get(`/api/company/fetchLearningGraph?cmp_id=${demoOrg}`, admin)).status).toBe(400);
    expect((await t.get(`/api/company/fetchLearningGraph?cmp_id=${demoOrg}&year=${year}`)).status).toBe(401);
    expect((await t.get(`/api/company/fetchLearningGraph?cmp_id=${demoOrg}&year=${year}`, auditor1)).status).toBe(403);
    expect((await t.get(`/api/company/fetchLearningGraph?cmp_id=${demoOrg}&year=${year}`, employee1)).status).toBe(403);
    expect((await t.get(`/api/company/fetchLearningGraph?cmp_id=${demoOrg}&year=${year}`, otherAdmin)).status).toBe(404);
  });
});


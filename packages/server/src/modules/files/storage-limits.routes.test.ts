import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay, type AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import type { Category } from '@palisade/domain/assessments/category.schema';
import type { Question } from '@palisade/domain/assessments/question.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { DEFAULT_MAX_UNATTACHED_UPLOADS, DEFAULT_STORAGE_QUOTA_BYTES, UNATTACHED_UPLOAD_TTL_MS } from '@palisade/domain/constants';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { loadConfig } from '../../config';
import { files, organisationStorage, policyDocuments } from '../../db/schema';
import { newId } from '../../lib/ids';
import { createTestApp, PNG_BYTES, type TestApp } from '../../test/test-app';
import { PDF_BYTES, postForm } from '../../test/documents-helpers';
import { EVENTUALLY_MS } from '../../test/waits';

// #17: a storage quota per organisation, a limit of unattached uploads per user, and a sweep of
// uploads never attached. The app here has a 1 GB quota, a limit of 3, and sweeps every 200 ms.
const QUOTA = 1024 * 1024 * 1024;
const MAX_UNATTACHED = 3;
const HOUR = 60 * 60 * 1000;
const R = '/api/assessment/responses';

let t: TestApp;
let admin: string;
let c1: string;
let c2: string;
let demoOrg: string;
let adminId: string;
let c1Id = '';
let c2Id = '';
const qs: string[] = [];
let category = '';

/** A new assessment shared with one contractor, and that contractor's response to it. */
async function startFresh(name: string, cookie: string, contractorId: string): Promise<ResponseReply> {
  const created = await t.post<AssessmentReply>(
    '/api/assessment/createAssessment',
    {
      name,
      dueDate: isoDay(new Date(Date.now() + 10 * 24 * HOUR)),
      contractors: [contractorId],
      sections: [
        {
          category,
          totalMarks: 10,
          factors: { social: true },
          questions: [
            { question: qs[0], questType: { answerType: 'yesNo' } },
            { question: qs[1], questType: { answerType: 'yesNo' } },
          ],
        },
      ],
    },
    admin,
  );
  expect(created.status, created.body.message).toBe(200);
  const res = await t.post<ResponseReply>(`${R}/createResponseForContractor`, { assessmentId: created.body.data._id, contractor: { contractorId } }, cookie);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

const sectionOf = (r: ResponseReply) => r.sections?.[0]?._id ?? '';
const questionOf = (r: ResponseReply, qi: number) => r.sections?.[0]?.questions[qi]?._id ?? '';

function upload(r: ResponseReply, name: string, cookie: string, questionId?: string) {
  const query = new URLSearchParams({ responseId: r._id, sectionId: sectionOf(r), ...(questionId ? { questionId } : {}) });
  return t.upload<FileRecord>(`${R}/uploadAttachment?${query.toString()}`, { name, content: PNG_BYTES, type: 'image/png' }, cookie);
}

function save(r: ResponseReply, questionId: string, attachment: FileRecord[], cookie: string) {
  return t.post<ResponseReply>(
    `${R}/updateSectionInResponse`,
    { assesRespId: r._id, sectionId: sectionOf(r), responseData: { questions: [{ _id: questionId, answer: { yesNo: 'YES', attachment } }] } },
    cookie,
  );
}

/** The stored objects in a response's attachment folder. */
async function storedIn(r: ResponseReply): Promise<string[]> {
  return (await fs.readdir(path.join(t.dataDir, 'files', 'assessment', r._id, sectionOf(r))).catch(() => [])).sort();
}

const exists = (filePath: string) =>
  fs.access(path.join(t.dataDir, 'files', filePath)).then(
    () => true,
    () => false,
  );

const rowOf = async (filePath: string) => (await t.db.select().from(files).where(eq(files.path, filePath)))[0];

async function used(organisationId: string): Promise<number> {
  const [row] = await t.db.select({ used: organisationStorage.usedBytes }).from(organisationStorage).where(eq(organisationStorage.organisationId, organisationId));
  return row?.used ?? 0;
}

/** Takes the organisation's storage to `free` bytes below the quota with one made-up file record. */
async function fillTo(free: number): Promise<string> {
  const id = newId();
  await t.db.insert(files).values({
    id,
    path: `test-filler/${id}.bin`,
    fileName: 'filler.bin',
    fileType: 'application/octet-stream',
    size: QUOTA - free - (await used(demoOrg)),
    ownerId: adminId,
    organisationId: demoOrg,
  });
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ STORAGE_QUOTA_BYTES: String(QUOTA), MAX_UNATTACHED_UPLOADS: String(MAX_UNATTACHED) }, { unattachedSweepMs: 200 });
  admin = await t.signIn('admin@demo.test');
  c1 = await t.signIn('contractor1@demo.test');
  c2 = await t.signIn('contractor2@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  adminId = await t.userId('admin@demo.test');
  c1Id = await t.userId('contractor1@demo.test');
  c2Id = await t.userId('contractor2@demo.test');
  const categories = await t.post<Category[]>('/api/assessment/categories/getAssessCategoriesByCompanyId', { companyId: demoOrg }, admin);
  category = categories.body.data[0]?._id ?? '';
  const questions = await t.post<Question[]>('/api/assessment/questions/getQuestionsByCompanyId', { companyId: demoOrg }, admin);
  qs.push(...questions.body.data.map((q) => q._id));
});
afterAll(async () => {
  await t.close();
});

describe('configuration', () => {
  it('defaults to a 5 GB quota and 20 unattached uploads a user', () => {
    expect(DEFAULT_STORAGE_QUOTA_BYTES).toBe(5 * 1024 ** 3);
    expect(loadConfig({})).toMatchObject({ storageQuotaBytes: DEFAULT_STORAGE_QUOTA_BYTES, maxUnattachedUploads: DEFAULT_MAX_UNATTACHED_UPLOADS });
    expect(DEFAULT_MAX_UNATTACHED_UPLOADS).toBe(20);
    expect(loadConfig({ STORAGE_QUOTA_BYTES: '1000', MAX_UNATTACHED_UPLOADS: '2' })).toMatchObject({ storageQuotaBytes: 1000, maxUnattachedUploads: 2 });
    expect(() => loadConfig({ STORAGE_QUOTA_BYTES: 'lots' })).toThrow(/STORAGE_QUOTA_BYTES/);
    expect(() => loadConfig({ MAX_UNATTACHED_UPLOADS: '0' })).toThrow(/MAX_UNATTACHED_UPLOADS/);
  });
});

describe('storage quota of an organisation', () => {
  it('counts every file of the organisation: the seeded ones, uploads, deletions', async () => {
    const rows = await t.db.select({ size: files.size, org: files.organisationId, quotaOrg: files.quotaOrganisationId }).from(files);
    const sum = rows.filter((f) => (f.quotaOrg ?? f.org) === demoOrg).reduce((a, f) => a + f.size, 0);
    expect(sum).toBeGreaterThan(0);
    expect(await used(demoOrg)).toBe(sum);
  });

  it('refuses an upload past the quota with 507 and a clear message, and stores nothing; room made lets it in again', async () => {
    const r = await startFresh('Quota Audit', c1, c1Id);
    const base = await used(demoOrg);
    // Room for one small picture, not two.
    const filler = await fillTo(PNG_BYTES.length + 10);
    const first = await upload(r, 'first.png', c1, questionOf(r, 0));
    expect(first.status, first.body.message).toBe(200);
    const rowsBefore = (await t.db.select({ id: files.id }).from(files)).length;
    const usedBefore = await used(demoOrg);
    expect(usedBefore).toBe(QUOTA - 10);
    const storedBefore = await storedIn(r);

    // Would go past the quota: stored while it arrived, then refused and removed.
    const second = await upload(r, 'second.png', c1);
    expect(second.status).toBe(507);
    expect(second.body).toMatchObject({ code: 507, message: messages.files.storageFull('1 GB'), data: { requestId: expect.any(String) } });
    expect(second.body.message).toBe(
      "Your organisation's file storage is full (its limit is 1 GB): this file was not stored. Delete files it no longer needs, or ask the portal's operator for more space.",
    );
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(rowsBefore);
    expect(await used(demoOrg)).toBe(usedBefore);
    expect(await storedIn(r)).toEqual(storedBefore);

    // Full to the byte: refused before a byte is stored, whatever the kind of upload.
    const fillerSize = (await t.db.select({ size: files.size }).from(files).where(eq(files.id, filler)))[0]?.size ?? 0;
    await t.db.update(files).set({ size: fillerSize + 10 }).where(eq(files.id, filler));
    expect(await used(demoOrg)).toBe(QUOTA);
    const full = await upload(r, 'third.png', c1, questionOf(r, 1));
    expect(full.status).toBe(507);
    expect(full.body.message).toBe(messages.files.storageFull('1 GB'));
    const documentCount = (await t.db.select({ id: policyDocuments.id }).from(policyDocuments)).length;
    const doc = await postForm(t, '/api/document/createDocument', admin, [['title', 'Full'], ['description', 'No room']], [{ name: 'Policy.pdf', content: PDF_BYTES }]);
    expect(doc.status).toBe(507);
    expect(doc.body.message).toBe(messages.files.storageFull('1 GB'));
    expect((await t.db.select({ id: policyDocuments.id }).from(policyDocuments)).length).toBe(documentCount);
    // A profile image counts against the organisation its owner works for.
    const image = await t.upload('/api/profile/uploadProfileImage', { name: 'me.png', content: PNG_BYTES, type: 'image/png' }, c1);
    expect(image.status).toBe(507);
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(rowsBefore);
    expect(await storedIn(r)).toEqual(storedBefore);
    expect(await fs.readdir(path.join(t.dataDir, 'files', 'profile')).catch(() => [])).toEqual([]);

    // Another organisation's storage is its own.
    const otherAdmin = await t.signIn('admin@other.test');
    const otherDoc = await postForm(t, '/api/document/createDocument', otherAdmin, [['title', 'Room'], ['description', 'Here']], [{ name: 'Policy.pdf', content: PDF_BYTES }]);
    expect(otherDoc.status, otherDoc.body.message).toBe(200);

    // Deleting files frees their bytes.
    await t.db.delete(files).where(eq(files.id, filler));
    expect(await used(demoOrg)).toBe(base + PNG_BYTES.length);
    const again = await upload(r, 'again.png', c1, questionOf(r, 1));
    expect(again.status, again.body.message).toBe(200);
    const image2 = await t.upload<Profile>('/api/profile/uploadProfileImage', { name: 'me.png', content: PNG_BYTES, type: 'image/png' }, c1);
    expect(image2.status, image2.body.message).toBe(200);
    expect(await used(demoOrg)).toBe(base + 3 * PNG_BYTES.length);
  });
});

describe('unattached uploads of a user', () => {
  it(`refuses a contractor more than ${MAX_UNATTACHED} uploads no answer names (409), storing nothing; attaching one frees a slot`, async () => {
    const r = await startFresh('Unattached Limit Audit', c2, c2Id);
    const held: FileRecord[] = [];
    for (const name of ['a.png', 'b.png', 'c.png']) {
      const res = await upload(r, name, c2);
      expect(res.status, res.body.message).toBe(200);
      held.push(res.body.data);
    }
    const stored = await storedIn(r);
    expect(stored).toHaveLength(MAX_UNATTACHED);
    const rows = (await t.db.select({ id: files.id }).from(files)).length;

    const refused = await upload(r, 'd.png', c2);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(messages.files.tooManyUnattached(MAX_UNATTACHED));
    expect(refused.body.message).toBe(
      'You have 3 uploaded files that are not attached to an answer yet. Attach them to a question, or delete those you do not need, before uploading more (unattached files are deleted after 24 hours).',
    );
    expect(refused.body.data).toEqual({ field: 'file' });
    // Straight onto a question as well: those waiting come first.
    expect((await upload(r, 'e.png', c2, questionOf(r, 1))).status).toBe(409);
    expect(await storedIn(r)).toEqual(stored);
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(rows);

    // Another contractor is not held by this one's uploads.
    const other = await startFresh('Unattached Other Audit', c1, c1Id);
    expect((await upload(other, 'mine.png', c1, questionOf(other, 0))).status).toBe(200);

    // A save that names one attaches it: there is room for one more.
    const saved = await save(r, questionOf(r, 0), [held[0] as FileRecord], c2);
    expect(saved.status, saved.body.message).toBe(200);
    const next = await upload(r, 'd.png', c2);
    expect(next.status, next.body.message).toBe(200);
    expect((await upload(r, 'f.png', c2)).status).toBe(409);
    // Deleting one that waits frees a slot too.
    const removed = await t.post(`${R}/deleteAttachment`, { responseId: r._id, sectionId: sectionOf(r), questionId: questionOf(r, 1), filePath: held[1]?.filePath }, c2);
    expect(removed.status, removed.body.message).toBe(200);
    expect((await upload(r, 'f.png', c2)).status).toBe(200);
  });
});

describe('uploads at once', () => {
  it('let exactly as many in as the limits allow, whatever arrives together', async () => {
    const c3 = await t.signIn('contractor3@demo.test');
    const r = await startFresh('Concurrent Uploads Audit', c3, await t.userId('contractor3@demo.test'));
    const names = Array.from({ length: 8 }, (_, i) => `burst${i}.png`);
    const burst = await Promise.all(names.map((name) => upload(r, name, c3)));
    expect(burst.filter((res) => res.status === 200)).toHaveLength(MAX_UNATTACHED);
    expect(burst.filter((res) => res.status === 409)).toHaveLength(names.length - MAX_UNATTACHED);
    expect(await storedIn(r)).toHaveLength(MAX_UNATTACHED);

    // Room for two more pictures in the organisation: two of six uploads get in.
    const r1 = await startFresh('Concurrent Quota Audit', c1, c1Id);
    const filler = await fillTo(2 * PNG_BYTES.length + 10);
    try {
      const full = await Promise.all(names.slice(0, 6).map((name, i) => upload(r1, name, c1, questionOf(r1, i % 2))));
      expect(full.filter((res) => res.status === 200)).toHaveLength(2);
      expect(full.filter((res) => res.status === 507)).toHaveLength(4);
      expect(await used(demoOrg)).toBe(QUOTA - 10);
      expect(await storedIn(r1)).toHaveLength(2);
    } finally {
      await t.db.delete(files).where(eq(files.id, filler));
    }
  });
});

describe('sweep of uploads never attached', () => {
  it('deletes the uploads unattached for 24 hours (record and bytes) and keeps attached and fresh ones; a file taken off its answer starts its 24 hours', async () => {
    const r = await startFresh('Sweep Audit', c1, c1Id);
    const old = (await upload(r, 'old.png', c1)).body.data;
    const fresh = (await upload(r, 'fresh.png', c1)).body.data;
    const onQuestion = (await upload(r, 'attached.png', c1, questionOf(r, 0))).body.data;
    const saved = (await upload(r, 'saved.png', c1)).body.data;
    expect((await save(r, questionOf(r, 1), [saved], c1)).status).toBe(200);
    const dropped = (await upload(r, 'dropped.png', c1, questionOf(r, 0))).body.data;
    expect((await rowOf(dropped.filePath))?.unattachedSince).toBeNull();
    // A save without it takes it off its answer: unattached from then on.
    expect((await save(r, questionOf(r, 0), [onQuestion], c1)).status).toBe(200);
    expect((await rowOf(dropped.filePath))?.unattachedSince).toBeInstanceOf(Date);
    expect((await rowOf(onQuestion.filePath))?.unattachedSince).toBeNull();
    expect((await rowOf(saved.filePath))?.unattachedSince).toBeNull();

    // `old` arrived two hours ago; the sweep runs as if 23 hours had passed since now.
    const now = Date.now();
    await t.db.update(files).set({ unattachedSince: new Date(now - 2 * HOUR) }).where(eq(files.path, old.filePath));
    const usedBefore = await used(demoOrg);
    const swept = await t.services.files.sweepUnattached(new Date(now + UNATTACHED_UPLOAD_TTL_MS - HOUR));
    expect(swept).toEqual([old.filePath]);
    expect(await rowOf(old.filePath)).toBeUndefined();
    expect(await exists(old.filePath)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: old.fileLink, headers: { cookie: c1 } })).statusCode).toBe(404);
    expect(await used(demoOrg)).toBe(usedBefore - old.fileSize);
    for (const kept of [fresh, onQuestion, saved, dropped]) {
      expect(await rowOf(kept.filePath), kept.fileName).toBeDefined();
      expect(await exists(kept.filePath), kept.fileName).toBe(true);
    }
    // Nothing of the seeded data goes: it is all in use.
    expect(await t.services.files.sweepUnattached(new Date(now + UNATTACHED_UPLOAD_TTL_MS - HOUR))).toEqual([]);
    const response = await t.post<ResponseReply>(`${R}/getResponseById`, { responseId: r._id }, c1);
    expect(response.body.data.sections?.[0]?.questions.map((q) => q.answer.attachment?.map((f) => f.filePath))).toEqual([[onQuestion.filePath], [saved.filePath]]);
  });

  it('runs by itself on a timer of the app', async () => {
    const r = await startFresh('Sweep Timer Audit', c2, c2Id);
    const unattached = await t.db.select({ path: files.path }).from(files).where(and(eq(files.ownerId, c2Id), isNotNull(files.unattachedSince)));
    // c2 is at its limit from the test above: make room by ageing what it holds.
    await t.db.update(files).set({ unattachedSince: new Date(Date.now() - UNATTACHED_UPLOAD_TTL_MS - HOUR) }).where(and(eq(files.ownerId, c2Id), isNotNull(files.unattachedSince)));
    expect(unattached.length).toBeGreaterThan(0);
    // The records go first, then the bytes.
    const left = async () =>
      (await t.db.select({ id: files.id }).from(files).where(and(eq(files.ownerId, c2Id), isNotNull(files.unattachedSince)))).length +
      (await Promise.all(unattached.map((f) => exists(f.path)))).filter(Boolean).length;
    const deadline = Date.now() + EVENTUALLY_MS;
    while ((await left()) > 0) {
      if (Date.now() > deadline) throw new Error('the sweep did not run');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await upload(r, 'after.png', c2)).status).toBe(200);
  });
});

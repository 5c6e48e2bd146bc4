import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay, type AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import type { Category } from '@palisade/domain/assessments/category.schema';
import type { Question } from '@palisade/domain/assessments/question.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { MAX_UPLOAD_BYTES } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import type { ResponsePage } from '@palisade/domain/responses/review.schema';
import { ResponseStatus } from '@palisade/domain/statuses';
import { auditLog, files } from '../../db/schema';
import { createTestApp, PNG_BYTES, type TestApp } from '../../test/test-app';
import { PDF_BYTES } from '../../test/documents-helpers';

/**
 * Issue 56: the auditor's own files on a question (company-and-auditor §2.5: attach button and
 * attachments menu). Attached and deleted while the auditor may judge (SUBMITTED); read by all
 * who read the response.
 */
const m = messages.review;
const R = '/api/assessment/responses';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let c1: string;
let c2: string;
let otherContractor: string;
let auditor1: string;
let auditor2: string;
let employee: string;
let demoOrg: string;
const ids: Record<string, string> = {};
/** The seeded responses of contractor1, by status (each status has one). */
const byStatus: Partial<Record<ResponseStatus, ResponseReply>> = {};
/** A SUBMITTED response of the other organisation. */
let foreign: ResponseReply;

const uploadUrl = (responseId: string, questionId: string) =>
  `${R}/uploadAuditorAttachment?responseId=${encodeURIComponent(responseId)}&questionId=${encodeURIComponent(questionId)}`;
const firstQuestion = (r: ResponseReply, si = 0, qi = 0) => r.sections?.[si]?.questions[qi]?._id ?? '';
const auditorFiles = (r: ResponseReply, questionId: string) =>
  r.sections?.flatMap((s) => s.questions).find((q) => q._id === questionId)?.auditorAttachments ?? [];

function seededOf(status: ResponseStatus): ResponseReply {
  const r = byStatus[status];
  if (!r) throw new Error(`no seeded ${status} response`);
  return r;
}

async function read(responseId: string, cookie = admin): Promise<ResponseReply> {
  const res = await t.post<ResponseReply>(`${R}/getResponseById`, { responseId }, cookie);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

async function upload(r: ResponseReply, questionId: string, file = { name: 'site report.pdf', content: PDF_BYTES }, cookie = auditor1) {
  return t.upload<ResponseReply>(uploadUrl(r._id, questionId), file, cookie);
}

async function remove(r: ResponseReply, questionId: string, filePath: string, cookie = auditor1) {
  return t.post<ResponseReply>(`${R}/deleteAuditorAttachment`, { responseId: r._id, questionId, filePath }, cookie);
}

async function download(link: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url: link, headers: cookie ? { cookie } : {} });
}

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
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  const otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  ids.c1 = await t.userId('contractor1@demo.test');
  ids.other = await t.userId('contractor@other.test');

  const page = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg], contractorId: ids.c1, pageSize: 200 }, admin);
  expect(page.status, page.body.message).toBe(200);
  for (const item of page.body.data.items) byStatus[item.status] ??= await read(item._id);

  // The other organisation: one assessment, answered and submitted by its contractor.
  const oc = await t.post<Category>(`/api/assessment/categories/createAssessCategory`, { companyId: otherOrg, name: 'Other Safety' }, otherAdmin);
  const oq = await t.post<Question>(`/api/assessment/questions/createQuestion`, { companyId: otherOrg, questText: 'Is there a safety officer?' }, otherAdmin);
  const oa = await t.post<AssessmentReply>(
    '/api/assessment/createAssessment',
    {
      name: 'Other Audit',
      dueDate: isoDay(new Date(Date.now() + 10 * 24 * 60 * 60 * 1000)),
      contractors: [ids.other],
      sections: [{ category: oc.body.data._id, totalMarks: 10, factors: { others: true }, questions: [{ question: oq.body.data._id, questType: { answerType: 'yesNo' } }] }],
    },
    otherAdmin,
  );
  expect(oa.status, oa.body.message).toBe(200);
  const started = (await t.post<ResponseReply>(`${R}/createResponseForContractor`, { assessmentId: oa.body.data._id, contractor: { contractorId: ids.other } }, otherContractor)).body.data;
  const saved = await t.post(
    `${R}/updateSectionInResponse`,
    { assesRespId: started._id, sectionId: started.sections?.[0]?._id, responseData: { questions: [{ _id: firstQuestion(started), answer: { yesNo: 'YES' } }] } },
    otherContractor,
  );
  expect(saved.status, saved.body.message).toBe(200);
  foreign = (await t.post<ResponseReply>(`${R}/changeResponseStatus`, { responseId: started._id, status: 'SUBMITTED' }, otherContractor)).body.data;
  expect(foreign.status).toBe('SUBMITTED');
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/assessment/responses/uploadAuditorAttachment', () => {
  it('attaches a checked file to the question of a SUBMITTED response; every reader of the response reads it; audited', async () => {
    const r = seededOf(ResponseStatus.SUBMITTED);
    const questionId = firstQuestion(r);
    const answerBefore = r.sections?.[0]?.questions[0];
    const res = await upload(r, questionId);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(m.auditorFileAttached);
    const [file, ...rest] = auditorFiles(res.body.data, questionId);
    expect(rest).toEqual([]);
    expect(file).toMatchObject({
      fileName: expect.stringMatching(/^[A-Za-z0-9]{5}_site_report\.pdf$/),
      filePath: expect.stringMatching(new RegExp(`^review/${r._id}/${questionId}/`)),
      fileLink: expect.stringMatching(/^\/api\/files\//),
      fileSize: PDF_BYTES.length,
      fileType: 'application/pdf',
      uploadedBy: { _id: await t.userId('auditor1@demo.test') },
    });
    if (!file) return;
    // Not part of the answer: the contractor's files and the answer's version stay.
    const after = res.body.data.sections?.[0]?.questions[0];
    expect(after?.answer).toEqual(answerBefore?.answer);
    expect(after?.version).toBe(answerBefore?.version);

    // Every reader of the response sees it in the response and downloads it; nobody else.
    for (const cookie of [admin, c1, auditor1, auditor2]) {
      expect(auditorFiles(await read(r._id, cookie), questionId)).toEqual([file]);
      const got = await download(file.fileLink, cookie);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PDF_BYTES)).toBe(true);
    }
    for (const cookie of [c2, otherContractor, otherAdmin, employee]) expect((await download(file.fileLink, cookie)).statusCode).toBe(404);
    expect((await download(file.fileLink)).statusCode).toBe(401);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'response.uploadAuditorAttachment'), eq(auditLog.entityId, r._id)));
    expect(entry?.after).toMatchObject({ filePath: file.filePath, questionId });

    // Tidy: the other tests start from a question without files.
    expect((await remove(r, questionId, file.filePath)).status).toBe(200);
  });

  it('refuses bad input with a message (400), a wrong type (415), bytes not of their extension (415) and over 10 MB (413); nothing is stored', async () => {
    const r = seededOf(ResponseStatus.SUBMITTED);
    const questionId = firstQuestion(r);
    const stored = (await t.db.select().from(files)).length;
    const noQuestion = await t.upload(`${R}/uploadAuditorAttachment?responseId=${r._id}`, { name: 'a.pdf', content: PDF_BYTES }, auditor1);
    expect(noQuestion.status).toBe(400);
    expect(noQuestion.body.message).toMatch(/questionId/);
    const badId = await t.upload(uploadUrl(' ', questionId), { name: 'a.pdf', content: PDF_BYTES }, auditor1);
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/responseId/);
    const noFile = await t.post(uploadUrl(r._id, questionId), {}, auditor1);
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe(messages.files.required);
    const exe = await upload(r, questionId, { name: 'tool.exe', content: PDF_BYTES });
    expect(exe.status).toBe(415);
    const fake = await upload(r, questionId, { name: 'photo.png', content: Buffer.from('not a picture at all') });
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe(messages.files.mismatch);
    const big = await upload(r, questionId, { name: 'big.pdf', content: Buffer.concat([PDF_BYTES, Buffer.alloc(MAX_UPLOAD_BYTES)]) });
    expect(big.status).toBe(413);
    const unknownQuestion = await upload(r, firstQuestion(foreign));
    expect(unknownQuestion.status).toBe(404);
    expect(unknownQuestion.body.message).toBe(m.questionNotInResponse);
    expect((await t.db.select().from(files)).length).toBe(stored);
    expect(auditorFiles(await read(r._id), questionId)).toEqual([]);
  });

  it('401 without a session; 403 for the contractor, the organisation and an employee; 404 for another organisation’s response', async () => {
    const r = seededOf(ResponseStatus.SUBMITTED);
    const questionId = firstQuestion(r);
    expect((await upload(r, questionId, undefined, '')).status).toBe(401);
    for (const cookie of [c1, admin, employee]) expect((await upload(r, questionId, undefined, cookie)).status).toBe(403);
    const other = await upload(foreign, firstQuestion(foreign));
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(messages.responses.notFound);
  });

  it('is refused with a clear message (409) while the auditor may not judge: PENDING, REASSESSMENT, COMPLETED', async () => {
    const cases = [
      [ResponseStatus.PENDING, m.attachPending],
      [ResponseStatus.REASSESSMENT, m.attachReassessment],
      [ResponseStatus.COMPLETED, m.attachCompleted],
    ] as const;
    for (const [status, message] of cases) {
      const r = seededOf(status);
      const res = await upload(r, firstQuestion(r));
      expect(res.status, status).toBe(409);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('POST /api/assessment/responses/deleteAuditorAttachment', () => {
  it('an auditor deletes its own file (gone from the response and the store); another auditor’s is 403; audited', async () => {
    const r = seededOf(ResponseStatus.SUBMITTED);
    const questionId = firstQuestion(r, 0, 1);
    const mine = auditorFiles((await upload(r, questionId, { name: 'mine.png', content: PNG_BYTES })).body.data, questionId)[0];
    const theirs = auditorFiles((await upload(r, questionId, { name: 'theirs.png', content: PNG_BYTES }, auditor2)).body.data, questionId)[1];
    if (!mine || !theirs) throw new Error('uploads failed');
    expect(theirs.uploadedBy._id).toBe(await t.userId('auditor2@demo.test'));

    const refused = await remove(r, questionId, theirs.filePath);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(m.notYourFile);

    const res = await remove(r, questionId, mine.filePath);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(m.auditorFileDeleted);
    expect(auditorFiles(res.body.data, questionId)).toEqual([theirs]);
    expect((await download(mine.fileLink, admin)).statusCode).toBe(404);
    expect((await t.db.select().from(files).where(eq(files.path, mine.filePath))).length).toBe(0);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'response.deleteAuditorAttachment'), eq(auditLog.entityId, r._id)));
    expect(entries.map((e) => e.before)).toContainEqual(expect.objectContaining({ filePath: mine.filePath, questionId }));

    expect((await remove(r, questionId, theirs.filePath, auditor2)).status).toBe(200);
  });

  it('400 with a message for bad input; 404 for an unknown file; 401; 403 for the other roles; 404 for another organisation’s response', async () => {
    const r = seededOf(ResponseStatus.SUBMITTED);
    const questionId = firstQuestion(r);
    const missing = await t.post(`${R}/deleteAuditorAttachment`, { responseId: r._id, questionId }, auditor1);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/filePath/);
    const badId = await t.post(`${R}/deleteAuditorAttachment`, { responseId: r._id, questionId: '', filePath: 'review/x' }, auditor1);
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/questionId/);
    const unknown = await remove(r, questionId, `review/${r._id}/${questionId}/AbCdE_none.pdf`);
    expect(unknown.status).toBe(404);
    expect((await t.post(`${R}/deleteAuditorAttachment`, { responseId: r._id, questionId, filePath: 'x' })).status).toBe(401);
    for (const cookie of [c1, admin, employee]) expect((await remove(r, questionId, 'x', cookie)).status).toBe(403);
    expect((await remove(foreign, firstQuestion(foreign), 'x')).status).toBe(404);
  });

  it('is refused (409) once the response left SUBMITTED: the file stays', async () => {
    const r = seededOf(ResponseStatus.COMPLETED);
    const res = await remove(r, firstQuestion(r), 'review/x');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(m.attachCompleted);
  });
});

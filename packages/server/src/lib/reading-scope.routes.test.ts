import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay, type AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import type { Category } from '@palisade/domain/assessments/category.schema';
import type { Question } from '@palisade/domain/assessments/question.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import type { ResponsePage } from '@palisade/domain/responses/review.schema';
import { createTestApp, type Reply, type TestApp } from '../test/test-app';

const A = '/api/assessment';
const R = '/api/assessment/responses';
const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number) => isoDay(new Date(Date.now() + n * DAY));

let t: TestApp;
let demoAdmin: string;
let otherAdmin: string;
/** auditor2 serves both organisations; this session switches between them. */
let auditor2: string;
let demoOrg: string;
let otherOrg: string;
/** A SUBMITTED response of Other Industries. */
let otherResponse: ResponseReply;
/** One of Demo Gas's responses. */
let demoResponse: ResponseReply;

/** Every list, dashboard and count an auditor reads, for one organisation. */
function calls(org: string, assessmentId: string): { name: string; run: (cookie: string) => Promise<Reply> }[] {
  const range = { from: inDays(-300), to: inDays(0) };
  return [
    { name: 'getResponsesByCompanyIds', run: (c) => t.post(`${R}/getResponsesByCompanyIds`, { companyIds: [org], pageSize: 200 }, c) },
    { name: 'getResponsesByCompanyIds SUBMITTED', run: (c) => t.post(`${R}/getResponsesByCompanyIds`, { companyIds: [org], status: 'SUBMITTED' }, c) },
    { name: 'getResponsesByAssessmentId', run: (c) => t.post(`${R}/getResponsesByAssessmentId`, { assessmentId }, c) },
    { name: 'getTotalScoresOfContrsInCompany', run: (c) => t.post(`${R}/getTotalScoresOfContrsInCompany`, { companyId: org }, c) },
    { name: 'getESGOForAllContractors', run: (c) => t.post(`${R}/getESGOForAllContractors`, { companyId: org }, c) },
    { name: 'getCapPerformanceData', run: (c) => t.post(`${R}/getCapPerformanceData`, { ...range, companyId: org }, c) },
    { name: 'leaderboard', run: (c) => t.get(`/api/admin/leaderboard?cmp_id=${encodeURIComponent(org)}`, c) },
    { name: 'getEngagement', run: (c) => t.post('/api/dashboard/getEngagement', { companyId: org }, c) },
    { name: 'getAssessmentsByCompanyIds', run: (c) => t.post(`${A}/getAssessmentsByCompanyIds`, { companyIds: [org] }, c) },
    { name: 'getContractorsByCompanyId', run: (c) => t.post('/api/contractor/getContractorsByCompanyId', { companyId: org }, c) },
  ];
}

async function switchTo(org: string): Promise<void> {
  const res = await t.post<Profile>('/api/auth/switchOrganisation', { companyId: org }, auditor2);
  expect(res.status, res.body.message).toBe(200);
  expect(res.body.data.cmp_id).toBe(org);
}

beforeAll(async () => {
  t = await createTestApp();
  demoAdmin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  auditor2 = await t.signIn('auditor2@demo.test');
  const otherContractor = await t.signIn('contractor@other.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', demoAdmin)).body.data.cmp_id ?? '';
  otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  const otherContractorId = await t.userId('contractor@other.test');

  // Other Industries: one assessment, answered and submitted by its contractor.
  const oc = await t.post<Category>(`${A}/categories/createAssessCategory`, { companyId: otherOrg, name: 'Other Safety' }, otherAdmin);
  const oq = await t.post<Question>(`${A}/questions/createQuestion`, { companyId: otherOrg, questText: 'Is there a safety officer?' }, otherAdmin);
  const oa = await t.post<AssessmentReply>(
    `${A}/createAssessment`,
    {
      name: 'Other Audit',
      dueDate: inDays(10),
      contractors: [otherContractorId],
      sections: [{ category: oc.body.data._id, totalMarks: 10, factors: { others: true }, questions: [{ question: oq.body.data._id, questType: { answerType: 'yesNo' } }] }],
    },
    otherAdmin,
  );
  expect(oa.status, oa.body.message).toBe(200);
  const started = await t.post<ResponseReply>(`${R}/createResponseForContractor`, { assessmentId: oa.body.data._id, contractor: { contractorId: otherContractorId } }, otherContractor);
  const r = started.body.data;
  const section = r.sections?.[0];
  const question = section?.questions[0];
  const saved = await t.post(
    `${R}/updateSectionInResponse`,
    { assesRespId: r._id, sectionId: section?._id, responseData: { questions: [{ _id: question?._id, answer: { yesNo: 'YES' } }] } },
    otherContractor,
  );
  expect(saved.status).toBe(200);
  const submitted = await t.post<ResponseReply>(`${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' }, otherContractor);
  expect(submitted.status, submitted.body.message).toBe(200);
  otherResponse = submitted.body.data;

  const demoList = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg], status: 'SUBMITTED' }, demoAdmin);
  const first = demoList.body.data.items[0];
  if (!first) throw new Error('the demo seed has no SUBMITTED response');
  demoResponse = first;
});
afterAll(async () => {
  await t.close();
});

describe('an auditor serving two organisations reads the working one only (issue 19)', () => {
  it('reads exactly what each organisation reads, for whichever it works in, and 404 for the other', async () => {
    for (const [working, admin, idle] of [
      [demoOrg, demoAdmin, otherOrg],
      [otherOrg, otherAdmin, demoOrg],
      [demoOrg, demoAdmin, otherOrg],
    ] as const) {
      await switchTo(working);
      const assessmentOf = working === demoOrg ? demoResponse.assessmentId : otherResponse.assessmentId;
      const idleAssessment = working === demoOrg ? otherResponse.assessmentId : demoResponse.assessmentId;
      for (const call of calls(working, assessmentOf)) {
        const mine = await call.run(auditor2);
        const theirs = await call.run(admin);
        expect(mine.status, `${call.name}: ${mine.body.message}`).toBe(200);
        expect(theirs.status, call.name).toBe(200);
        expect(mine.body.data, call.name).toEqual(theirs.body.data);
      }
      for (const call of calls(idle, idleAssessment)) {
        const res = await call.run(auditor2);
        expect(res.status, call.name).toBe(404);
        // No data of the idle organisation comes back (at most the field the 404 names).
        expect(JSON.stringify(res.body.data ?? null), call.name).not.toMatch(/"_id"|scored|"name"/);
      }
      // The lists with both organisations name the one that is not the working one.
      const both = await t.post(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg, otherOrg] }, auditor2);
      expect(both.status).toBe(404);
    }
  });

  it('counts only the working organisation’s responses on its lists', async () => {
    await switchTo(otherOrg);
    const other = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [otherOrg] }, auditor2);
    expect(other.body.data.total).toBe(1);
    expect(other.body.data.items.map((x) => x._id)).toEqual([otherResponse._id]);
    const contractors = await t.get<{ name: string }[]>('/api/contractor/getAllContractors', auditor2);
    expect(contractors.body.data.map((c) => c.name)).toEqual(['Other Fabrication Co']);
    await switchTo(demoOrg);
    const demo = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg] }, auditor2);
    expect(demo.body.data.total).toBeGreaterThan(1);
    expect(demo.body.data.items.every((x) => x.companyId === demoOrg)).toBe(true);
  });

  it('still opens one response of the other organisation it serves by its id (a link)', async () => {
    await switchTo(demoOrg);
    const res = await t.post<ResponseReply>(`${R}/getResponseById`, { responseId: otherResponse._id }, auditor2);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.companyId).toBe(otherOrg);
  });

  it('leaves a one-organisation auditor and the organisation as they were, and refuses no session', async () => {
    const auditor1 = await t.signIn('auditor1@demo.test');
    for (const call of calls(demoOrg, demoResponse.assessmentId)) {
      expect((await call.run(auditor1)).status, call.name).toBe(200);
      expect((await call.run(otherAdmin)).status, call.name).toBe(404);
      expect((await call.run('')).status, call.name).toBe(401);
    }
  });
});

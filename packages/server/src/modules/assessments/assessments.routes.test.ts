import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay, type AssessmentReply, type AssessmentsPage, type CreateAssessmentInput, type SectionInput } from '@palisade/domain/assessments/assessment.schema';
import type { Category } from '@palisade/domain/assessments/category.schema';
import type { Question } from '@palisade/domain/assessments/question.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { messages } from '@palisade/domain/messages';
import { assessmentSections, auditLog, responses } from '../../db/schema';
import { newId } from '../../lib/ids';
import { createTestApp, type TestApp } from '../../test/test-app';

const m = messages.assessment;
const A = '/api/assessment';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let admin: string;
let otherAdmin: string;
let contractor1: string;
let auditor1: string;
let auditor2: string;
let employee: string;
let demoOrg: string;
let otherOrg: string;
let adminId: string;
const ids: Record<string, string> = {};
/** The demo organisation's categories and questions by name / text. */
const cat: Record<string, string> = {};
const qs: string[] = [];
let foreignCategory: string;
let foreignQuestion: string;

const inDays = (n: number) => isoDay(new Date(Date.now() + n * DAY));

const section = (extra: Partial<SectionInput> = {}): SectionInput => ({
  category: cat['PPE'] ?? '',
  totalMarks: 20,
  factors: { social: true, environment: false, governance: false, others: false },
  questions: [
    { question: qs[6] ?? '', questType: { answerType: 'yesNo' } },
    { question: qs[7] ?? '', questType: { answerType: 'multiChoice', options: ['Hard hat', 'Boots', ''] } },
  ],
  ...extra,
});
const body = (extra: Partial<CreateAssessmentInput> = {}): CreateAssessmentInput => ({
  name: 'Confined Space Entry Audit',
  dueDate: inDays(14),
  contractors: ['', ids.c1 ?? '', '', ids.c2 ?? ''],
  sections: [
    section(),
    section({
      category: cat['Training'] ?? '',
      totalMarks: 10,
      factors: { others: true },
      questions: [{ question: qs[18] ?? '', questType: { answerType: 'numeric' } }],
    }),
  ],
  ...extra,
});

async function create(extra: Partial<CreateAssessmentInput> = {}): Promise<AssessmentReply> {
  const res = await t.post<AssessmentReply>(`${A}/createAssessment`, body(extra), admin);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

async function getById(id: string, cookie = admin, include?: Record<string, boolean>) {
  return t.post<AssessmentReply>(`${A}/getAssessmentById`, include ? { assessmentId: id, include } : { assessmentId: id }, cookie);
}

/** 401 without a session; 403 for every cookie given. */
async function expectRefused(url: string, payload: unknown, cookies: string[]): Promise<void> {
  expect((await t.post(url, payload)).status).toBe(401);
  for (const cookie of cookies) expect((await t.post(url, payload, cookie)).status).toBe(403);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  contractor1 = await t.signIn('contractor1@demo.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  auditor2 = await t.signIn('auditor2@demo.test');
  employee = await t.signIn('employee1@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  adminId = await t.userId('admin@demo.test');
  ids.c1 = await t.userId('contractor1@demo.test');
  ids.c2 = await t.userId('contractor2@demo.test');
  ids.c3 = await t.userId('contractor3@demo.test');
  ids.other = await t.userId('contractor@other.test');
  ids.auditor1 = await t.userId('auditor1@demo.test');
  const categories = await t.post<Category[]>(`${A}/categories/getAssessCategoriesByCompanyId`, { companyId: demoOrg }, admin);
  for (const c of categories.body.data) cat[c.name] = c._id;
  const questions = await t.post<Question[]>(`${A}/questions/getQuestionsByCompanyId`, { companyId: demoOrg }, admin);
  qs.push(...questions.body.data.map((q) => q._id));
  foreignCategory = (await t.post<Category>(`${A}/categories/createAssessCategory`, { companyId: otherOrg, name: 'Foreign Category' }, otherAdmin)).body.data._id;
  foreignQuestion = (await t.post<Question>(`${A}/questions/createQuestion`, { companyId: otherOrg, questText: 'A foreign question?' }, otherAdmin)).body.data._id;
});
afterAll(async () => {
  await t.close();
});

describe('the demo seed', () => {
  it('has five assessments shared with the demo contractors, due in the future; only the oldest is not started', async () => {
    const res = await t.get<AssessmentReply[]>(`${A}/getAllAssessments`, admin);
    expect(res.status).toBe(200);
    expect(res.body.data.map((a) => a.name)).toEqual([
      'Fire Safety Inspection',
      'Lifting Operations Review',
      'Environmental Compliance Review',
      'Working at Height Audit',
      'Annual HSE Pre-qualification 2026',
    ]);
    expect(res.body.data.map((a) => a.status)).toEqual(['PENDING', 'PENDING', 'PENDING', 'PENDING', 'NEW']);
    for (const a of res.body.data) {
      expect(a.dueDate > isoDay(new Date())).toBe(true);
      expect(a.sections.length).toBeGreaterThanOrEqual(2);
      expect(a.sections.every((s) => Object.values(s.factors).some(Boolean))).toBe(true);
      expect(a.contractors.every((c) => [ids.c1, ids.c2, ids.c3].includes(c))).toBe(true);
      expect(a.timeline[0]).toMatchObject({ status: 'NEW', action: 'created', updatedBy: { name: 'Dana Admin' } });
      if (a.status === 'PENDING') expect(a.timeline[1]).toMatchObject({ status: 'PENDING', action: 'started' });
    }
    const types = res.body.data.flatMap((a) => a.sections.flatMap((s) => s.questions.map((q) => q.questType.answerType)));
    expect(new Set(types)).toEqual(new Set(['shortAnswer', 'longAnswer', 'numeric', 'checkbox', 'multiChoice', 'yesNo']));
    const started = new Set((await t.db.select().from(responses)).map((r) => r.assessmentId));
    expect(res.body.data.filter((a) => started.has(a._id)).map((a) => a.status)).toEqual(['PENDING', 'PENDING', 'PENDING', 'PENDING']);
  });
});

describe('POST /api/assessment/createAssessment', () => {
  it('creates a NEW assessment shared with the companies chosen, with a timeline entry and an audit entry', async () => {
    const res = await t.post<AssessmentReply>(`${A}/createAssessment`, body(), admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.added);
    const a = res.body.data;
    expect(a).toMatchObject({
      name: 'Confined Space Entry Audit',
      dueDate: inDays(14),
      status: 'NEW',
      creator: { id: adminId, userType: 2, name: 'Dana Admin' },
      companyId: demoOrg,
      companyName: 'Demo Gas Ltd',
    });
    expect([...a.contractors].sort()).toEqual([ids.c1, ids.c2].sort());
    expect(a.sections).toHaveLength(2);
    expect(a.sections[0]).toMatchObject({
      category: { id: cat['PPE'], name: 'PPE' },
      totalMarks: 20,
      factors: { environment: false, social: true, governance: false, others: false },
      questions: [
        { question: { _id: qs[6] }, questType: { answerType: 'yesNo', options: [], yesNo: true, text: false, attachment: true } },
        { question: { _id: qs[7] }, questType: { answerType: 'multiChoice', options: ['Hard hat', 'Boots'], yesNo: false, text: false } },
      ],
    });
    expect(a.sections[1]).toMatchObject({
      category: { id: cat['Training'], name: 'Training' },
      factors: { others: true, environment: false },
      questions: [{ questType: { answerType: 'numeric', text: true } }],
    });
    expect(a.timeline).toEqual([{ updatedAt: expect.any(String), updatedBy: { id: adminId, name: 'Dana Admin' }, status: 'NEW', action: 'created' }]);
    expect(a.lastAccessTime).toBe(a.createdAt);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, a._id)).orderBy(auditLog.id);
    expect(audit.map((e) => e.action)).toEqual(['assessment.create']);
    expect(audit[0]?.after).toMatchObject({ name: 'Confined Space Entry Audit', status: 'NEW' });
  });

  it('takes the caller’s own companyId and due date today; the same question may serve two sections', async () => {
    const a = await create({
      name: 'Due Today',
      dueDate: isoDay(new Date()),
      companyId: demoOrg,
      sections: [section(), section({ category: cat['Governance'] ?? '' })],
    });
    expect(a.sections[1]?.questions.map((q) => (typeof q.question === 'string' ? q.question : q.question._id))).toEqual([qs[6], qs[7]]);
  });

  const s = (extra: Partial<SectionInput>) => [section(extra)];
  // Built lazily: the ids exist only once beforeAll has run.
  const refusals: [string, () => Partial<CreateAssessmentInput>, string][] = [
    ['no name', () => ({ name: '' }), m.nameRequired],
    ['a missing name', () => ({ name: undefined }), m.nameRequired],
    ['a short name', () => ({ name: 'Ab' }), m.nameMin],
    ['special characters', () => ({ name: 'Audit #1' }), m.specialCharacters],
    ['no date', () => ({ dueDate: '' }), m.dateRequired],
    ['yesterday', () => ({ dueDate: inDays(-1) }), m.dateBeforeToday],
    ['a day that does not exist', () => ({ dueDate: '2030-02-30' }), m.dateInvalid],
    ['no company (only unchecked rows)', () => ({ contractors: ['', ''] }), m.minOneCompany],
    ['no contractors at all', () => ({ contractors: undefined }), m.minOneCompany],
    ['no section', () => ({ sections: [] }), m.minOneSection],
    ['a section without category', () => ({ sections: s({ category: '' }) }), m.categoryRequired],
    ['a section without questions', () => ({ sections: s({ questions: [] }) }), m.minOneQuestion],
    ['marks 0', () => ({ sections: s({ totalMarks: 0 }) }), m.marksRequired],
    ['marks that are not a number', () => ({ sections: s({ totalMarks: 'ten' as unknown as number }) }), m.marksNumber],
    ['marks that are not whole', () => ({ sections: s({ totalMarks: 1.5 }) }), m.marksWhole],
    ['no factor on', () => ({ sections: s({ factors: { environment: false, social: false, governance: false, others: false } }) }), m.selectFactor],
    ['a multiChoice question without choices', () => ({ sections: s({ questions: [{ question: qs[0] ?? '', questType: { answerType: 'multiChoice', options: [' '] } }] }) }), m.addChoices],
    ['a question without answer type', () => ({ sections: s({ questions: [{ question: qs[0] ?? '', questType: {} as never }] }) }), m.answerTypeRequired],
    ['a question twice in a section', () => ({ sections: s({ questions: [{ question: qs[0] ?? '', questType: { answerType: 'yesNo' } }, { question: qs[0] ?? '', questType: { answerType: 'numeric' } }] }) }), m.questionRepeated],
    ['a category in two sections', () => ({ sections: [section(), section()] }), m.categoryRepeated],
  ];
  it.each(refusals)('refuses %s with the form text', async (_, extra, message) => {
    const res = await t.post(`${A}/createAssessment`, body(extra()), admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("refuses another organisation's category, question, contractor or companyId, naming it", async () => {
    const cases: [Partial<CreateAssessmentInput>, string, string][] = [
      [{ sections: [section({ category: foreignCategory })] }, m.categoryNotFound(foreignCategory), 'sections.0.category'],
      [{ sections: [section({ category: 'no-such-category' })] }, m.categoryNotFound('no-such-category'), 'sections.0.category'],
      [
        { sections: [section(), section({ category: cat['Training'] ?? '', questions: [{ question: foreignQuestion, questType: { answerType: 'yesNo' } }] })] },
        m.questionNotFound(foreignQuestion),
        'sections.1.questions.0.question',
      ],
      [{ contractors: [ids.c1 ?? '', ids.other ?? ''] }, m.contractorNotFound(ids.other ?? ''), 'contractors.1'],
      [{ contractors: [ids.auditor1 ?? ''] }, m.contractorNotFound(ids.auditor1 ?? ''), 'contractors.0'],
      [{ contractors: [adminId] }, m.contractorNotFound(adminId), 'contractors.0'],
    ];
    for (const [extra, message, field] of cases) {
      const res = await t.post(`${A}/createAssessment`, body(extra), admin);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(message);
      expect(res.body.data).toMatchObject({ field });
    }
    const org = await t.post(`${A}/createAssessment`, body({ companyId: otherOrg }), admin);
    expect(org.status).toBe(404);
    expect(org.body.message).toBe(m.organisationNotFound(otherOrg));
  });

  it('refuses no session and the other user types', async () => {
    await expectRefused(`${A}/createAssessment`, body(), [contractor1, auditor1, employee]);
  });
});

describe('reads', () => {
  let a: AssessmentReply;
  beforeAll(async () => {
    a = await create({ name: 'Read Me Audit' });
  });

  it('getAssessmentById gives ids unless include expands categories and questions', async () => {
    const plain = await getById(a._id);
    expect(plain.status).toBe(200);
    expect(plain.body.data.sections[0]?.category).toBe(cat['PPE']);
    expect(plain.body.data.sections[0]?.questions[0]?.question).toBe(qs[6]);
    const categories = await getById(a._id, admin, { sections_category: true });
    expect(categories.body.data.sections[0]?.category).toEqual({ id: cat['PPE'], name: 'PPE' });
    expect(categories.body.data.sections[0]?.questions[0]?.question).toBe(qs[6]);
    const both = await getById(a._id, admin, { sections_category: true, sections_questions_question: true });
    expect(both.body.data.sections[0]?.questions[0]?.question).toEqual({ _id: qs[6], questText: 'Is task-specific PPE issued to every worker free of charge?' });
    expect(both.body.data).toEqual({ ...a, lastAccessTime: both.body.data.lastAccessTime });
  });

  it("auditors read the assessments of the organisations they serve; another organisation's admin gets 404", async () => {
    expect((await getById(a._id, auditor1)).status).toBe(200);
    expect((await getById(a._id, auditor2)).status).toBe(200);
    const other = await getById(a._id, otherAdmin);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(m.notFound);
    expect((await getById('no-such-id')).status).toBe(404);
    const bad = await t.post(`${A}/getAssessmentById`, {}, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('assessmentId is required');
    const badInclude = await t.post(`${A}/getAssessmentById`, { assessmentId: a._id, include: { sections_category: 'yes' } }, admin);
    expect(badInclude.status).toBe(400);
    await expectRefused(`${A}/getAssessmentById`, { assessmentId: a._id }, [contractor1, employee]);
  });

  it('getAssessmentsByCompanyIds: newest first, only organisations of the caller', async () => {
    const res = await t.post<AssessmentReply[]>(`${A}/getAssessmentsByCompanyIds`, { companyIds: [demoOrg], include: { sections_category: true } }, admin);
    expect(res.status).toBe(200);
    expect(res.body.data[0]?._id).toBe(a._id);
    expect(res.body.data.map((x) => x.name)).toContain('Annual HSE Pre-qualification 2026');
    expect(res.body.data.every((x) => x.companyId === demoOrg)).toBe(true);
    expect(typeof res.body.data[0]?.sections[0]?.category).toBe('object');
    expect(typeof res.body.data[0]?.sections[0]?.questions[0]?.question).toBe('string');

    const created = [...res.body.data].map((x) => x.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    // auditor2 serves both organisations but lists its working one only (issue 19).
    expect((await t.post(`${A}/getAssessmentsByCompanyIds`, { companyIds: [demoOrg, otherOrg] }, auditor2)).status).toBe(404);
    const working = await t.post<AssessmentReply[]>(`${A}/getAssessmentsByCompanyIds`, { companyIds: [demoOrg] }, auditor2);
    expect(working.status).toBe(200);
    expect(working.body.data.length).toBe(res.body.data.length);
    expect((await t.post(`${A}/getAssessmentsByCompanyIds`, { companyIds: [demoOrg] }, auditor1)).status).toBe(200);

    for (const [cookie, companyIds] of [
      [otherAdmin, [demoOrg]],
      [auditor1, [otherOrg]],
      [admin, [demoOrg, otherOrg]],
    ] as const) {
      const refused = await t.post(`${A}/getAssessmentsByCompanyIds`, { companyIds }, cookie);
      expect(refused.status).toBe(404);
    }
    expect((await t.post<AssessmentReply[]>(`${A}/getAssessmentsByCompanyIds`, { companyIds: [otherOrg] }, otherAdmin)).body.data).toEqual([]);
    for (const payload of [{}, { companyIds: [] }, { companyIds: demoOrg }]) {
      const bad = await t.post(`${A}/getAssessmentsByCompanyIds`, payload, admin);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('companyIds is required');
    }
    await expectRefused(`${A}/getAssessmentsByCompanyIds`, { companyIds: [demoOrg] }, [contractor1, employee]);
  });

  it('getAssessmentsByCompanyIds with a status: only those (the Assessments modal asks for NEW)', async () => {
    const all = await t.post<AssessmentReply[]>(`${A}/getAssessmentsByCompanyIds`, { companyIds: [demoOrg] }, admin);
    const fresh = await t.post<AssessmentReply[]>(`${A}/getAssessmentsByCompanyIds`, { companyIds: [demoOrg], status: 'NEW' }, admin);
    const started = await t.post<AssessmentReply[]>(`${A}/getAssessmentsByCompanyIds`, { companyIds: [demoOrg], status: 'PENDING' }, admin);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.length).toBeGreaterThan(0);
    expect(started.body.data.length).toBeGreaterThan(0);
    expect(fresh.body.data.every((x) => x.status === 'NEW')).toBe(true);
    expect(started.body.data.every((x) => x.status === 'PENDING')).toBe(true);
    expect(fresh.body.data.length + started.body.data.length).toBe(all.body.data.length);
    expect(fresh.body.data.every((x) => x.sections.length > 0)).toBe(true);
    const names = await t.post<AssessmentReply[]>(`${A}/getAssessmentsByCompanyIds`, { companyIds: [demoOrg], status: 'NEW', sections: false }, admin);
    expect(names.body.data.map((x) => [x._id, x.name, x.contractors, x.sections])).toEqual(fresh.body.data.map((x) => [x._id, x.name, x.contractors, []]));
    expect((await t.post(`${A}/getAssessmentsByCompanyIds`, { companyIds: [demoOrg], sections: 'no' }, admin)).body.message).toBe('sections must be true or false');
    const bad = await t.post(`${A}/getAssessmentsByCompanyIds`, { companyIds: [demoOrg], status: 'DONE' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('status must be NEW or PENDING');
    expect((await t.post(`${A}/getAssessmentsByCompanyIds`, { companyIds: [demoOrg], status: 'NEW' }, otherAdmin)).status).toBe(404);
  });

  it('getAssessmentsByCompanyIds paged: the Assessments modal reads NEW ones a page at a time, with the count', async () => {
    // Enough NEW assessments for three pages of 10.
    for (let i = 0; i < 21; i += 1) await create({ name: `Paged Audit ${String(i).padStart(2, '0')}` });
    const list = { companyIds: [demoOrg], status: 'NEW', sections: false };
    const whole = await t.post<AssessmentReply[]>(`${A}/getAssessmentsByCompanyIds`, list, admin);
    expect(whole.status).toBe(200);
    expect(Array.isArray(whole.body.data)).toBe(true);
    const total = whole.body.data.length;
    expect(total).toBeGreaterThan(20);

    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 10); page += 1) {
      const res = await t.post<AssessmentsPage>(`${A}/getAssessmentsByCompanyIds`, { ...list, page, pageSize: 10 }, admin);
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data.total).toBe(total);
      expect(res.body.data.data.length).toBe(Math.min(10, total - (page - 1) * 10));
      expect(res.body.data.data.every((x) => x.status === 'NEW' && x.sections.length === 0)).toBe(true);
      seen.push(...res.body.data.data.map((x) => x._id));
    }
    // The pages together are the whole list, in its order (newest first).
    expect(seen).toEqual(whole.body.data.map((x) => x._id));
    // A page is the list's items as they are, contractors and timeline included; without a status, of every status.
    const firstPage = await t.post<AssessmentsPage>(`${A}/getAssessmentsByCompanyIds`, { ...list, page: 1, pageSize: 10 }, admin);
    expect(firstPage.body.data.data).toEqual(whole.body.data.slice(0, 10));
    const everyStatus = await t.post<AssessmentReply[]>(`${A}/getAssessmentsByCompanyIds`, { companyIds: [demoOrg], sections: false }, admin);
    const anyStatus = await t.post<AssessmentsPage>(`${A}/getAssessmentsByCompanyIds`, { companyIds: [demoOrg], sections: false, page: 2, pageSize: 10 }, admin);
    expect(anyStatus.body.data.total).toBe(everyStatus.body.data.length);
    expect(anyStatus.body.data.data).toEqual(everyStatus.body.data.slice(10, 20));
    expect(new Set(everyStatus.body.data.map((x) => x.status)).size).toBeGreaterThan(1);
    // pageSize alone is page 1; page alone is 10 a page; a page past the end is empty, with the count.
    const first = await t.post<AssessmentsPage>(`${A}/getAssessmentsByCompanyIds`, { ...list, pageSize: 20 }, admin);
    expect(first.body.data.data.map((x) => x._id)).toEqual(seen.slice(0, 20));
    const second = await t.post<AssessmentsPage>(`${A}/getAssessmentsByCompanyIds`, { ...list, page: 2 }, admin);
    expect(second.body.data.data.map((x) => x._id)).toEqual(seen.slice(10, 20));
    const past = await t.post<AssessmentsPage>(`${A}/getAssessmentsByCompanyIds`, { ...list, page: 999 }, admin);
    expect(past.body.data).toEqual({ data: [], total });
    // With sections when asked: the same page, expanded.
    const expanded = await t.post<AssessmentsPage>(`${A}/getAssessmentsByCompanyIds`, { companyIds: [demoOrg], status: 'NEW', page: 1, pageSize: 10 }, admin);
    expect(expanded.body.data.data.every((x) => x.sections.length > 0)).toBe(true);

    for (const [payload, message] of [
      [{ ...list, page: 0 }, m.pageInvalid],
      [{ ...list, page: 1.5 }, m.pageInvalid],
      [{ ...list, page: '2' }, m.pageInvalid],
      [{ ...list, pageSize: 15 }, m.pageSizeOneOf([10, 20, 30])],
      [{ ...list, pageSize: 'all' }, m.pageSizeOneOf([10, 20, 30])],
    ] as const) {
      const bad = await t.post(`${A}/getAssessmentsByCompanyIds`, payload, admin);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(message);
    }
    // Another tenant's organisation: 404; no session 401; a contractor or employee 403.
    expect((await t.post(`${A}/getAssessmentsByCompanyIds`, { ...list, page: 1 }, otherAdmin)).status).toBe(404);
    expect((await t.post(`${A}/getAssessmentsByCompanyIds`, { ...list, companyIds: [otherOrg], page: 1 }, admin)).status).toBe(404);
    const theirs = await t.post<AssessmentsPage>(`${A}/getAssessmentsByCompanyIds`, { ...list, companyIds: [otherOrg], page: 1 }, otherAdmin);
    expect(theirs.body.data.data.every((x) => x.companyId === otherOrg)).toBe(true);
    await expectRefused(`${A}/getAssessmentsByCompanyIds`, { ...list, page: 1 }, [contractor1, employee]);
  });

  it('getAssessmentsByCompanyIds paged: each write shows at once, through the app or not (the kept page goes by the list version)', async () => {
    const list = { companyIds: [demoOrg], status: 'NEW', sections: false };
    // The page, kept by the server, against the unpaged list, read from the database each time.
    const current = async () => {
      const page = await t.post<AssessmentsPage>(`${A}/getAssessmentsByCompanyIds`, { ...list, page: 1, pageSize: 10 }, admin);
      const whole = await t.post<AssessmentReply[]>(`${A}/getAssessmentsByCompanyIds`, list, admin);
      expect(page.body.data).toEqual({ data: whole.body.data.slice(0, 10), total: whole.body.data.length });
      return page.body.data;
    };
    await current();
    const made = await create({ name: 'Kept Page Audit' });
    expect((await current()).data[0]?._id).toBe(made._id);
    const edited = await t.post(`${A}/editAssessment`, { assessmentId: made._id, updateData: { name: 'Kept Page Audit (edited)' } }, admin);
    expect(edited.status, edited.body.message).toBe(200);
    expect((await current()).data[0]?.name).toBe('Kept Page Audit (edited)');
    // Written by another server, or by hand: the database gives the list a new version.
    const [creator] = await t.rows<{ name: string }>(sql`select name from users where id = ${adminId}`);
    const [organisation] = await t.rows<{ name: string }>(sql`select name from organisations where id = ${demoOrg}`);
    for (const [statement, seen] of [
      [sql`update assessments set name = 'Kept Page Audit (by hand)' where id = ${made._id}`, (x: AssessmentReply) => x.name === 'Kept Page Audit (by hand)'],
      [sql`delete from assessment_contractors where assessment_id = ${made._id}`, (x: AssessmentReply) => x.contractors.length === 0],
      [sql`insert into assessment_contractors (assessment_id, contractor_id) values (${made._id}, ${ids.c1})`, (x: AssessmentReply) => x.contractors.length === 1],
      [
        sql`insert into assessment_timeline (assessment_id, actor_id, actor_name, status, action) values (${made._id}, ${adminId}, 'By hand', 'NEW', 'Edited')`,
        (x: AssessmentReply) => x.timeline.some((e) => e.updatedBy.name === 'By hand'),
      ],
      [sql`update users set name = 'Dana Renamed' where id = ${adminId}`, (x: AssessmentReply) => x.creator.name === 'Dana Renamed'],
      [sql`update organisations set name = 'Demo Gas Renamed' where id = ${demoOrg}`, (x: AssessmentReply) => x.companyName === 'Demo Gas Renamed'],
      [sql`update users set name = ${creator?.name ?? ''} where id = ${adminId}`, (x: AssessmentReply) => x.creator.name === creator?.name],
      [sql`update organisations set name = ${organisation?.name ?? ''} where id = ${demoOrg}`, (x: AssessmentReply) => x.companyName === organisation?.name],
      [sql`delete from assessments where id = ${made._id}`, (x: AssessmentReply) => x._id !== made._id],
    ] as const) {
      await t.db.execute(statement);
      const first = (await current()).data[0];
      expect(first && seen(first), JSON.stringify(first)).toBe(true);
    }
    // Another organisation's writes leave this list's version as it is.
    const version = async () => (await t.rows<{ v: string }>(sql`select version::text as v from list_versions where organisation_id = ${demoOrg} and list = 'assessments'`))[0]?.v;
    const before = await version();
    expect(before).toBeDefined();
    await t.db.execute(sql`update organisations set name = name where id = ${otherOrg}`);
    await t.post(`${A}/createAssessment`, body({ companyId: otherOrg, name: 'Other Tenant Audit' }), otherAdmin);
    expect(await version()).toBe(before);
  });

  it("getAllAssessments (GET and POST): the caller's organisation only, expanded; organisation users only", async () => {
    const get = await t.get<AssessmentReply[]>(`${A}/getAllAssessments`, admin);
    const post = await t.post<AssessmentReply[]>(`${A}/getAllAssessments`, undefined, admin);
    expect(get.status).toBe(200);
    expect(post.body.data.map((x) => x._id)).toEqual(get.body.data.map((x) => x._id));
    expect(get.body.data.map((x) => x._id)).toContain(a._id);
    expect(get.body.data.every((x) => typeof x.sections[0]?.category === 'object')).toBe(true);
    expect((await t.get<AssessmentReply[]>(`${A}/getAllAssessments`, otherAdmin)).body.data).toEqual([]);
    expect((await t.get(`${A}/getAllAssessments`)).status).toBe(401);
    for (const cookie of [contractor1, auditor1, employee]) expect((await t.get(`${A}/getAllAssessments`, cookie)).status).toBe(403);
  });
});

describe('POST /api/assessment/editAssessment', () => {
  it('changes the fields sent, keeps status NEW, appends a timeline entry and an audit entry', async () => {
    const a = await create({ name: 'Edit Me Audit' });
    const res = await t.post<AssessmentReply>(`${A}/editAssessment`, { assessmentId: a._id, updateData: { name: 'Edited Audit', dueDate: inDays(30) } }, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.edited);
    expect(res.body.data).toMatchObject({ _id: a._id, name: 'Edited Audit', dueDate: inDays(30), status: 'NEW', createdAt: a.createdAt });
    expect(res.body.data.sections).toEqual(a.sections);
    expect(res.body.data.contractors).toEqual(a.contractors);
    expect(res.body.data.timeline.map((e) => [e.action, e.status, e.updatedBy.name])).toEqual([
      ['created', 'NEW', 'Dana Admin'],
      ['edited', 'NEW', 'Dana Admin'],
    ]);
    expect(res.body.data.lastAccessTime >= a.lastAccessTime).toBe(true);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, a._id)).orderBy(auditLog.id);
    expect(audit.map((e) => e.action)).toEqual(['assessment.create', 'assessment.edit']);
    expect(audit[1]?.before).toMatchObject({ name: 'Edit Me Audit' });
    expect(audit[1]?.after).toMatchObject({ name: 'Edited Audit' });
  });

  it('replaces sections and contractors when sent', async () => {
    const a = await create({ name: 'Replace Me Audit' });
    const res = await t.post<AssessmentReply>(
      `${A}/editAssessment`,
      {
        assessmentId: a._id,
        updateData: {
          contractors: [ids.c3, ''],
          sections: [section({ category: cat['Environment'] ?? '', totalMarks: 50, factors: { environment: true }, questions: [{ question: qs[12] ?? '', questType: { answerType: 'checkbox', options: ['A', 'B'] } }] })],
        },
      },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.contractors).toEqual([ids.c3]);
    expect(res.body.data.sections).toHaveLength(1);
    expect(res.body.data.sections[0]).toMatchObject({
      category: { id: cat['Environment'], name: 'Environment' },
      totalMarks: 50,
      questions: [{ question: { _id: qs[12] }, questType: { answerType: 'checkbox', options: ['A', 'B'] } }],
    });
    // The old sections are gone, not orphaned.
    expect(await t.db.select().from(assessmentSections).where(eq(assessmentSections.assessmentId, a._id))).toHaveLength(1);
    expect((await getById(a._id)).body.data.sections).toHaveLength(1);
  });

  it('keeps a contractor already shared with, even once deleted, but refuses adding a foreign one', async () => {
    const created = await t.post<{ _id: string }>(
      '/api/contractor/createContractor',
      { name: 'Temporary Works', location: 'Perth', emailid: 'temporary@company.test', contactPersonName: 'Jo Bloggs' },
      admin,
    );
    const temp = created.body.data._id;
    const a = await create({ name: 'Shared Then Deleted', contractors: [ids.c1 ?? '', temp] });
    expect((await t.post('/api/contractor/deleteContractor', { contractorId: temp }, admin)).status).toBe(200);
    const keep = await t.post<AssessmentReply>(`${A}/editAssessment`, { assessmentId: a._id, updateData: { contractors: [ids.c1, temp] } }, admin);
    expect(keep.status).toBe(200);
    const fresh = await create({ name: 'Fresh Share Audit' });
    const refused = await t.post(`${A}/editAssessment`, { assessmentId: fresh._id, updateData: { contractors: [temp] } }, admin);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(m.contractorNotFound(temp));
    const foreign = await t.post(`${A}/editAssessment`, { assessmentId: fresh._id, updateData: { sections: [section({ category: foreignCategory })] } }, admin);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(m.categoryNotFound(foreignCategory));
  });

  it('refuses what the form refuses, with the same texts', async () => {
    const a = await create({ name: 'Bad Edits Audit' });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Ab' }, m.nameMin],
      [{ name: 'Audit @ site' }, m.specialCharacters],
      [{ dueDate: inDays(-1) }, m.dateBeforeToday],
      [{ dueDate: '' }, m.dateRequired],
      [{ contractors: [''] }, m.minOneCompany],
      [{ sections: [] }, m.minOneSection],
      [{ sections: [section({ totalMarks: 0 })] }, m.marksRequired],
      [{ sections: [section({ factors: {} })] }, m.selectFactor],
      [{ sections: [section({ questions: [] })] }, m.minOneQuestion],
      [{}, m.nothingToUpdate],
    ];
    for (const [updateData, message] of cases) {
      const res = await t.post(`${A}/editAssessment`, { assessmentId: a._id, updateData }, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const noId = await t.post(`${A}/editAssessment`, { updateData: { name: 'Good Name' } }, admin);
    expect(noId.body.message).toBe('assessmentId is required');
    expect((await getById(a._id)).body.data.timeline).toHaveLength(1);
  });

  it("refuses another organisation's assessment, no session and the other user types", async () => {
    const a = await create({ name: 'Not Yours Audit' });
    const other = await t.post(`${A}/editAssessment`, { assessmentId: a._id, updateData: { name: 'Taken Over' } }, otherAdmin);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(m.notFound);
    await expectRefused(`${A}/editAssessment`, { assessmentId: a._id, updateData: { name: 'Taken Over' } }, [contractor1, auditor1, employee]);
    expect((await getById(a._id)).body.data.name).toBe('Not Yours Audit');
  });
});

describe('an assessment with a response', () => {
  it("can't be edited or deleted anymore (409)", async () => {
    const a = await create({ name: 'Answered Audit' });
    await t.db.insert(responses).values({ id: newId(), assessmentId: a._id, contractorId: ids.c1 ?? '', organisationId: demoOrg });
    const edit = await t.post(`${A}/editAssessment`, { assessmentId: a._id, updateData: { name: 'Changed After Answer' } }, admin);
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(m.cannotEdit);
    const del = await t.post(`${A}/deleteAssessment`, { assessmentId: a._id }, admin);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(m.cannotDelete);
    const after = await getById(a._id);
    expect(after.body.data.name).toBe('Answered Audit');
    expect(after.body.data.timeline).toHaveLength(1);
  });
});

describe('POST /api/assessment/deleteAssessment', () => {
  it('deletes an assessment without responses, with an audit entry', async () => {
    const a = await create({ name: 'Delete Me Audit' });
    const res = await t.post<{ _id: string }>(`${A}/deleteAssessment`, { assessmentId: a._id }, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.deleted);
    expect(res.body.data).toEqual({ _id: a._id });
    expect((await getById(a._id)).status).toBe(404);
    expect(await t.db.select().from(assessmentSections).where(eq(assessmentSections.assessmentId, a._id))).toHaveLength(0);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, a._id)).orderBy(auditLog.id);
    expect(audit.map((e) => e.action)).toEqual(['assessment.create', 'assessment.delete']);
    expect(audit[1]?.before).toMatchObject({ name: 'Delete Me Audit' });
    expect((await t.post(`${A}/deleteAssessment`, { assessmentId: a._id }, admin)).status).toBe(404);
  });

  it("refuses bad input, another organisation's assessment, no session and the other user types", async () => {
    const a = await create({ name: 'Keep Me Audit' });
    const bad = await t.post(`${A}/deleteAssessment`, {}, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('assessmentId is required');
    expect((await t.post(`${A}/deleteAssessment`, { assessmentId: a._id }, otherAdmin)).status).toBe(404);
    await expectRefused(`${A}/deleteAssessment`, { assessmentId: a._id }, [contractor1, auditor1, employee]);
    expect((await getById(a._id)).status).toBe(200);
  });
});

import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentReply, CreateAssessmentInput, SectionReply } from '@palisade/domain/assessments/assessment.schema';
import type { Question } from '@palisade/domain/assessments/question.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { messages } from '@palisade/domain/messages';
import { STARTER_LIBRARY, questionCountOf } from '@palisade/domain/templates/starter-library';
import type { AddStarterSetReply, StarterSetsReply } from '@palisade/domain/templates/templates.schema';
import { assessCategories, assessments, auditLog, questions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoBank, inDays, type Bank } from '../../test/notifications-helpers';

const m = messages.templates;
const T = '/api/templates';
const A = '/api/assessment';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let c1: string;
let auditor1: string;
let demoOrg: string;
let otherOrg: string;
let bank: Bank;

const hse = STARTER_LIBRARY[0];
const environmental = STARTER_LIBRARY[1];
const fire = STARTER_LIBRARY[2];

/** What a section is, without the ids a copy gives anew: every setting the issue asks to keep. */
const settingsOf = (sections: readonly SectionReply[]) =>
  sections.map((s) => ({
    category: s.category,
    totalMarks: s.totalMarks,
    factors: s.factors,
    questions: s.questions.map((q) => ({ question: q.question, questType: q.questType })),
  }));

const duplicate = (body: Record<string, unknown>, cookie = admin) => t.post<AssessmentReply>(`${T}/duplicateAssessment`, body, cookie);
const addSet = (setId: string, cookie = admin, companyId = demoOrg) => t.post<AddStarterSetReply>(`${T}/addStarterSet`, { companyId, setId }, cookie);
const listSets = (cookie = admin, companyId = demoOrg) => t.post<StarterSetsReply>(`${T}/getStarterSets`, { companyId }, cookie);
const bankTexts = async (organisationId: string) =>
  (await t.db.select({ text: questions.questText }).from(questions).where(eq(questions.organisationId, organisationId))).map((r) => r.text);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  c1 = await t.signIn('contractor1@demo.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  bank = await demoBank(t, admin, demoOrg);
});
afterAll(async () => {
  await t.close();
});

describe('duplicateAssessment', () => {
  it('copies every section setting of a NEW assessment into a new NEW one, shared with nobody; the same id twice stores one', async () => {
    const [q0, q1, q2, q3, q4, q5] = bank.questions;
    const body: CreateAssessmentInput = {
      name: 'Quarterly contractor check',
      dueDate: inDays(20),
      contractors: [await t.userId('contractor1@demo.test')],
      sections: [
        {
          category: bank.categories[2] ?? '',
          totalMarks: 35,
          factors: { environment: true, governance: true },
          questions: [
            { question: q3 ?? '', questType: { answerType: 'multiChoice', options: ['Always', 'Sometimes', 'Never'] } },
            { question: q0 ?? '', questType: { answerType: 'yesNo' } },
            { question: q4 ?? '', questType: { answerType: 'checkbox', options: ['Helmet', 'Gloves'] } },
          ],
        },
        {
          category: bank.categories[0] ?? '',
          totalMarks: 7,
          factors: { social: true, others: true },
          questions: [
            { question: q2 ?? '', questType: { answerType: 'numeric' } },
            { question: q1 ?? '', questType: { answerType: 'longAnswer' } },
          ],
        },
        {
          category: bank.categories[1] ?? '',
          totalMarks: 100,
          factors: { environment: true, social: true, governance: true, others: true },
          questions: [{ question: q5 ?? '', questType: { answerType: 'shortAnswer' } }],
        },
      ],
    };
    const source = (await t.post<AssessmentReply>(`${A}/createAssessment`, body, admin)).body.data;
    const id = crypto.randomUUID();
    const res = await duplicate({ assessmentId: source._id, id });
    expect([res.status, res.body.message]).toEqual([200, m.duplicated]);
    const copy = res.body.data;
    expect(copy).toMatchObject({ _id: id, name: 'Quarterly contractor check (copy)', dueDate: source.dueDate, status: 'NEW', contractors: [], companyId: demoOrg, version: 0 });
    expect(settingsOf(copy.sections)).toEqual(settingsOf(source.sections));
    // The copy's own sections and questions, not the source's.
    const sourceIds = new Set(source.sections.flatMap((s) => [s._id, ...s.questions.map((q) => q._id)]));
    expect(copy.sections.flatMap((s) => [s._id, ...s.questions.map((q) => q._id)]).some((x) => sourceIds.has(x))).toBe(false);
    expect(copy.timeline.map((e) => e.action)).toEqual(['created']);
    // As stored (read again), and the source untouched.
    const read = await t.post<AssessmentReply>(`${A}/getAssessmentById`, { assessmentId: id, include: { sections_category: true, sections_questions_question: true } }, admin);
    expect(settingsOf(read.body.data.sections)).toEqual(settingsOf(source.sections));
    const again = await t.post<AssessmentReply>(`${A}/getAssessmentById`, { assessmentId: source._id, include: { sections_category: true, sections_questions_question: true } }, admin);
    expect(settingsOf(again.body.data.sections)).toEqual(settingsOf(source.sections));
    expect(again.body.data.contractors).toHaveLength(1);

    const repeat = await duplicate({ assessmentId: source._id, id });
    expect([repeat.status, repeat.body.data._id]).toEqual([200, id]);
    expect(await t.db.select().from(assessments).where(eq(assessments.id, id))).toHaveLength(1);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => a.action)).toEqual(['assessment.create']);
    expect(audit[0]?.after).toMatchObject({ duplicatedFrom: source._id });
  });

  it('copies a started assessment (with responses) with the name and due date given; it stays editable', async () => {
    const all = await t.get<AssessmentReply[]>(`${A}/getAllAssessments`, admin);
    const started = all.body.data.find((a) => a.status === 'PENDING' && a.sections.length > 1);
    expect(started).toBeDefined();
    if (!started) return;
    const res = await duplicate({ assessmentId: started._id, id: crypto.randomUUID(), name: 'Annual review 2027', dueDate: inDays(40) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Annual review 2027', dueDate: inDays(40), status: 'NEW' });
    expect(settingsOf(res.body.data.sections)).toEqual(settingsOf(started.sections));
    const edit = await t.post<AssessmentReply>(`${A}/editAssessment`, { assessmentId: res.body.data._id, version: 0, updateData: { name: 'Annual review 2027 v2' } }, admin);
    expect([edit.status, edit.body.data.name]).toEqual([200, 'Annual review 2027 v2']);
  });

  it('gives today as the due date when the source is overdue', async () => {
    const source = (await t.get<AssessmentReply[]>(`${A}/getAllAssessments`, admin)).body.data[0];
    if (!source) throw new Error('no demo assessment');
    await t.db.update(assessments).set({ dueDate: '2020-01-01' }).where(eq(assessments.id, source._id));
    const res = await duplicate({ assessmentId: source._id });
    expect([res.status, res.body.data.dueDate]).toEqual([200, new Date().toISOString().slice(0, 10)]);
  });

  it('400 names the field; 401 signed out; 403 contractor and auditor; 404 another tenant’s', async () => {
    const source = (await t.get<AssessmentReply[]>(`${A}/getAllAssessments`, admin)).body.data[0];
    const sourceId = source?._id ?? '';
    const missing = await duplicate({});
    expect([missing.status, missing.body.message]).toEqual([400, 'assessmentId is required']);
    const badId = await duplicate({ assessmentId: sourceId, id: 'not-a-uuid' });
    expect([badId.status, badId.body.message]).toEqual([400, 'id must be a UUID made by the client']);
    const badName = await duplicate({ assessmentId: sourceId, name: '<b>' });
    expect([badName.status, badName.body.message]).toEqual([400, messages.assessment.specialCharacters]);
    const past = await duplicate({ assessmentId: sourceId, dueDate: '2020-01-01' });
    expect([past.status, past.body.message]).toEqual([400, messages.assessment.dateBeforeToday]);
    expect((await duplicate({ assessmentId: sourceId }, '')).status).toBe(401);
    expect((await duplicate({ assessmentId: sourceId }, c1)).status).toBe(403);
    expect((await duplicate({ assessmentId: sourceId }, auditor1)).status).toBe(403);
    const foreign = await duplicate({ assessmentId: sourceId }, otherAdmin);
    expect([foreign.status, foreign.body.message]).toEqual([404, m.sourceNotFound]);
    expect((await duplicate({ assessmentId: 'no-such-assessment' })).status).toBe(404);
  });
});

describe('the starter library', () => {
  it('lists the three sets with their questions and answer types, none in the bank yet', async () => {
    const res = await listSets();
    expect(res.status).toBe(200);
    expect(res.body.data.map((s) => s._id)).toEqual(STARTER_LIBRARY.map((s) => s.id));
    for (const set of res.body.data) {
      expect(set).toMatchObject({ questionsInBank: 0, added: false });
      expect(set.questionCount).toBeGreaterThanOrEqual(8);
    }
    const first = res.body.data[0]?.categories[0]?.questions[2];
    expect(first).toMatchObject({ answerType: 'checkbox', options: ['ISO 45001', 'ISO 14001', 'ISO 9001', 'None'], inBank: false });
  });

  it('adds a set to the bank once: a second add adds nothing; the questions are then the bank’s own to edit', async () => {
    if (!hse) throw new Error('no set');
    const res = await addSet(hse.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ setId: hse.id, categoriesAdded: hse.categories.length, categoriesKept: 0, questionsAdded: questionCountOf(hse), questionsKept: 0 });
    expect(res.body.message).toBe(m.setAdded(hse.name, hse.categories.length, questionCountOf(hse)));
    const again = await addSet(hse.id);
    expect(again.body.data).toEqual({ setId: hse.id, categoriesAdded: 0, categoriesKept: hse.categories.length, questionsAdded: 0, questionsKept: questionCountOf(hse) });
    expect(again.body.message).toBe(m.setAlreadyAdded(hse.name));
    const texts = await bankTexts(demoOrg);
    for (const q of hse.categories.flatMap((c) => c.questions)) expect(texts.filter((x) => x === q.questText)).toHaveLength(1);
    const categories = await t.db.select().from(assessCategories).where(and(eq(assessCategories.organisationId, demoOrg), eq(assessCategories.name, hse.categories[0]?.name ?? '')));
    expect(categories).toHaveLength(1);
    const listed = (await listSets()).body.data.find((s) => s._id === hse.id);
    expect(listed).toMatchObject({ added: true, questionsInBank: questionCountOf(hse) });
    // Edited as usual through the bank.
    const all = await t.post<Question[]>(`${A}/questions/getQuestionsByCompanyId`, { companyId: demoOrg }, admin);
    const one = all.body.data.find((q) => q.questText === hse.categories[0]?.questions[0]?.questText);
    const edited = await t.post<Question>(`${A}/questions/editQuestion`, { questionId: one?._id, updateData: { questText: 'Is your HSE policy signed and current?' } }, admin);
    expect(edited.status).toBe(200);
    // Its text changed: a third add brings the library's text back (the bank has none of that text).
    expect((await addSet(hse.id)).body.data.questionsAdded).toBe(1);
    // Each added row is in the activity log, as the bank's own adds are.
    const logged = await t.db.select().from(auditLog).where(and(eq(auditLog.organisationId, demoOrg), eq(auditLog.action, 'question.create'), sql`${auditLog.after}->>'starterSet' = ${hse.id}`));
    expect(logged).toHaveLength(questionCountOf(hse) + 1);
  });

  it('keeps what the bank holds in any case, and two adds at once store each row once', async () => {
    if (!environmental || !fire) throw new Error('no set');
    const own = environmental.categories[0]?.questions[1]?.questText ?? '';
    expect((await t.post(`${A}/questions/createQuestion`, { companyId: demoOrg, questText: own.toUpperCase() }, admin)).status).toBe(200);
    const res = await addSet(environmental.id);
    expect(res.body.data).toMatchObject({ questionsAdded: questionCountOf(environmental) - 1, questionsKept: 1 });
    expect((await bankTexts(demoOrg)).filter((x) => x.toLowerCase() === own.toLowerCase())).toEqual([own.toUpperCase()]);

    const [a, b] = await Promise.all([addSet(fire.id), addSet(fire.id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((a.body.data.questionsAdded) + (b.body.data.questionsAdded)).toBe(questionCountOf(fire));
    expect((a.body.data.categoriesAdded) + (b.body.data.categoriesAdded)).toBe(fire.categories.length);
    const texts = await bankTexts(demoOrg);
    for (const q of fire.categories.flatMap((c) => c.questions)) expect(texts.filter((x) => x === q.questText)).toHaveLength(1);
    // The other tenant's bank is untouched.
    const theirs = await bankTexts(otherOrg);
    expect(theirs.some((x) => x === own)).toBe(false);
  });

  it('400 names the field; 401 signed out; 403 contractor and auditor; 404 another tenant’s organisation', async () => {
    const bad = await addSet('fire');
    expect([bad.status, bad.body.message]).toEqual([400, m.setInvalid]);
    const noCompany = await t.post(`${T}/addStarterSet`, { setId: 'fire-safety' }, admin);
    expect([noCompany.status, noCompany.body.message]).toEqual([400, 'companyId is required']);
    const noCompanyList = await t.post(`${T}/getStarterSets`, {}, admin);
    expect([noCompanyList.status, noCompanyList.body.message]).toEqual([400, 'companyId is required']);
    expect((await addSet('fire-safety', '')).status).toBe(401);
    expect((await listSets('')).status).toBe(401);
    expect((await addSet('fire-safety', c1)).status).toBe(403);
    expect((await addSet('fire-safety', auditor1)).status).toBe(403);
    expect((await listSets(c1)).status).toBe(403);
    expect((await listSets(auditor1)).status).toBe(403);
    const foreign = await addSet('fire-safety', otherAdmin, demoOrg);
    expect([foreign.status, foreign.body.message]).toEqual([404, messages.assessment.organisationNotFound(demoOrg)]);
    expect((await listSets(otherAdmin, demoOrg)).status).toBe(404);
    expect(await bankTexts(otherOrg)).not.toContain(fire?.categories[0]?.questions[0]?.questText);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '@palisade/domain/assessments/category.schema';
import type { BulkQuestionsReply, Question, QuestionsPage } from '@palisade/domain/assessments/question.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { messages } from '@palisade/domain/messages';
import { auditLog } from '../../db/schema';
import { DEMO_QUESTION_BANK } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../test/test-app';

const m = messages.assessment;
const CAT = '/api/assessment/categories';
const Q = '/api/assessment/questions';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let contractor1: string;
let auditor1: string;
let employee: string;
let demoOrg: string;
let otherOrg: string;

/** 401 without a session; 403 for every cookie given. */
async function expectRefused(url: string, body: unknown, cookies: string[]): Promise<void> {
  expect((await t.post(url, body)).status).toBe(401);
  for (const cookie of cookies) expect((await t.post(url, body, cookie)).status).toBe(403);
}

async function auditActions(entityId: string): Promise<string[]> {
  return (await t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.id)).map((a) => a.action);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  contractor1 = await t.signIn('contractor1@demo.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  employee = await t.signIn('employee1@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
});
afterAll(async () => {
  await t.close();
});

describe('categories', () => {
  const list = async (cookie = admin, companyId = demoOrg) => t.post<Category[]>(`${CAT}/getAssessCategoriesByCompanyId`, { companyId }, cookie);

  it('lists the seeded categories of the organisation, by name', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data.map((c) => c.name)).toEqual(['Environment', 'Governance', 'PPE', 'Safety Management', 'Training']);
    expect(res.body.data[0]).toMatchObject({ _id: expect.any(String), companyId: demoOrg, createdAt: expect.any(String) });
    expect((await list(otherAdmin, otherOrg)).body.data).toEqual([]);
  });

  it('creates a category (data._id is the new id) with an audit entry', async () => {
    const res = await t.post<Category>(`${CAT}/createAssessCategory`, { companyId: demoOrg, name: '  Working at Height ' }, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.categoryAdded);
    expect(res.body.data).toMatchObject({ name: 'Working at Height', companyId: demoOrg });
    expect((await list()).body.data.map((c) => c.name)).toContain('Working at Height');
    expect(await auditActions(res.body.data._id)).toEqual(['category.create']);
  });

  it('refuses a name the organisation has, in any case; another organisation may have it', async () => {
    for (const name of ['ppe', 'SAFETY MANAGEMENT']) {
      const res = await t.post(`${CAT}/createAssessCategory`, { companyId: demoOrg, name }, admin);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(m.categoryExists);
      expect(res.body.data).toMatchObject({ field: 'name' });
    }
    expect((await t.post(`${CAT}/createAssessCategory`, { companyId: otherOrg, name: 'PPE' }, otherAdmin)).status).toBe(200);
  });

  it('lets only one of two simultaneous adds of a name through', async () => {
    const [a, b] = await Promise.all([
      t.post(`${CAT}/createAssessCategory`, { companyId: demoOrg, name: 'Lifting Operations' }, admin),
      t.post(`${CAT}/createAssessCategory`, { companyId: demoOrg, name: 'lifting operations' }, admin),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.message).toBe(m.categoryExists);
  });

  it('refuses bad input with the form texts', async () => {
    for (const [body, message] of [
      [{ companyId: demoOrg, name: '' }, m.categoryNameRequired],
      [{ companyId: demoOrg }, m.categoryNameRequired],
      [{ companyId: demoOrg, name: 'PP' }, m.categoryMin],
      [{ companyId: demoOrg, name: 'Safety & Health' }, m.categorySpecial],
      [{ companyId: demoOrg, name: 'x'.repeat(101) }, m.categoryTooLong],
      [{ name: 'Scaffolding' }, 'companyId is required'],
    ] as const) {
      const res = await t.post(`${CAT}/createAssessCategory`, body, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await t.post(`${CAT}/createAssessCategory`, 'not json', admin, { 'content-type': 'application/json' })).status).toBe(400);
  });

  it("refuses another organisation's companyId, no session and the other user types", async () => {
    const foreign = await t.post(`${CAT}/createAssessCategory`, { companyId: otherOrg, name: 'Scaffolding' }, admin);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(m.organisationNotFound(otherOrg));
    await expectRefused(`${CAT}/createAssessCategory`, { companyId: demoOrg, name: 'Scaffolding' }, [contractor1, auditor1, employee]);
    expect((await list()).body.data.map((c) => c.name)).not.toContain('Scaffolding');
  });

  it('edits a category: rename, own name in another case, duplicates refused', async () => {
    const created = await t.post<Category>(`${CAT}/createAssessCategory`, { companyId: demoOrg, name: 'Electrical Safety' }, admin);
    const id = created.body.data._id;
    const res = await t.post<Category>(`${CAT}/editAssessCategoryById`, { categoryId: id, updateData: { name: 'Electrical Works' } }, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.categoryEdited);
    expect(res.body.data).toMatchObject({ _id: id, name: 'Electrical Works', companyId: demoOrg });
    const recase = await t.post<Category>(`${CAT}/editAssessCategoryById`, { categoryId: id, updateData: { name: 'ELECTRICAL WORKS' } }, admin);
    expect(recase.status).toBe(200);
    const dup = await t.post(`${CAT}/editAssessCategoryById`, { categoryId: id, updateData: { name: 'training' } }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(m.categoryExists);
    expect(await auditActions(id)).toEqual(['category.create', 'category.edit', 'category.edit']);
  });

  it('refuses bad edits, foreign ids, no session and the other user types', async () => {
    const [ppe] = (await list()).body.data.filter((c) => c.name === 'PPE');
    const id = ppe?._id ?? '';
    for (const [body, message] of [
      [{ categoryId: id, updateData: { name: 'PP' } }, m.categoryMin],
      [{ categoryId: id, updateData: { name: 'P.P.E' } }, m.categorySpecial],
      [{ categoryId: id }, 'updateData: Invalid input: expected object, received undefined'],
      [{ updateData: { name: 'Gloves' } }, 'categoryId is required'],
    ] as const) {
      const res = await t.post(`${CAT}/editAssessCategoryById`, body, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const foreign = await t.post(`${CAT}/editAssessCategoryById`, { categoryId: id, updateData: { name: 'Gloves' } }, otherAdmin);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(m.categoryIdNotFound);
    expect((await t.post(`${CAT}/editAssessCategoryById`, { categoryId: 'nope', updateData: { name: 'Gloves' } }, admin)).status).toBe(404);
    await expectRefused(`${CAT}/editAssessCategoryById`, { categoryId: id, updateData: { name: 'Gloves' } }, [contractor1, auditor1, employee]);
    expect((await list()).body.data.map((c) => c.name)).toContain('PPE');
  });

  it("lists only the caller's organisation: another's is 404, other user types 403", async () => {
    expect((await list(admin, otherOrg)).status).toBe(404);
    expect((await t.post(`${CAT}/getAssessCategoriesByCompanyId`, {}, admin)).body.message).toBe('companyId is required');
    await expectRefused(`${CAT}/getAssessCategoriesByCompanyId`, { companyId: demoOrg }, [contractor1, auditor1, employee]);
  });
});

describe('questions', () => {
  const list = async (cookie = admin, companyId = demoOrg) => t.post<Question[]>(`${Q}/getQuestionsByCompanyId`, { companyId }, cookie);
  const seeded = Object.values(DEMO_QUESTION_BANK).flat();

  it('lists the 30 seeded questions, oldest first', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(seeded).toHaveLength(30);
    expect(res.body.data.map((q) => q.questText).slice(0, 30)).toEqual(seeded);
    expect(res.body.data[0]).toMatchObject({ _id: expect.any(String), companyId: demoOrg });
    expect((await list(otherAdmin, otherOrg)).body.data).toEqual([]);
  });

  it('creates a question at the end of the list, with an audit entry', async () => {
    const res = await t.post<Question>(`${Q}/createQuestion`, { companyId: demoOrg, questText: ' Are ladders inspected before use? ' }, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.questionAdded);
    expect(res.body.data).toMatchObject({ questText: 'Are ladders inspected before use?', companyId: demoOrg });
    expect((await list()).body.data.at(-1)?._id).toBe(res.body.data._id);
    expect(await auditActions(res.body.data._id)).toEqual(['question.create']);
  });

  it('refuses a text the bank has, in any case; another organisation may have it', async () => {
    const dup = await t.post(`${Q}/createQuestion`, { companyId: demoOrg, questText: 'ARE TOOLBOX TALKS HELD BEFORE EACH SHIFT?' }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(m.questionExists);
    expect(dup.body.data).toMatchObject({ field: 'questText' });
    const other = await t.post(`${Q}/createQuestion`, { companyId: otherOrg, questText: 'Are toolbox talks held before each shift?' }, otherAdmin);
    expect(other.status).toBe(200);
  });

  it('refuses bad input with the form texts', async () => {
    for (const [body, message] of [
      [{ companyId: demoOrg, questText: '' }, m.questionRequired],
      [{ companyId: demoOrg }, m.questionRequired],
      [{ companyId: demoOrg, questText: 'Q' }, m.questionMin],
      [{ companyId: demoOrg, questText: 'Is <b>this</b> safe?' }, m.questionSpecial],
      [{ companyId: demoOrg, questText: 'x'.repeat(501) }, m.questionTooLong],
      [{ questText: 'Is it safe?' }, 'companyId is required'],
    ] as const) {
      const res = await t.post(`${Q}/createQuestion`, body, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it("refuses another organisation's companyId, no session and the other user types", async () => {
    expect((await t.post(`${Q}/createQuestion`, { companyId: otherOrg, questText: 'Is it safe?' }, admin)).status).toBe(404);
    await expectRefused(`${Q}/createQuestion`, { companyId: demoOrg, questText: 'Is it safe?' }, [contractor1, auditor1, employee]);
  });

  it('edits a question: at least 3 characters, duplicates refused', async () => {
    const created = await t.post<Question>(`${Q}/createQuestion`, { companyId: demoOrg, questText: 'OK' }, admin);
    expect(created.status).toBe(200);
    const id = created.body.data._id;
    const short = await t.post(`${Q}/editQuestion`, { questionId: id, updateData: { questText: 'OK' } }, admin);
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(m.questionMinEdit);
    const res = await t.post<Question>(`${Q}/editQuestion`, { questionId: id, updateData: { questText: 'Are scaffold tags checked daily?' } }, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.editedSuccessfully);
    expect(res.body.data).toMatchObject({ _id: id, questText: 'Are scaffold tags checked daily?' });
    const dup = await t.post(`${Q}/editQuestion`, { questionId: id, updateData: { questText: 'are toolbox talks held before each shift?' } }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(m.questionExists);
    expect(await auditActions(id)).toEqual(['question.create', 'question.edit']);
  });

  it('refuses bad edits, foreign ids, no session and the other user types', async () => {
    const id = (await list()).body.data[0]?._id ?? '';
    for (const [body, message] of [
      [{ questionId: id, updateData: { questText: '' } }, m.questionRequired],
      [{ questionId: id, updateData: { questText: 'Is it `safe`?' } }, m.questionSpecial],
      [{ updateData: { questText: 'Is it safe?' } }, 'questionId is required'],
    ] as const) {
      const res = await t.post(`${Q}/editQuestion`, body, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const foreign = await t.post(`${Q}/editQuestion`, { questionId: id, updateData: { questText: 'Is it safe?' } }, otherAdmin);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(m.questionIdNotFound);
    await expectRefused(`${Q}/editQuestion`, { questionId: id, updateData: { questText: 'Is it safe?' } }, [contractor1, auditor1, employee]);
    expect((await list()).body.data[0]?.questText).toBe(seeded[0]);
  });

  it('imports questions: creates the new ones in order, skips empty, invalid, existing and repeated rows', async () => {
    const rows = ['Is the site fenced off from the public?', '', 'Are toolbox talks held before each shift?', 'X', 'Is drinking water available?', 'IS THE SITE FENCED OFF FROM THE PUBLIC?', null];
    const res = await t.post<BulkQuestionsReply>(
      `${Q}/createBulkQuestions`,
      { questionsData: rows.map((questText) => ({ companyId: demoOrg, questText })) },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.questionsImported);
    expect(res.body.data.createdCount).toBe(2);
    expect(res.body.data.created.map((q) => q.questText)).toEqual(['Is the site fenced off from the public?', 'Is drinking water available?']);
    expect(res.body.data.skipped).toEqual([
      { row: 2, questText: '', reason: m.questionRequired },
      { row: 3, questText: 'Are toolbox talks held before each shift?', reason: m.questionExists },
      { row: 4, questText: 'X', reason: m.questionMin },
      { row: 6, questText: 'IS THE SITE FENCED OFF FROM THE PUBLIC?', reason: m.questionExists },
      { row: 7, questText: '', reason: m.questionRequired },
    ]);
    expect((await list()).body.data.slice(-2).map((q) => q.questText)).toEqual(['Is the site fenced off from the public?', 'Is drinking water available?']);
    for (const q of res.body.data.created) expect(await auditActions(q._id)).toEqual(['question.create']);

    const again = await t.post<BulkQuestionsReply>(`${Q}/createBulkQuestions`, { questionsData: [{ companyId: demoOrg, questText: 'Is drinking water available?' }] }, admin);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(m.noQuestionsImported);
    expect(again.body.data.createdCount).toBe(0);
  });

  it('skips the sample file’s header row (with a UTF-8 BOM) and reports it (issue 19)', async () => {
    const rows = ['\uFEFFQuestion', 'Is the first-aid kit checked monthly?', 'Question'];
    const res = await t.post<BulkQuestionsReply>(
      `${Q}/createBulkQuestions`,
      { questionsData: rows.map((questText) => ({ companyId: demoOrg, questText })) },
      admin,
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.created.map((q) => q.questText)).toEqual(['Is the first-aid kit checked monthly?', 'Question']);
    expect(res.body.data.skipped).toEqual([{ row: 1, questText: 'Question', reason: messages.orgAuditor.importHeaderSkipped }]);
    const bank = await t.post<Question[]>(`${Q}/getQuestionsByCompanyId`, { companyId: demoOrg }, admin);
    expect(bank.body.data.filter((q) => q.questText.replace(/^\uFEFF/, '') === 'Question')).toHaveLength(1);
  });

  it('refuses an empty import, mixed or foreign companyIds, no session and the other user types', async () => {
    for (const [body, status, message] of [
      [{ questionsData: [] }, 400, m.bulkQuestionsEmpty],
      [{}, 400, m.bulkQuestionsEmpty],
      [{ questionsData: [{ companyId: demoOrg, questText: 'Is it safe?' }, { companyId: otherOrg, questText: 'Is it dry?' }] }, 400, 'All questions of an import must name the same companyId'],
      [{ questionsData: [{ companyId: otherOrg, questText: 'Is it safe?' }] }, 404, m.organisationNotFound(otherOrg)],
      [{ questionsData: [{ questText: 'Is it safe?' }] }, 400, 'companyId is required'],
    ] as const) {
      const res = await t.post(`${Q}/createBulkQuestions`, body, admin);
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
    }
    await expectRefused(`${Q}/createBulkQuestions`, { questionsData: [{ companyId: demoOrg, questText: 'Is it safe?' }] }, [contractor1, auditor1, employee]);
  });

  describe('a page of the bank (Select Existing Question)', () => {
    const page = async (extra: Record<string, unknown>, cookie = admin, companyId = demoOrg) =>
      t.post<QuestionsPage>(`${Q}/getQuestionsByCompanyId`, { companyId, ...extra }, cookie);
    /** The whole bank, numbered as the pages number it. */
    const numbered = async () => (await list()).body.data.map((q, i) => ({ ...q, srNo: i + 1 }));

    it('pages through the whole bank in its order, 5 a page by default, with the count', async () => {
      const whole = await numbered();
      expect(whole.length).toBeGreaterThanOrEqual(30);
      const first = await page({ page: 1 });
      expect(first.status, first.body.message).toBe(200);
      expect(first.body.data).toEqual({ data: whole.slice(0, 5), total: whole.length });
      const seen: unknown[] = [];
      for (let n = 1; n <= Math.ceil(whole.length / 20); n += 1) {
        const res = await page({ page: n, pageSize: 20 });
        expect(res.body.data.total).toBe(whole.length);
        seen.push(...res.body.data.data);
      }
      expect(seen).toEqual(whole);
      expect((await page({ page: 999, pageSize: 10 })).body.data).toEqual({ data: [], total: whole.length });
      // Sr.No descending: the newest first.
      const newest = await page({ sort: 'srNo', direction: 'desc', pageSize: 10 });
      expect(newest.body.data.data).toEqual([...whole].reverse().slice(0, 10));
    });

    it('searches the text in any case; the rows keep their Sr.No of the whole bank', async () => {
      const whole = await numbered();
      const holding = whole.filter((q) => q.questText.toLowerCase().includes('ppe'));
      expect(holding.length).toBeGreaterThan(1);
      const res = await page({ search: '  pPe ', pageSize: 20 });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ data: holding.slice(0, 20), total: holding.length });
      expect(res.body.data.data.some((q) => q.srNo > 1)).toBe(true);
      // By Sr.No the other way, and a page past the end keeps the count of the matches.
      const newestFirst = await page({ search: 'ppe', direction: 'desc', pageSize: 20 });
      expect(newestFirst.body.data).toEqual({ data: [...holding].reverse().slice(0, 20), total: holding.length });
      expect((await page({ search: 'ppe', page: 999, pageSize: 10 })).body.data).toEqual({ data: [], total: holding.length });
      // % and _ are letters here, not wildcards; an empty search is every question.
      for (const search of ['%', '_', '\\']) expect((await page({ search })).body.data).toEqual({ data: [], total: 0 });
      expect((await page({ search: '' })).body.data.total).toBe(whole.length);
      expect((await page({ search: 'no question holds this' })).body.data).toEqual({ data: [], total: 0 });
    });

    it('sorts by the text (lower-cased), either way; Sr.No breaks ties', async () => {
      const whole = await numbered();
      const key = (q: { questText: string }) => q.questText.toLowerCase();
      const byText = [...whole].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.srNo - b.srNo));
      const asc = await page({ sort: 'question', pageSize: 20 });
      expect(asc.body.data.data).toEqual(byText.slice(0, 20));
      const desc = await page({ sort: 'question', direction: 'desc', pageSize: 20, page: 1 });
      expect(desc.body.data.data.map((q) => q.questText)).toEqual([...byText].reverse().slice(0, 20).map((q) => q.questText));
      const searched = await page({ sort: 'question', search: 'ppe', pageSize: 20 });
      expect(searched.body.data.data).toEqual(byText.filter((q) => key(q).includes('ppe')).slice(0, 20));
    });

    it('shows each write to the bank at once, made through the app or not (the kept bank goes by its version)', async () => {
      const search = async (text: string) => (await page({ search: text, pageSize: 20 })).body.data;
      expect(await search('harness anchor')).toEqual({ data: [], total: 0 });
      const created = await t.post<Question>(`${Q}/createQuestion`, { companyId: demoOrg, questText: 'Is each harness anchor load-rated?' }, admin);
      expect(created.status).toBe(200);
      const id = created.body.data._id;
      const whole = await numbered();
      const srNo = whole.findIndex((q) => q._id === id) + 1;
      expect((await search('HARNESS anchor')).data).toEqual([expect.objectContaining({ _id: id, srNo })]);
      await t.post(`${Q}/editQuestion`, { questionId: id, updateData: { questText: 'Is each bollard anchor load-rated?' } }, admin);
      expect(await search('harness anchor')).toEqual({ data: [], total: 0 });
      expect((await search('bollard')).data.map((q) => q.questText)).toEqual(['Is each bollard anchor load-rated?']);
      // Written by another server, or by hand: the database gives the bank a new version.
      await t.db.execute(sql`update questions set quest_text = 'Is each davit anchor load-rated?' where id = ${id}`);
      expect((await search('bollard')).total).toBe(0);
      expect((await search('davit')).total).toBe(1);
      await t.db.execute(sql`insert into questions (id, organisation_id, quest_text) values (${`${id}-2`}, ${demoOrg}, 'Is the davit kit logged?')`);
      expect((await search('davit')).total).toBe(2);
      expect((await page({ page: 1 })).body.data.total).toBe(whole.length + 1);
      await t.db.execute(sql`delete from questions where id = ${`${id}-2`}`);
      expect((await search('davit')).total).toBe(1);
      // Another organisation's writes leave this bank's version as it is.
      const version = async () => (await t.rows<{ v: string }>(sql`select version::text as v from list_versions where organisation_id = ${demoOrg} and list = 'question_bank'`))[0]?.v;
      const before = await version();
      await t.post(`${Q}/createQuestion`, { companyId: otherOrg, questText: 'Is the davit kit of the other tenant logged?' }, otherAdmin);
      expect(await version()).toBe(before);
      expect((await search('davit')).total).toBe(1);
    });

    it('finds what ILIKE finds, in any script and case, and sorts as the database does', async () => {
      const texts = ['ÉCHAFAUDAGE inspecté ?', 'Straße gesperrt?', 'ΣΚΑΛΑ ελέγχθηκε;', 'İzin formu imzalandı mı?', 'Ｆｕｌｌ-width gloves worn?'];
      for (const questText of texts) expect((await t.post(`${Q}/createQuestion`, { companyId: demoOrg, questText }, admin)).status).toBe(200);
      for (const text of ['échafaudage', 'INSPECTÉ', 'STRASSE', 'straße', 'σκαλα', 'ελέγχθηκε', 'izin', 'i̇zin', 'ｆｕｌｌ', 'é']) {
        const found = (await page({ search: text, pageSize: 20, sort: 'question' })).body.data;
        const expected = await t.rows<{ id: string }>(
          sql`select id from questions where organisation_id = ${demoOrg} and quest_text ilike ${`%${text}%`} order by lower(quest_text) collate "C", created_at, id`,
        );
        expect(found.data.map((q) => q._id), text).toEqual(expected.map((r) => r.id).slice(0, 20));
        expect(found.total, text).toBe(expected.length);
      }
      const all = (await page({ search: '', pageSize: 20, sort: 'question', direction: 'desc' })).body.data.data.map((q) => q._id);
      const expected = await t.rows<{ id: string }>(
        sql`select id from questions where organisation_id = ${demoOrg} order by lower(quest_text) collate "C" desc, created_at desc, id desc limit 20`,
      );
      expect(all).toEqual(expected.map((r) => r.id));
    });

    it('refuses bad paging with a message naming it; another tenant is 404; other user types 403', async () => {
      for (const [extra, message] of [
        [{ page: 0 }, m.pageInvalid],
        [{ page: 2.5 }, m.pageInvalid],
        [{ page: '1' }, m.pageInvalid],
        [{ pageSize: 7 }, m.pageSizeOneOf([5, 10, 20])],
        [{ pageSize: null }, m.pageSizeOneOf([5, 10, 20])],
        [{ search: 'x'.repeat(101) }, m.searchTooLong(100)],
        [{ search: 5 }, m.searchTooLong(100)],
        [{ sort: 'createdAt' }, m.sortInvalid],
        [{ direction: 'up' }, m.directionInvalid],
      ] as const) {
        const res = await page(extra);
        expect(res.status, JSON.stringify(extra)).toBe(400);
        expect(res.body.message).toBe(message);
      }
      expect((await page({ page: 1 }, admin, otherOrg)).status).toBe(404);
      expect((await page({ page: 1 }, otherAdmin, demoOrg)).status).toBe(404);
      const theirs = await page({ page: 1, pageSize: 20 }, otherAdmin, otherOrg);
      expect(theirs.status).toBe(200);
      expect(theirs.body.data.data.every((q) => q.companyId === otherOrg)).toBe(true);
      await expectRefused(`${Q}/getQuestionsByCompanyId`, { companyId: demoOrg, page: 1, search: 'ppe' }, [contractor1, auditor1, employee]);
    });
  });

  it("lists only the caller's organisation: another's is 404, other user types 403", async () => {
    expect((await list(admin, otherOrg)).status).toBe(404);
    expect((await list(otherAdmin, demoOrg)).status).toBe(404);
    await expectRefused(`${Q}/getQuestionsByCompanyId`, { companyId: demoOrg }, [contractor1, auditor1, employee]);
  });
});

import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentReply, CreateAssessmentInput } from '@palisade/domain/assessments/assessment.schema';
import type { Category } from '@palisade/domain/assessments/category.schema';
import type { Question } from '@palisade/domain/assessments/question.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { messages } from '@palisade/domain/messages';
import { coreMessages } from '@palisade/domain/messages-core';
import { assessCategories, assessments, auditLog, questions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoBank, inDays, mailsOf, notificationsOf, perUser, start, type Bank } from '../../test/notifications-helpers';

/**
 * Issue 56: a create a form sends carries the client's id (the same id twice stores one row and
 * does everything once); an assessment's edit carries the version it is based on (an older one is
 * 409); an assessment nobody started may be deleted.
 */
const m = messages.assessment;
const A = '/api/assessment';

let t: TestApp;
let admin: string;
let admin2: string;
let otherAdmin: string;
let c1: string;
let auditor1: string;
let demoOrg: string;
let otherOrg: string;
let bank: Bank;
const ids: Record<string, string> = {};

const assessmentBody = (name: string, extra: Partial<CreateAssessmentInput> = {}): CreateAssessmentInput => ({
  name,
  dueDate: inDays(12),
  contractors: [ids.c1 ?? '', ids.c2 ?? ''],
  sections: [
    {
      category: bank.categories[0] ?? '',
      totalMarks: 10,
      factors: { social: true },
      questions: [{ question: bank.questions[0] ?? '', questType: { answerType: 'yesNo' } }],
    },
  ],
  ...extra,
});

const rowsWithId = async (id: string) => t.db.select().from(assessments).where(eq(assessments.id, id));
const auditOf = async (id: string) => (await t.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((e) => e.action);

/** The assessment_shared notifications of an assessment (by name) per user, and their mails' users. */
async function sharedWith(name: string) {
  const rows = await notificationsOf(t.db, 'assessment_shared', name);
  const mails = await mailsOf(t.db, rows.map((r) => r.id));
  return { perUser: perUser(rows), mails: mails.map((x) => x.userId).sort() };
}

beforeAll(async () => {
  t = await createTestApp({}, { notificationSweepMs: 3_600_000 });
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  c1 = await t.signIn('contractor1@demo.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  ids.c1 = await t.userId('contractor1@demo.test');
  ids.c2 = await t.userId('contractor2@demo.test');
  bank = await demoBank(t, admin, demoOrg);
  // The second editor: another session of the organisation (the seed has one admin a tenant).
  admin2 = await t.signIn('admin@demo.test');
  ids.foreignContractor = await t.userId('contractor@other.test');
  ids.foreignCategory = (await t.post<Category>(`${A}/categories/createAssessCategory`, { companyId: otherOrg, name: 'Other Org Category' }, otherAdmin)).body.data._id;
  ids.foreignQuestion = (await t.post<Question>(`${A}/questions/createQuestion`, { companyId: otherOrg, questText: 'Another organisation question?' }, otherAdmin)).body.data._id;
});
afterAll(async () => {
  await t.close();
});

describe('createAssessment with the client’s id', () => {
  it('stores the id given; the same id again is 200 with the same assessment, one row, one set of mails and one audit entry', async () => {
    const id = crypto.randomUUID();
    const first = await t.post<AssessmentReply>(`${A}/createAssessment`, { ...assessmentBody('Double Click Audit'), id }, admin);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data._id).toBe(id);
    expect(first.body.data.version).toBe(0);
    // The repeat may even differ (a retry after an edit of the form): the first stored wins.
    const again = await t.post<AssessmentReply>(`${A}/createAssessment`, { ...assessmentBody('Double Click Audit', { contractors: [ids.c1 ?? ''] }), id }, admin);
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.message).toBe(m.added);
    expect(again.body.data).toEqual(first.body.data);
    expect(await rowsWithId(id)).toHaveLength(1);
    expect(await sharedWith('Double Click Audit')).toEqual({ perUser: { [ids.c1 ?? '']: 1, [ids.c2 ?? '']: 1 }, mails: [ids.c1, ids.c2].sort() });
    expect(await auditOf(id)).toEqual(['assessment.create']);
    expect(first.body.data.timeline).toHaveLength(1);
  });

  it('two requests with one id at once: both 200 with the one assessment, one set of mails', async () => {
    const id = crypto.randomUUID();
    const body = { ...assessmentBody('Concurrent Save Audit'), id };
    const replies = await Promise.all([1, 2, 3].map(() => t.post<AssessmentReply>(`${A}/createAssessment`, body, admin)));
    for (const r of replies) {
      expect(r.status, r.body.message).toBe(200);
      expect(r.body.data._id).toBe(id);
    }
    expect(await rowsWithId(id)).toHaveLength(1);
    expect(await sharedWith('Concurrent Save Audit')).toEqual({ perUser: { [ids.c1 ?? '']: 1, [ids.c2 ?? '']: 1 }, mails: [ids.c1, ids.c2].sort() });
    expect(await auditOf(id)).toEqual(['assessment.create']);
  });

  it("an id another user's create took is 409, and nothing is written or told", async () => {
    const id = crypto.randomUUID();
    expect((await t.post(`${A}/createAssessment`, { ...assessmentBody('Taken Id Audit'), id }, admin)).status).toBe(200);
    const taken = await t.post(
      `${A}/createAssessment`,
      {
        name: 'Foreign Taker Audit',
        dueDate: inDays(5),
        contractors: [ids.foreignContractor],
        sections: [
          {
            category: ids.foreignCategory,
            totalMarks: 5,
            factors: { others: true },
            questions: [{ question: ids.foreignQuestion, questType: { answerType: 'yesNo' } }],
          },
        ],
        id,
      },
      otherAdmin,
    );
    expect(taken.status, taken.body.message).toBe(409);
    expect(taken.body.message).toBe(coreMessages.http.idTaken);
    const rows = await rowsWithId(id);
    expect(rows.map((r) => [r.name, r.organisationId])).toEqual([['Taken Id Audit', demoOrg]]);
    expect(await notificationsOf(t.db, 'assessment_shared', 'Foreign Taker Audit')).toHaveLength(0);
  });

  it('without an id the server makes one, each call a new assessment (older clients)', async () => {
    const a = await t.post<AssessmentReply>(`${A}/createAssessment`, assessmentBody('No Id Audit'), admin);
    const b = await t.post<AssessmentReply>(`${A}/createAssessment`, assessmentBody('No Id Audit'), admin);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data._id).not.toBe(b.body.data._id);
  });

  it('refuses an id that is not a UUID (400 with its text), no session and the other user types', async () => {
    const bad = await t.post(`${A}/createAssessment`, { ...assessmentBody('Bad Id Audit'), id: 'abc' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('id must be a UUID made by the client');
    const body = { ...assessmentBody('Refused Id Audit'), id: crypto.randomUUID() };
    expect((await t.post(`${A}/createAssessment`, body)).status).toBe(401);
    expect((await t.post(`${A}/createAssessment`, body, c1)).status).toBe(403);
    expect((await t.post(`${A}/createAssessment`, body, auditor1)).status).toBe(403);
    expect(await rowsWithId(body.id)).toHaveLength(0);
  });
});

describe('createAssessCategory and createQuestion with the client’s id', () => {
  it('category: the same id again is 200 with the same category (not "already exists"), one row, one audit entry', async () => {
    const id = crypto.randomUUID();
    const body = { companyId: demoOrg, name: 'Idempotent Category', id };
    const first = await t.post<Category>(`${A}/categories/createAssessCategory`, body, admin);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data._id).toBe(id);
    const again = await t.post<Category>(`${A}/categories/createAssessCategory`, body, admin);
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await t.db.select().from(assessCategories).where(eq(assessCategories.id, id))).toHaveLength(1);
    expect(await auditOf(id)).toEqual(['category.create']);
    // Another id with the same name is still the spec's duplicate.
    const dup = await t.post(`${A}/categories/createAssessCategory`, { ...body, id: crypto.randomUUID() }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(m.categoryExists);
  });

  it('category: one id at once is one row; another user’s id is 409; a bad id is 400', async () => {
    const id = crypto.randomUUID();
    const body = { companyId: demoOrg, name: 'Concurrent Category', id };
    const replies = await Promise.all([1, 2, 3].map(() => t.post<Category>(`${A}/categories/createAssessCategory`, body, admin)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(replies.map((r) => r.body.data._id))).toEqual(new Set([id]));
    expect(await t.db.select().from(assessCategories).where(eq(assessCategories.id, id))).toHaveLength(1);
    expect(await auditOf(id)).toEqual(['category.create']);

    const taken = await t.post(`${A}/categories/createAssessCategory`, { companyId: otherOrg, name: 'Taken Category', id }, otherAdmin);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(coreMessages.http.idTaken);
    expect((await t.post(`${A}/categories/createAssessCategory`, { companyId: demoOrg, name: 'Bad Id Category', id: 42 }, admin)).status).toBe(400);
  });

  it('question: the same id again (also at once) is 200 with one row and one audit entry; another user’s id is 409', async () => {
    const id = crypto.randomUUID();
    const body = { companyId: demoOrg, questText: 'Is the idempotent question answered once?', id };
    const replies = await Promise.all([1, 2].map(() => t.post<Question>(`${A}/questions/createQuestion`, body, admin)));
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const again = await t.post<Question>(`${A}/questions/createQuestion`, body, admin);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(replies[0]?.body.data);
    expect(await t.db.select().from(questions).where(eq(questions.id, id))).toHaveLength(1);
    expect(await auditOf(id)).toEqual(['question.create']);

    const taken = await t.post(`${A}/questions/createQuestion`, { companyId: otherOrg, questText: 'A question taking an id?', id }, otherAdmin);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(coreMessages.http.idTaken);
    const bad = await t.post(`${A}/questions/createQuestion`, { companyId: demoOrg, questText: 'A question with a bad id?', id: 'not-a-uuid' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('id must be a UUID made by the client');
  });
});

describe('editAssessment with the version it is based on', () => {
  it('each edit moves the version on; an edit based on an older one is 409 and changes nothing', async () => {
    const created = await t.post<AssessmentReply>(`${A}/createAssessment`, assessmentBody('Two Editors Audit'), admin);
    const a = created.body.data;
    const first = await t.post<AssessmentReply>(`${A}/editAssessment`, { assessmentId: a._id, version: a.version, updateData: { name: 'First Editor Audit' } }, admin);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data.version).toBe(a.version + 1);

    // The second editor opened the form before the first saved.
    const second = await t.post(`${A}/editAssessment`, { assessmentId: a._id, version: a.version, updateData: { dueDate: inDays(20) } }, admin2);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(coreMessages.http.changedBySomeoneElse);
    expect(second.body.data).toMatchObject({ field: 'version', version: a.version + 1 });
    const now = (await t.post<AssessmentReply>(`${A}/getAssessmentById`, { assessmentId: a._id }, admin)).body.data;
    expect(now).toMatchObject({ name: 'First Editor Audit', dueDate: inDays(12), version: a.version + 1 });
    expect(now.timeline.map((e) => e.action)).toEqual(['created', 'edited']);

    // Reloaded, the second editor saves on the new version; a version from the future is stale too.
    expect((await t.post(`${A}/editAssessment`, { assessmentId: a._id, version: a.version + 5, updateData: { dueDate: inDays(20) } }, admin2)).status).toBe(409);
    const retry = await t.post<AssessmentReply>(`${A}/editAssessment`, { assessmentId: a._id, version: now.version, updateData: { dueDate: inDays(20) } }, admin2);
    expect(retry.status, retry.body.message).toBe(200);
    expect(retry.body.data).toMatchObject({ name: 'First Editor Audit', dueDate: inDays(20), version: a.version + 2 });
  });

  it('two edits based on one version at once: one is saved, the other is 409', async () => {
    const a = (await t.post<AssessmentReply>(`${A}/createAssessment`, assessmentBody('Racing Editors Audit'), admin)).body.data;
    const replies = await Promise.all(
      ['Racing Editor One', 'Racing Editor Two'].map((name) => t.post(`${A}/editAssessment`, { assessmentId: a._id, version: a.version, updateData: { name } }, admin)),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await t.post<AssessmentReply>(`${A}/getAssessmentById`, { assessmentId: a._id }, admin)).body.data.version).toBe(a.version + 1);
  });

  it('without a version the edit is taken as before (older clients); a bad version is 400', async () => {
    const a = (await t.post<AssessmentReply>(`${A}/createAssessment`, assessmentBody('Versionless Audit'), admin)).body.data;
    const edit = await t.post<AssessmentReply>(`${A}/editAssessment`, { assessmentId: a._id, updateData: { name: 'Versionless Audit Edited' } }, admin);
    expect(edit.status).toBe(200);
    expect(edit.body.data.version).toBe(a.version + 1);
    for (const version of [-1, 1.5, '1']) {
      const bad = await t.post(`${A}/editAssessment`, { assessmentId: a._id, version, updateData: { name: 'Bad Version Audit' } }, admin);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('version must be a whole number');
    }
    expect((await t.post(`${A}/editAssessment`, { assessmentId: a._id, version: 1, updateData: { name: 'Other Tenant' } }, otherAdmin)).status).toBe(404);
    expect((await t.post(`${A}/editAssessment`, { assessmentId: a._id, version: 1, updateData: { name: 'No Session' } })).status).toBe(401);
    expect((await t.post(`${A}/editAssessment`, { assessmentId: a._id, version: 1, updateData: { name: 'Contractor Edit' } }, c1)).status).toBe(403);
  });

  it('once a contractor has started it, the edit is refused for that (not for the version), and the start moved the version on', async () => {
    const a = (await t.post<AssessmentReply>(`${A}/createAssessment`, assessmentBody('Started While Open Audit'), admin)).body.data;
    await start(t, a, ids.c1 ?? '', c1);
    const edit = await t.post(`${A}/editAssessment`, { assessmentId: a._id, version: a.version, updateData: { name: 'Too Late Audit' } }, admin);
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(m.cannotEdit);
    const now = (await t.post<AssessmentReply>(`${A}/getAssessmentById`, { assessmentId: a._id }, admin)).body.data;
    expect(now).toMatchObject({ status: 'PENDING', version: a.version + 1, name: 'Started While Open Audit' });
  });
});

describe('deleteAssessment', () => {
  it('deletes a NEW assessment (an extra copy made with a client id) with an audit entry', async () => {
    const id = crypto.randomUUID();
    const a = (await t.post<AssessmentReply>(`${A}/createAssessment`, { ...assessmentBody('Extra Copy Audit'), id }, admin)).body.data;
    expect(a.status).toBe('NEW');
    const del = await t.post<{ _id: string }>(`${A}/deleteAssessment`, { assessmentId: id }, admin);
    expect(del.status, del.body.message).toBe(200);
    expect(del.body.message).toBe(m.deleted);
    expect(await rowsWithId(id)).toHaveLength(0);
    // Both entries, in either order: the two may share a timestamp (one clock tick apart on PostgreSQL).
    expect((await auditOf(id)).toSorted()).toEqual(['assessment.create', 'assessment.delete']);
    expect((await t.post(`${A}/getAssessmentById`, { assessmentId: id }, admin)).status).toBe(404);
  });

  it('refuses one a contractor has started (409 with its text), and keeps it', async () => {
    const a = (await t.post<AssessmentReply>(`${A}/createAssessment`, assessmentBody('Started Audit'), admin)).body.data;
    await start(t, a, ids.c1 ?? '', c1);
    const del = await t.post(`${A}/deleteAssessment`, { assessmentId: a._id }, admin);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(m.cannotDelete);
    expect(await rowsWithId(a._id)).toHaveLength(1);
    expect(await auditOf(a._id)).toEqual(['assessment.create']);
  });

  it("refuses another organisation's (404), a contractor and an auditor (403), no session (401), a bad body (400)", async () => {
    const a = (await t.post<AssessmentReply>(`${A}/createAssessment`, assessmentBody('Guarded Audit'), admin)).body.data;
    expect((await t.post(`${A}/deleteAssessment`, { assessmentId: a._id }, otherAdmin)).status).toBe(404);
    expect((await t.post(`${A}/deleteAssessment`, { assessmentId: a._id }, c1)).status).toBe(403);
    expect((await t.post(`${A}/deleteAssessment`, { assessmentId: a._id }, auditor1)).status).toBe(403);
    expect((await t.post(`${A}/deleteAssessment`, { assessmentId: a._id })).status).toBe(401);
    const bad = await t.post(`${A}/deleteAssessment`, { assessmentId: 7 }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
    expect(await rowsWithId(a._id)).toHaveLength(1);
  });
});

import { eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay, type AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import type { Category } from '@palisade/domain/assessments/category.schema';
import type { Question } from '@palisade/domain/assessments/question.schema';
import { actionLabel } from '@palisade/domain/audit/audit.labels';
import type { AuditListReply } from '@palisade/domain/audit/audit.schema';
import { auditSentence } from '@palisade/domain/audit/audit.sentences';
import { dayText } from '@palisade/domain/messages-core';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { auditLog } from '../../db/schema';
import { createTestApp, PNG_BYTES, type Reply, type TestApp } from '../../test/test-app';
import { sendChat } from '../../test/chat-helpers';
import { PDF_BYTES, postForm } from '../../test/documents-helpers';

/**
 * #23: one journey through every service; each write leaves exactly one audit row, with the
 * right actor and organisation; the organisation's admin reads and exports them, another
 * tenant's admin sees none of them; audit_log refuses UPDATE and DELETE. On PGlite and, with
 * PALISADE_TEST_BACKEND=postgres, on PostgreSQL.
 */
const A = '/api/assessment';
const R = '/api/assessment/responses';

let t: TestApp;
const cookie: Record<string, string> = {};
const id: Record<string, string> = {};
let demoOrg = '';
let otherOrg = '';
/** The audit rows the journey wrote, by action. */
const written: { id: number; action: string; actorId: string | null; entityId: string }[] = [];

/** When the journey began: the demo seed's history (contractor1's among it) is older. */
let journeyStart = '';

const inDays = (n: number) => isoDay(new Date(Date.now() + n * 24 * 60 * 60 * 1000));

/**
 * Makes one write as `who` and checks that it left exactly one audit row: that person, that
 * organisation, that action.
 */
async function oneRow<T>(who: string, action: string, write: () => Promise<Reply<T>>, organisationId = demoOrg): Promise<Reply<T>> {
  const [last] = await t.db.select({ n: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog);
  const res = await write();
  expect(res.status, `${action}: ${res.body.message}`).toBe(200);
  const rows = await t.db.select().from(auditLog).where(gt(auditLog.id, last?.n ?? 0));
  expect(rows.map((r) => r.action), action).toEqual([action]);
  const row = rows[0];
  expect(row).toMatchObject({ actorId: id[who], organisationId });
  if (row) written.push({ id: row.id, action: row.action, actorId: row.actorId, entityId: row.entityId });
  return res;
}

function question(r: ResponseReply, si: number, qi: number) {
  const q = r.sections?.[si]?.questions[qi];
  if (!q) throw new Error(`no question ${si}.${qi}`);
  return q;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [who, email] of [
    ['admin', 'admin@demo.test'],
    ['otherAdmin', 'admin@other.test'],
    ['c1', 'contractor1@demo.test'],
    ['auditor1', 'auditor1@demo.test'],
    ['employee1', 'employee1@demo.test'],
  ] as const) {
    cookie[who] = await t.signIn(email);
    id[who] = await t.userId(email);
  }
  demoOrg = (await t.get<Profile>('/api/auth/me', cookie.admin)).body.data.cmp_id ?? '';
  otherOrg = (await t.get<Profile>('/api/auth/me', cookie.otherAdmin)).body.data.cmp_id ?? '';
  expect(demoOrg).not.toBe('');
  expect(otherOrg).not.toBe(demoOrg);
});
afterAll(async () => {
  await t.close();
});

describe('every write of every service appends one audit row', () => {
  it('accounts, users, catalogue, assessments, responses, review, chat, files, feedback, documents, observations, employees', async () => {
    journeyStart = new Date().toISOString();
    // accounts: the organisation adds a contractor company.
    await oneRow('admin', 'contractor.create', () =>
      t.post('/api/contractor/createContractor', { name: 'Audit Trail Scaffolding', location: 'Aberdeen', emailid: 'audit-trail@company.test', contactPersonName: 'Callum Reid' }, cookie.admin),
    );
    // users: the contractor edits its profile.
    await oneRow('c1', 'profile.update', () =>
      t.post('/api/profile/updateProfile', { name: 'Callum Reid Ltd', phoneNo: '9123456780', location: 'Peterhead' }, cookie.c1),
    );
    await oneRow('c1', 'profile.preferences', () => t.post('/api/profile/updatePreferences', { emailNotifications: false }, cookie.c1));
    // catalogue: a category.
    const category = await oneRow('admin', 'category.create', () =>
      t.post<Category>(`${A}/categories/createAssessCategory`, { companyId: demoOrg, name: 'Audit Trail Checks' }, cookie.admin),
    );
    expect(category.body.data.name).toBe('Audit Trail Checks');
    const questions = (await t.post<Question[]>(`${A}/questions/getQuestionsByCompanyId`, { companyId: demoOrg }, cookie.admin)).body.data;
    const categories = (await t.post<Category[]>(`${A}/categories/getAssessCategoriesByCompanyId`, { companyId: demoOrg }, cookie.admin)).body.data;
    const ppe = categories.find((c) => c.name === 'PPE')?._id ?? '';
    // assessments: one section of two yes/no questions, shared with contractor1.
    const assessment = await oneRow('admin', 'assessment.create', () =>
      t.post<AssessmentReply>(
        `${A}/createAssessment`,
        {
          name: 'Audit Trail Review',
          dueDate: inDays(10),
          contractors: [id.c1],
          sections: [
            {
              category: ppe,
              totalMarks: 10,
              factors: { social: true },
              questions: [
                { question: questions[0]?._id, questType: { answerType: 'yesNo' } },
                { question: questions[1]?._id, questType: { answerType: 'yesNo' } },
              ],
            },
          ],
        },
        cookie.admin,
      ),
    );
    // responses: the contractor starts, answers, attaches a file and submits.
    const started = await oneRow('c1', 'response.create', () =>
      t.post<ResponseReply>(`${R}/createResponseForContractor`, { assessmentId: assessment.body.data._id, contractor: { contractorId: id.c1 } }, cookie.c1),
    );
    const r = started.body.data;
    const sectionId = r.sections?.[0]?._id ?? '';
    await oneRow('c1', 'response.saveSection', () =>
      t.post(
        `${R}/updateSectionInResponse`,
        { assesRespId: r._id, sectionId, responseData: { questions: [{ _id: question(r, 0, 0)._id, answer: { yesNo: 'YES' } }, { _id: question(r, 0, 1)._id, answer: { yesNo: 'NO' } }] } },
        cookie.c1,
      ),
    );
    await oneRow('c1', 'response.uploadAttachment', () =>
      t.upload(`${R}/uploadAttachment?responseId=${r._id}&sectionId=${sectionId}&questionId=${question(r, 0, 0)._id}`, { name: 'permit.png', content: PNG_BYTES, type: 'image/png' }, cookie.c1),
    );
    await oneRow('c1', 'response.changeStatus', () => t.post(`${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' }, cookie.c1));
    // chat: a message with a file on the first question.
    await oneRow('c1', 'chat.sendMessage', () =>
      sendChat(t, cookie.c1, { responseId: r._id, questionId: question(r, 0, 0)._id, message: 'Permit attached' }, { name: 'permit.png', content: PNG_BYTES }),
    );
    // and one without a file (its entry is written by the message's own statement).
    const text = await oneRow('c1', 'chat.sendMessage', () => sendChat(t, cookie.c1, { responseId: r._id, questionId: question(r, 0, 1)._id, message: 'See the plan' }));
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.id, written[written.length - 1]?.id ?? 0));
    expect(entry).toMatchObject({ entity: 'chat_message', entityId: text.body.data._id, before: null });
    expect(entry?.after).toEqual({ responseId: r._id, questionId: question(r, 0, 1)._id, file: null });
    // review: the auditor judges; the organisation extends the due date.
    await oneRow('auditor1', 'response.reviewSection', () =>
      t.post(
        `${R}/updateSectionInResponse`,
        { assesRespId: r._id, sectionId, responseData: { questions: [{ _id: question(r, 0, 0)._id, assessStatus: 'ACCEPTED' }, { _id: question(r, 0, 1)._id, assessStatus: 'ACCEPTED' }], scoredMarks: 8 } },
        cookie.auditor1,
      ),
    );
    await oneRow('admin', 'response.edit', () => t.post(`${R}/editResponse`, { responseId: r._id, updateData: { newDueDate: inDays(20) } }, cookie.admin));
    id.response = r._id;
    // feedback and policy documents (multipart).
    await oneRow('c1', 'feedback.create', () => postForm(t, '/api/feedback/createFeedback', cookie.c1, [['feedbackText', 'The audit trail helps']]));
    await oneRow('admin', 'document.create', () =>
      postForm(t, '/api/document/createDocument', cookie.admin, [['title', 'Audit Policy'], ['description', 'Who did what, kept for good']], [{ name: 'policy.pdf', content: PDF_BYTES }]),
    );
    // observations: an employee reports; the organisation records the root cause.
    const report = await oneRow<{ _id: string }>('employee1', 'observation.create', () =>
      postForm<{ _id: string }>(t, '/api/observation/createObservation', cookie.employee1, [['category', 'Unsafe Act'], ['description', 'No harness'], ['location', 'Pipe yard'], ['reportedAt', new Date().toISOString()]]),
    );
    await oneRow('admin', 'observation.rcaStatus', () => t.post('/api/admin/rcastatus', { _id: report.body.data._id, action: 1, rootCauseAnalysis: 'Harnesses issued' }, cookie.admin));
    // employees: the contractor adds a field worker.
    await oneRow('c1', 'employee.create', () => t.post('/api/contractor/createEmployee', { name: 'Audit Worker', email: 'audit-worker@field.test' }, cookie.c1));
    expect(written.length).toBe(18);
  });

  it('reads as a sentence each, with names and counts instead of ids, paths and codes', async () => {
    const rows = await t.db.select().from(auditLog).where(inArray(auditLog.id, written.map((w) => w.id)));
    const sentences = new Map(rows.map((row) => [row.action, auditSentence(row)]));
    for (const row of rows) {
      const sentence = auditSentence(row);
      expect(sentence, row.action).not.toBe(actionLabel(row.action));
      expect(sentence, row.action).not.toMatch(/[{}[\]]|"id"|[0-9a-f]{8}-[0-9a-f]{4}-|null|undefined/);
      expect(sentence.replace(/\b\d{2}\/\d{2}\/\d{4}\b|\b\d+\/\d+\b/g, ''), row.action).not.toContain('/');
    }
    expect(sentences.get('response.reviewSection')).toBe('Accepted 2 questions, scored 8/10 in PPE');
    expect(sentences.get('response.create')).toBe('Started the response (2 questions in 1 section)');
    expect(sentences.get('response.saveSection')).toBe('Saved 2 answers; 1 of 1 section complete');
    expect(sentences.get('response.uploadAttachment')).toBe('Attached permit.png');
    expect(sentences.get('response.edit')).toBe(`Extended the due date to ${dayText(inDays(20))}`);
    expect(sentences.get('contractor.create')).toBe('Added contractor Audit Trail Scaffolding');
    expect(sentences.get('observation.rcaStatus')).toBe('Set the observation to Accepted and wrote a comment');
    expect(sentences.get('document.create')).toBe('Published policy document "Audit Policy" with 1 file');
    expect(sentences.get('profile.update')).toBe('Updated their profile: name, phone, location');
  });
});

describe('POST /api/audit/list', () => {
  it("gives the organisation's admin its rows, newest first, filtered by person, kind, object and dates", async () => {
    const all = await t.post<AuditListReply>('/api/audit/list', { page: 1, pageSize: 50 }, cookie.admin);
    expect(all.status, all.body.message).toBe(200);
    const seen = new Set(all.body.data.rows.map((row) => row.id));
    for (const w of written) expect(seen.has(w.id), w.action).toBe(true);
    const ats = all.body.data.rows.map((row) => Date.parse(row.at));
    expect([...ats].sort((a, b) => b - a)).toEqual(ats);
    expect(all.body.data.actors.map((a) => a.id)).toEqual(expect.arrayContaining([id.admin, id.c1, id.auditor1, id.employee1]));
    // By person: only the contractor's, and all of them (its seeded history too).
    const mine = await t.post<AuditListReply>('/api/audit/list', { pageSize: 50, actorId: id.c1 }, cookie.admin);
    expect(mine.body.data.rows.every((row) => row.actorId === id.c1 && row.actorName === 'Callum Reid Ltd')).toBe(true);
    expect(mine.body.data.total).toBeGreaterThan(written.filter((w) => w.actorId === id.c1).length);
    // A response's own history: status changes, judgements, due date, files.
    const history = await t.post<AuditListReply>('/api/audit/list', { pageSize: 50, entity: 'response', entityId: id.response }, cookie.admin);
    expect(history.body.data.rows.map((row) => row.action).sort()).toEqual(
      ['response.changeStatus', 'response.create', 'response.edit', 'response.reviewSection', 'response.saveSection', 'response.uploadAttachment'].sort(),
    );
    // Paged: pages of 10 hold different rows and the total is the same.
    const p1 = await t.post<AuditListReply>('/api/audit/list', { page: 1, pageSize: 10 }, cookie.admin);
    const p2 = await t.post<AuditListReply>('/api/audit/list', { page: 2, pageSize: 10 }, cookie.admin);
    expect(p1.body.data.rows).toHaveLength(10);
    expect(p2.body.data.total).toBe(p1.body.data.total);
    expect(p2.body.data.rows.some((row) => p1.body.data.rows.some((o) => o.id === row.id))).toBe(false);
    // Date range: nothing before the journey, everything within it.
    const future = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const none = await t.post<AuditListReply>('/api/audit/list', { from: future }, cookie.admin);
    expect(none.body.data.total).toBe(0);
    const since = await t.post<AuditListReply>('/api/audit/list', { pageSize: 50, from: journeyStart, to: future, actorId: id.c1 }, cookie.admin);
    expect(since.body.data.total).toBe(written.filter((w) => w.actorId === id.c1).length);
    expect(since.body.data.rows.map((row) => row.id).sort()).toEqual(written.filter((w) => w.actorId === id.c1).map((w) => w.id).sort());
  });

  it("shows another tenant's admin none of them", async () => {
    const other = await t.post<AuditListReply>('/api/audit/list', { pageSize: 50 }, cookie.otherAdmin);
    expect(other.status).toBe(200);
    const ids = new Set(other.body.data.rows.map((row) => row.id));
    expect(written.some((w) => ids.has(w.id))).toBe(false);
    expect((await t.post<AuditListReply>('/api/audit/list', { actorId: id.c1 }, cookie.otherAdmin)).body.data.total).toBe(0);
    expect((await t.post<AuditListReply>('/api/audit/list', { entity: 'response', entityId: id.response }, cookie.otherAdmin)).body.data.total).toBe(0);
    expect(other.body.data.actors.map((a) => a.id)).not.toContain(id.c1);
  });

  it('refuses bad input (400), no session (401) and other roles (403)', async () => {
    for (const body of [{ pageSize: 7 }, { page: 0 }, { entity: 'password' }, { from: 'yesterday' }, { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }, { actorId: 'x'.repeat(200) }]) {
      const res = await t.post('/api/audit/list', body, cookie.admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).not.toBe('');
    }
    expect((await t.post('/api/audit/list', {})).status).toBe(401);
    for (const who of ['c1', 'auditor1', 'employee1']) expect((await t.post('/api/audit/list', {}, cookie[who])).status, who).toBe(403);
  });
});

describe('POST /api/audit/export', () => {
  it('downloads the filtered rows as CSV, for the organisation only', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/audit/export', payload: { actorId: id.c1, from: journeyStart }, headers: { cookie: cookie.admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('When,Who,Role,Action,Kind,Object id,Before,After,Summary');
    expect(lines).toHaveLength(1 + written.filter((w) => w.actorId === id.c1).length);
    expect(lines.slice(1).every((l) => l.includes(',Callum Reid Ltd,Contractor,'))).toBe(true);
    expect(res.body).toContain('Response: change status');
    // The last column: the row's sentence.
    expect(lines.find((l) => l.includes('Response: change status'))?.endsWith(',Submitted the response')).toBe(true);
    expect(lines.find((l) => l.includes('Response: upload attachment'))?.endsWith(',Attached permit.png')).toBe(true);
    // Another tenant's export holds none of the journey's objects.
    const other = await t.app.inject({ method: 'POST', url: '/api/audit/export', payload: {}, headers: { cookie: cookie.otherAdmin } });
    expect(other.statusCode).toBe(200);
    for (const w of written) expect(other.body).not.toContain(w.entityId);
    // Refusals come in the envelope.
    expect((await t.post('/api/audit/export', { entity: 'nothing' }, cookie.admin)).status).toBe(400);
    expect((await t.post('/api/audit/export', {})).status).toBe(401);
    expect((await t.post('/api/audit/export', {}, cookie.c1)).status).toBe(403);
  });
});

describe('audit_log is append-only', () => {
  /** The database's refusal, whatever wraps it (Drizzle puts the driver's error in cause). */
  async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
    try {
      await t.db.execute(statement);
    } catch (err) {
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : '';
      return `${err instanceof Error ? err.message : String(err)} ${cause}`;
    }
    return 'no error';
  }

  it('keeps no secret in the changed fields', async () => {
    const rows = await t.db.select({ before: auditLog.before, after: auditLog.after }).from(auditLog);
    expect(rows.length).toBeGreaterThanOrEqual(written.length);
    expect(JSON.stringify(rows)).not.toMatch(/argon2|passwordHash|password_hash|oobCode|codeHash|token/i);
  });

  it('refuses UPDATE and DELETE, and keeps the rows', async () => {
    const [before] = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(await refusal(sql`UPDATE audit_log SET action = 'rewritten'`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM audit_log`)).toMatch(/append-only/);
    const [after] = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(after?.n).toBe(before?.n);
    const rewritten = await t.db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'rewritten'`);
    expect(JSON.stringify(rewritten)).toContain('"n":0');
  });
});

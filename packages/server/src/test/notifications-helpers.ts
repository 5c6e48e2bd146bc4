import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { isoDay, type AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import type { Category } from '@palisade/domain/assessments/category.schema';
import type { Question } from '@palisade/domain/assessments/question.schema';
import type { NotificationKind } from '@palisade/domain/notifications/notification.rules';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import type { Db } from '../db/client';
import { mailJobs, notifications } from '../db/schema';
import type { TestApp } from './test-app';
import { EVENTUALLY_MS } from './waits';

const A = '/api/assessment';
const R = '/api/assessment/responses';
const DAY = 24 * 60 * 60 * 1000;
export const inDays = (n: number) => isoDay(new Date(Date.now() + n * DAY));

/** The seeded demo organisation's question bank, read once per test file. */
export interface Bank {
  organisationId: string;
  categories: string[];
  questions: string[];
}

export async function demoBank(t: TestApp, admin: string, organisationId: string): Promise<Bank> {
  const categories = await t.post<Category[]>(`${A}/categories/getAssessCategoriesByCompanyId`, { companyId: organisationId }, admin);
  const questions = await t.post<Question[]>(`${A}/questions/getQuestionsByCompanyId`, { companyId: organisationId }, admin);
  return { organisationId, categories: categories.body.data.map((c) => c._id), questions: questions.body.data.map((q) => q._id) };
}

/** A one-section assessment of two yes/no questions (10 marks), shared with the contractors given. */
export async function createAssessment(t: TestApp, admin: string, bank: Bank, name: string, contractors: string[], dueDate = inDays(10)): Promise<AssessmentReply> {
  const res = await t.post<AssessmentReply>(
    `${A}/createAssessment`,
    {
      name,
      dueDate,
      contractors,
      sections: [
        {
          category: bank.categories[0],
          totalMarks: 10,
          factors: { social: true },
          questions: [
            { question: bank.questions[0], questType: { answerType: 'yesNo' } },
            { question: bank.questions[1], questType: { answerType: 'yesNo' } },
          ],
        },
      ],
    },
    admin,
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

function qid(r: ResponseReply, qi: number): string {
  const q = r.sections?.[0]?.questions[qi];
  if (!q) throw new Error(`no question ${qi}`);
  return q._id;
}

async function saveSection(t: TestApp, r: ResponseReply, questions: unknown[], cookie: string, scoredMarks?: number): Promise<ResponseReply> {
  const sectionId = r.sections?.[0]?._id;
  const res = await t.post<ResponseReply>(
    `${R}/updateSectionInResponse`,
    { assesRespId: r._id, sectionId, responseData: { questions, ...(scoredMarks === undefined ? {} : { scoredMarks }) } },
    cookie,
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/** The contractor starts its response (PENDING). */
export async function start(t: TestApp, assessment: AssessmentReply, contractorId: string, cookie: string): Promise<ResponseReply> {
  const res = await t.post<ResponseReply>(`${R}/createResponseForContractor`, { assessmentId: assessment._id, contractor: { contractorId } }, cookie);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/** Starts, answers and submits (SUBMITTED). */
export async function submitted(t: TestApp, assessment: AssessmentReply, contractorId: string, cookie: string): Promise<ResponseReply> {
  const r = await start(t, assessment, contractorId, cookie);
  await saveSection(t, r, [{ _id: qid(r, 0), answer: { yesNo: 'YES' } }, { _id: qid(r, 1), answer: { yesNo: 'NO' } }], cookie);
  const res = await t.post<ResponseReply>(`${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' }, cookie);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/** The auditor rejects the second question and marks the response for reassessment. */
export async function reassess(t: TestApp, r: ResponseReply, auditor: string, extendedDueDate?: string): Promise<ResponseReply> {
  await saveSection(t, r, [{ _id: qid(r, 0), assessStatus: 'ACCEPTED' }, { _id: qid(r, 1), assessStatus: 'REJECTED', remarks: 'Show the permit' }], auditor);
  const res = await t.post<ResponseReply>(
    `${R}/changeResponseStatus`,
    { responseId: r._id, status: 'REASSESSMENT', ...(extendedDueDate ? { extendedDueDate } : {}) },
    auditor,
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/** The auditor accepts both questions, scores the section and completes the response. */
export async function complete(t: TestApp, r: ResponseReply, auditor: string, scoredMarks: number): Promise<ResponseReply> {
  await saveSection(t, r, [{ _id: qid(r, 0), assessStatus: 'ACCEPTED' }, { _id: qid(r, 1), assessStatus: 'ACCEPTED' }], auditor, scoredMarks);
  const res = await t.post<ResponseReply>(`${R}/changeResponseStatus`, { responseId: r._id, status: 'COMPLETED' }, auditor);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/** The notifications of a kind whose link or title names `about`, per user id. */
export async function notificationsOf(db: Db, kind: NotificationKind, about: string) {
  const rows = await db.select().from(notifications).where(eq(notifications.kind, kind)).orderBy(asc(notifications.createdAt));
  return rows.filter((n) => n.link.includes(about) || n.title.includes(about) || n.body.includes(about));
}

/** The queued mails of these notifications. */
export async function mailsOf(db: Db, notificationIds: readonly string[]) {
  const rows = await db.select().from(mailJobs).orderBy(asc(mailJobs.id));
  return rows.filter((m) => m.notificationId !== null && notificationIds.includes(m.notificationId));
}

/** How many notifications each user got, as { userId: n }. */
export function perUser(rows: ReadonlyArray<{ userId: string }>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[r.userId] = (out[r.userId] ?? 0) + 1;
  return out;
}

/** Waits (polling, up to timeoutMs) until check() holds; fails with the last value otherwise. */
export async function waitFor<T>(read: () => Promise<T>, check: (v: T) => boolean, timeoutMs = EVENTUALLY_MS): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (check(v)) return v;
    if (Date.now() > until) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Mail jobs with a status, optionally of one user. */
export async function jobsWithStatus(db: Db, status: 'pending' | 'sent' | 'failed', userId?: string) {
  return db
    .select()
    .from(mailJobs)
    .where(and(eq(mailJobs.status, status), userId ? eq(mailJobs.userId, userId) : undefined));
}

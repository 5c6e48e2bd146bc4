import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@palisade/server/db/client';
import { responseQuestions, responses, sessions, users } from '@palisade/server/db/schema';
import { hashToken, newToken } from '@palisade/server/lib/ids';
import { SESSION_COOKIE } from '@palisade/server/plugins/auth-context';
import { responsesRepository } from '@palisade/server/modules/responses/responses.repository';
import { insertBatched } from './generate';

/** Contractors, responses and sessions a "spread" measurement takes in turn (the issue asks ≥ 500). */
export const SPREAD_DEFAULT = 500;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Submits prepared per second measured (warm-up included), at most: more than a fast run makes. */
const SUBMITS_PER_SECOND = 600;

/** A generated contractor signed in, with its most recently accessed response. */
export interface Subject {
  contractorId: string;
  email: string;
  responseId: string;
  /** name=value of its session cookie. */
  cookie: string;
}

/**
 * `count` sessions of one account, written straight into the sessions table (as a sign-in writes
 * them): signing in 500 times would cost 500 argon2 verifications before the run.
 */
export async function makeSessions(db: Db, userIds: readonly string[]): Promise<string[]> {
  const rows = userIds.map((userId) => {
    const token = newToken();
    return { token, row: { id: hashToken(token), userId, expiresAt: new Date(Date.now() + DAY_MS) } };
  });
  await insertBatched(db, rows.map((r) => r.row), (tx, batch) => tx.insert(sessions).values(batch));
  return rows.map((r) => `${SESSION_COOKIE}=${r.token}`);
}

/** `count` sessions of the account with this e-mail. */
export async function sessionsOf(db: Db, email: string, count: number): Promise<string[]> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`No account ${email} to sign in as`);
  return makeSessions(db, Array.from({ length: count }, () => user.id));
}

/** Up to `count` generated contractors that have a response, each signed in, with its newest response. */
export async function spreadSubjects(db: Db, count: number): Promise<Subject[]> {
  const rows = await db.execute(sql`
    select u.id as contractor_id, u.email, (
      select r.id from ${responses} r where r.contractor_id = u.id order by r.last_access_time desc limit 1
    ) as response_id
    from ${users} u
    where u.email like 'bench.contractor%@demo.test'
    order by u.email
    limit ${count}`);
  const found = rowsOf<{ contractor_id: string; email: string; response_id: string | null }>(rows).flatMap((r) =>
    r.response_id === null ? [] : [{ ...r, response_id: r.response_id }],
  );
  const cookies = await makeSessions(db, found.map((r) => r.contractor_id));
  return found.map((r, i) => ({ contractorId: r.contractor_id, email: r.email, responseId: r.response_id, cookie: cookies[i] ?? '' }));
}

/** The subjects with their newest response now (after the data set grew). */
export async function refreshResponses(db: Db, subjects: readonly Subject[]): Promise<Subject[]> {
  if (subjects.length === 0) return [];
  const rows = rowsOf<{ id: string; response_id: string | null }>(
    await db.execute(sql`
      select u.id, (
        select r.id from ${responses} r where r.contractor_id = u.id order by r.last_access_time desc limit 1
      ) as response_id
      from ${users} u
      where u.id in (${sql.join(subjects.map((s) => sql`${s.contractorId}`), sql`, `)})`),
  );
  const newest = new Map(rows.map((r) => [r.id, r.response_id]));
  return subjects.map((s) => ({ ...s, responseId: newest.get(s.contractorId) ?? s.responseId }));
}

/** db.execute's rows: both drivers reply with { rows } (node-postgres QueryResult, PGlite Results). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** A PENDING response's text question a contractor may change: updateSectionInResponse and chat. */
export interface AnswerTarget {
  cookie: string;
  responseId: string;
  sectionId: string;
  questionId: string;
}

/** What the writes take in turn. */
export interface WriteTargets {
  /** One per subject that has a PENDING response (its oldest), with a text question. */
  answers: AnswerTarget[];
  /** PENDING responses with every question answered, each submitted once: the subject's cookie. */
  submits: { cookie: string; responseId: string }[];
}

/**
 * The writes' targets among the subjects' PENDING responses: the oldest of each for answers and
 * chat, and up to `submits` others, every question of which is answered here first (a submit
 * needs them all answered; the generated PENDING ones have about half), spread over the subjects.
 */
export async function prepareWrites(db: Db, subjects: readonly Subject[], submits: number): Promise<WriteTargets> {
  const cookieOf = new Map(subjects.map((s) => [s.contractorId, s.cookie]));
  const pending = await db
    .select({ id: responses.id, contractorId: responses.contractorId })
    .from(responses)
    .where(and(inArray(responses.contractorId, subjects.map((s) => s.contractorId)), eq(responses.status, 'PENDING')))
    .orderBy(responses.contractorId, responses.createdAt, responses.id);
  const byContractor = new Map<string, string[]>();
  for (const p of pending) byContractor.set(p.contractorId, [...(byContractor.get(p.contractorId) ?? []), p.id]);

  const answerResponses = [...byContractor.values()].map((ids) => ids[0] ?? '').filter(Boolean);
  const questionRows = answerResponses.length === 0 ? [] : rowsOf<{ response_id: string; section_id: string; question_id: string }>(
    await db.execute(sql`
      select distinct on (q.response_id) q.response_id, q.response_section_id as section_id, q.id as question_id
      from ${responseQuestions} q
      where q.response_id in (${sql.join(answerResponses.map((id) => sql`${id}`), sql`, `)})
        and q.answer_type in ('shortAnswer', 'longAnswer')
      order by q.response_id, q.position`),
  );
  const ownerOf = new Map(pending.map((p) => [p.id, p.contractorId]));
  const answers = questionRows.map((r) => ({
    cookie: cookieOf.get(ownerOf.get(r.response_id) ?? '') ?? '',
    responseId: r.response_id,
    sectionId: r.section_id,
    questionId: r.question_id,
  }));

  // Round-robin over the contractors: the k-th PENDING response of each, k = 1, 2, …
  const pool: string[] = [];
  const lists = [...byContractor.values()];
  for (let k = 1; pool.length < submits && lists.some((l) => l.length > k); k += 1) {
    for (const l of lists) {
      const id = l[k];
      if (id !== undefined && pool.length < submits) pool.push(id);
    }
  }
  for (let i = 0; i < pool.length; i += 1000) {
    const chunk = pool.slice(i, i + 1000);
    await db.transaction(async (tx) => {
      await tx
        .update(responseQuestions)
        .set({
          answer: sql`case ${responseQuestions.answerType}
            when 'yesNo' then '{"yesNo":"YES","text":null,"value":null}'::jsonb
            when 'numeric' then '{"yesNo":null,"text":null,"value":3}'::jsonb
            when 'multiChoice' then jsonb_build_object('yesNo', null, 'text', null, 'value', ${responseQuestions.options}->0)
            when 'checkbox' then '{"yesNo":null,"text":null,"value":true}'::jsonb
            else '{"yesNo":null,"text":"Answered for the submit benchmark.","value":null}'::jsonb end`,
          answerStatus: 'ANSWERED',
        })
        .where(and(inArray(responseQuestions.responseId, chunk), sql`${responseQuestions.answerStatus} <> 'ANSWERED'`));
      await responsesRepository.recount(tx, inArray(responses.id, chunk));
    });
  }
  return { answers, submits: pool.map((responseId) => ({ cookie: cookieOf.get(ownerOf.get(responseId) ?? '') ?? '', responseId })) };
}

/** The submits to prepare for a run of `seconds` (warm-up included). */
export function submitsFor(seconds: number): number {
  return seconds * SUBMITS_PER_SECOND;
}

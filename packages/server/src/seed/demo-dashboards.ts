import { and, eq, inArray, sql } from 'drizzle-orm';
import { AnswerType, AssessmentStatus, ResponseStatus } from '@palisade/domain/statuses';
import { UserType } from '@palisade/domain/user-types';
import { isoDay } from '@palisade/domain/assessments/assessment.schema';
import type { DbOrTx } from '../db/client';
import { assessCategories, organisations, questions, responses, responseSections, responseTimeline, userOrganisations, users } from '../db/schema';
import { newId } from '../lib/ids';
import { assessmentsRepository, type SectionWrite } from '../modules/assessments/assessments.repository';
import { responsesRepository } from '../modules/responses/responses.repository';
import { DEMO_QUESTION_BANK, demoAnswerOf } from './demo';
import { seedResponseHistory } from './demo-history';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Months of history, the current one included. */
export const HISTORY_MONTHS = 24;

/**
 * The demo organisation's longer-standing contractors, two at each of the three locations. Their
 * accounts have no password (never invited to sign in); they give the leaderboard, the Details
 * table and the performance panel two years of COMPLETED responses. Each one's share of the marks
 * over the months (t runs from 0, the oldest month, to 1, this month) spreads them over all three
 * bands and moves them between bands over time.
 */
export const HISTORY_CONTRACTORS: { name: string; email: string; location: string; code: string; share: (t: number, m: number) => number }[] = [
  { name: 'Granite Civil Engineering', email: 'granite@demo.test', location: 'Aberdeen', code: 'GCE-004', share: (t) => 0.5 + 0.4 * t },
  { name: 'Bon Accord Lifting', email: 'bonaccord@demo.test', location: 'Aberdeen', code: 'BAL-005', share: (_t, m) => 0.78 + 0.08 * Math.sin(m) },
  { name: 'Tay Valley Electrical', email: 'tayvalley@demo.test', location: 'Dundee', code: 'TVE-006', share: (_t, m) => 0.5 + 0.15 * Math.sin(m / 2) },
  { name: 'Discovery Pipework', email: 'discovery@demo.test', location: 'Dundee', code: 'DPW-007', share: (t) => 0.85 - 0.6 * t },
  { name: 'Highland Access Solutions', email: 'highland@demo.test', location: 'Inverness', code: 'HAS-008', share: (_t, m) => 0.3 + 0.08 * Math.cos(m) },
  { name: 'Moray Firth Marine', email: 'moray@demo.test', location: 'Inverness', code: 'MFM-009', share: (t, m) => 0.45 + 0.3 * t + 0.05 * Math.sin(m) },
];

/** The monthly check's sections: category, marks, factors, and how many of its questions (Yes/No). */
const SECTIONS: { category: string; marks: number; factors: SectionWrite['factors']; questions: number }[] = [
  { category: 'Safety Management', marks: 20, factors: { environment: false, social: true, governance: true, others: false }, questions: 2 },
  { category: 'Environment', marks: 10, factors: { environment: true, social: false, governance: false, others: false }, questions: 1 },
  { category: 'Training', marks: 10, factors: { environment: false, social: true, governance: false, others: true }, questions: 1 },
];

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Two years of monthly site safety checks in the demo organisation, run by main.ts after seedDemo
 * (the dashboards API tests add it themselves): one assessment a month shared with the six contractors,
 * each answered, accepted, scored and COMPLETED on a day of that month. Bulk statements: the copy
 * of the assessments, the answers, the scores, the timeline and the recount each run once, and
 * the history in the activity log that goes with the timeline (demo-history.ts). Also
 * dates the other demo COMPLETED responses (completed_at from their timeline).
 */
export async function seedDemoDashboards(db: DbOrTx, now: Date = new Date()): Promise<void> {
  const [org] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, 'Demo Gas Ltd'));
  const [admin] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, 'admin@demo.test'));
  const [auditor] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, 'auditor1@demo.test'));
  if (!org || !admin || !auditor) throw new Error('seedDemoDashboards needs the demo organisation, its admin and auditor1');

  const contractors = HISTORY_CONTRACTORS.map((c) => ({ ...c, id: newId() }));
  await db.insert(users).values(
    contractors.map((c) => ({
      id: c.id,
      type: UserType.CONTRACTOR,
      email: c.email,
      passwordHash: null,
      name: c.name,
      contactPersonName: null,
      location: c.location,
      code: c.code,
    })),
  );
  await db.insert(userOrganisations).values(contractors.map((c) => ({ userId: c.id, organisationId: org.id })));

  // Sections from the demo categories' questions.
  const categories = await db
    .select({ id: assessCategories.id, name: assessCategories.name })
    .from(assessCategories)
    .where(and(eq(assessCategories.organisationId, org.id), inArray(assessCategories.name, SECTIONS.map((s) => s.category))));
  const bank = new Map(
    (await db.select({ id: questions.id, questText: questions.questText }).from(questions).where(eq(questions.organisationId, org.id))).map(
      (q) => [q.questText, q.id],
    ),
  );
  const sections: SectionWrite[] = SECTIONS.map((s) => {
    const category = categories.find((c) => c.name === s.category);
    if (!category) throw new Error(`The demo seed lacks the category ${s.category}`);
    // The category's own Yes/No questions, as every answer below is "YES" (issue 19: answers fit their questions).
    const picked = (DEMO_QUESTION_BANK[s.category] ?? []).filter((text) => demoAnswerOf(text).answerType === AnswerType.YES_NO).slice(0, s.questions);
    if (picked.length < s.questions) throw new Error(`The demo category ${s.category} lacks ${s.questions} Yes/No questions`);
    return {
      categoryId: category.id,
      totalMarks: s.marks,
      factors: s.factors,
      questions: picked.map((text) => ({ questionId: bank.get(text) ?? '', answerType: AnswerType.YES_NO, options: [] })),
    };
  });

  const thisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const plans: { id: string; contractor: (typeof contractors)[number]; createdAt: Date; submittedAt: Date; completedAt: Date; share: number }[] = [];
  const started: { id: string; at: Date }[] = [];
  for (let m = HISTORY_MONTHS - 1; m >= 0; m -= 1) {
    const first = new Date(thisMonth);
    first.setUTCMonth(first.getUTCMonth() - m);
    const assessmentId = newId();
    const name = `Monthly Site Safety Check ${MONTH_NAMES[first.getUTCMonth()] ?? ''} ${first.getUTCFullYear()}`;
    const createdAt = new Date(first.getTime() - 3 * DAY_MS);
    await assessmentsRepository.insert(db, {
      id: assessmentId,
      organisationId: org.id,
      name,
      dueDate: isoDay(new Date(first.getTime() + 19 * DAY_MS)),
      status: AssessmentStatus.NEW,
      creatorId: admin.id,
      at: createdAt,
    });
    await assessmentsRepository.writeSections(db, assessmentId, sections);
    await assessmentsRepository.writeContractors(db, assessmentId, contractors.map((c) => c.id));
    const t = (HISTORY_MONTHS - 1 - m) / (HISTORY_MONTHS - 1);
    for (const [k, c] of contractors.entries()) {
      // A day of the month for each contractor; this month's an hour before now at the latest, but
      // never before the month's first instant (in the first hour of a month it is that instant).
      const day = 2 + ((k * 5 + m * 3) % 24);
      const latest = Math.max(first.getTime(), now.getTime() - 60 * 60 * 1000);
      const completedAt = new Date(Math.min(first.getTime() + day * DAY_MS + 10 * 60 * 60 * 1000, latest));
      const responseCreated = new Date(Math.min(createdAt.getTime() + (k + 1) * 60 * 60 * 1000, completedAt.getTime() - 2 * 60 * 60 * 1000));
      const id = newId();
      plans.push({
        id,
        contractor: c,
        createdAt: responseCreated,
        submittedAt: new Date(completedAt.getTime() - 60 * 60 * 1000),
        completedAt,
        share: Math.min(0.98, Math.max(0.05, c.share(t, m))),
      });
      await responsesRepository.insert(db, {
        id,
        assessmentId,
        contractorId: c.id,
        organisationId: org.id,
        contractorName: c.name,
        status: ResponseStatus.COMPLETED,
        at: responseCreated,
      });
    }
    started.push({ id: assessmentId, at: new Date(createdAt.getTime() + 60 * 60 * 1000) });
  }

  const ids = plans.map((p) => p.id);
  await responsesRepository.copyAssessment(db, inArray(responses.id, ids));
  await db.execute(sql`
    update response_questions set answer = '{"yesNo":"YES","text":null,"value":null}'::jsonb,
      answer_status = 'ANSWERED', assess_status = 'ACCEPTED'
    where response_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  const shares = sql.join(plans.map((p) => sql`(${p.id}, ${p.share}::float8)`), sql`, `);
  // Each section a little above or below the response's share, so the factors differ too.
  await db.execute(sql`
    update ${responseSections} s
    set scored_marks = greatest(0, least(s.total_marks, round(s.total_marks * (v.share + (s.position - 1) * 0.05))))::int
    from (values ${shares}) as v(id, share)
    where s.response_id = v.id`);
  await responsesRepository.recount(db, inArray(responses.id, ids));
  const dates = sql.join(plans.map((p) => sql`(${p.id}, ${p.completedAt.toISOString()}::timestamptz)`), sql`, `);
  await db.execute(sql`
    update ${responses} r set completed_at = v.at, last_access_time = v.at, updated_at = v.at
    from (values ${dates}) as v(id, at) where r.id = v.id`);
  await db.insert(responseTimeline).values(
    plans.flatMap((p) => [
      { responseId: p.id, at: p.createdAt, actorId: p.contractor.id, actorName: p.contractor.name, actorType: UserType.CONTRACTOR, fromStatus: null, toStatus: ResponseStatus.PENDING },
      { responseId: p.id, at: p.submittedAt, actorId: p.contractor.id, actorName: p.contractor.name, actorType: UserType.CONTRACTOR, fromStatus: ResponseStatus.PENDING, toStatus: ResponseStatus.SUBMITTED },
      { responseId: p.id, at: p.completedAt, actorId: auditor.id, actorName: auditor.name, actorType: UserType.AUDITOR, fromStatus: ResponseStatus.SUBMITTED, toStatus: ResponseStatus.COMPLETED },
    ]),
  );
  // Their entries in the activity log, along that timeline (a response's history).
  await seedResponseHistory(
    db,
    plans.map((p) => ({
      id: p.id,
      status: ResponseStatus.COMPLETED,
      contractor: { id: p.contractor.id, name: p.contractor.name },
      auditor,
      createdAt: p.createdAt,
      submittedAt: p.submittedAt,
      judgedAt: p.completedAt,
      savedAt: p.submittedAt,
      newDueDate: null,
    })),
  );
  for (const a of started) {
    await assessmentsRepository.markStarted(db, a.id, a.at);
    await assessmentsRepository.appendTimeline(db, { assessmentId: a.id, actorId: admin.id, actorName: admin.name, status: AssessmentStatus.NEW, action: 'created' });
    const by = contractors[0];
    await assessmentsRepository.appendTimeline(db, { assessmentId: a.id, actorId: by?.id ?? null, actorName: by?.name ?? admin.name, status: AssessmentStatus.PENDING, action: 'started' });
  }

  // The other demo responses were COMPLETED before this seed: dated by their timeline.
  await db.execute(sql`
    update ${responses} r set completed_at = t.at
    from (select response_id, max(at) as at from ${responseTimeline} where to_status = 'COMPLETED' group by response_id) t
    where r.id = t.response_id and r.status = 'COMPLETED' and r.completed_at is null`);
}

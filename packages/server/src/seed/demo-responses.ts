import { inArray } from 'drizzle-orm';
import { messages } from '@palisade/domain/messages';
import { answerStatusOf } from '@palisade/domain/responses/response.rules';
import { AnswerType, AssessmentStatus, AssessStatus, ResponseStatus } from '@palisade/domain/statuses';
import { UserType } from '@palisade/domain/user-types';
import { isoDay } from '@palisade/domain/assessments/assessment.schema';
import type { DbOrTx } from '../db/client';
import { responses, type StoredAnswerJson } from '../db/schema';
import { newId } from '../lib/ids';
import { assessmentsRepository } from '../modules/assessments/assessments.repository';
import { responsesRepository, type QuestionWrite, type ResponseQuestionRow } from '../modules/responses/responses.repository';
import { seedResponseHistory, type SeededResponse } from './demo-history';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How far a demo response has come. */
interface ResponsePlan {
  assessment: string;
  /** Index into the demo contractors (contractor1…3). */
  contractor: number;
  status: ResponseStatus;
  /** PENDING: the questions answered, by section position (all of a section when 'all'). */
  answered?: Record<number, number | 'all'>;
  /** SUBMITTED: sections the auditor has accepted so far. */
  judgedSections?: number;
  /** REASSESSMENT: the rejected question (section, position) and the auditor's remark. */
  rejected?: { section: number; position: number; remarks: string };
  /** REASSESSMENT: the due date is extended by this many days. */
  extendDays?: number;
  /** COMPLETED: each section scored at this share of its marks. */
  scoreShare?: number;
}

/**
 * Every status on the contractors' lists, every band on the dashboards: contractor1 has one of
 * each status plus 'Annual HSE Pre-qualification 2026' not started (Start Assessment); the
 * COMPLETED ones score green (contractor1), orange (contractor2) and red (contractor3).
 */
const PLANS: ResponsePlan[] = [
  { assessment: 'Working at Height Audit', contractor: 0, status: ResponseStatus.PENDING, answered: { 0: 'all', 1: 1 } },
  { assessment: 'Working at Height Audit', contractor: 1, status: ResponseStatus.COMPLETED, scoreShare: 0.55 },
  { assessment: 'Environmental Compliance Review', contractor: 0, status: ResponseStatus.COMPLETED, scoreShare: 0.85 },
  { assessment: 'Environmental Compliance Review', contractor: 2, status: ResponseStatus.COMPLETED, scoreShare: 0.3 },
  { assessment: 'Lifting Operations Review', contractor: 0, status: ResponseStatus.SUBMITTED },
  {
    assessment: 'Lifting Operations Review',
    contractor: 1,
    status: ResponseStatus.REASSESSMENT,
    rejected: { section: 1, position: 0, remarks: 'The last inspection is older than 6 months. Please attach the current certificate.' },
  },
  { assessment: 'Lifting Operations Review', contractor: 2, status: ResponseStatus.SUBMITTED, judgedSections: 1 },
  {
    assessment: 'Fire Safety Inspection',
    contractor: 0,
    status: ResponseStatus.REASSESSMENT,
    rejected: { section: 0, position: 0, remarks: 'The policy attached is not signed by senior management. Please attach the signed copy.' },
    extendDays: 14,
  },
  { assessment: 'Fire Safety Inspection', contractor: 2, status: ResponseStatus.PENDING, answered: { 0: 'all', 1: 'all' } },
];

/**
 * The demo bank's text questions, each with an answer that fits it (issue 19: no incident sentence
 * for the waste question); the seed test checks that every text answer seeded comes from here.
 */
export const DEMO_TEXT_ANSWERS: Record<string, string> = {
  'Describe how incidents and near misses are reported and investigated.':
    'Reported on the site app within 24 hours, investigated by the HSE manager with the supervisor, and reviewed at the monthly management meeting with the actions tracked to closure.',
  'How is hazardous waste segregated, stored and disposed of?':
    'Segregated at source into labelled, covered containers in a bunded compound, and collected by a licensed carrier; a waste transfer note is kept for every load.',
  'Describe how senior management reviews health, safety and environmental performance.':
    'The directors review the HSE dashboard every month (incidents, audits, training and environmental figures) and agree actions that are tracked to closure at the next meeting.',
  'Describe the measures you take to reduce noise and dust on site.':
    'Water suppression on cutting and haul roads, acoustic screens around generators and breakers, work in quiet hours near homes, and weekly dust and noise readings at the site boundary.',
  'How is damaged or expired PPE withdrawn from use?': 'Tagged, quarantined and replaced by the site supervisor',
};

/** A plausible answer for each answer type (the n-th question varies it a little); text fits its question. */
function sampleAnswer(answerType: AnswerType, options: readonly string[], n: number, questText = ''): StoredAnswerJson {
  const none: StoredAnswerJson = { yesNo: null, text: null, value: null };
  const fitting = DEMO_TEXT_ANSWERS[questText];
  switch (answerType) {
    case AnswerType.SHORT_ANSWER:
      return { ...none, text: fitting ?? ['Weekly, by the site manager', 'Yes, recorded in the site diary'][n % 2] ?? 'Yes' };
    case AnswerType.LONG_ANSWER:
      return {
        ...none,
        text: fitting ?? 'Described in our HSE management system manual, section 4, and checked at every internal audit.',
      };
    case AnswerType.NUMERIC:
      return { ...none, value: n % 3 };
    case AnswerType.YES_NO:
      return { ...none, yesNo: n % 5 === 4 ? 'NO' : 'YES' };
    case AnswerType.MULTI_CHOICE:
      return { ...none, value: options[n % Math.min(2, options.length)] ?? null };
    case AnswerType.CHECKBOX:
      return { ...none, value: options.length === 0 ? true : options.slice(0, 3) };
  }
}

/**
 * The demo contractors' responses (inside seedDemo's transaction), written through the same
 * repository functions as the calls: the copy of the assessment, the answers and judgements in
 * one statement per response, the count columns recounted from the rows, a timeline per status
 * change with its entries in the activity log (demo-history.ts), and the answered assessments
 * moved to PENDING.
 */
export async function seedResponses(
  db: DbOrTx,
  ids: { assessmentIds: Map<string, string>; contractors: { id: string; name: string }[]; auditor: { id: string; name: string } },
): Promise<void> {
  const responseIds: string[] = [];
  const seeded: SeededResponse[] = [];
  const started = new Map<string, { at: Date; by: { id: string; name: string } }>();
  for (const [k, plan] of PLANS.entries()) {
    const assessmentId = ids.assessmentIds.get(plan.assessment);
    const contractor = ids.contractors[plan.contractor];
    if (!assessmentId || !contractor) throw new Error(`The demo seed lacks ${plan.assessment} or contractor ${plan.contractor + 1}`);
    const assessment = await assessmentsRepository.find(db, assessmentId);
    if (!assessment) throw new Error(`The demo seed lacks ${plan.assessment}`);

    // Started a few hours after the assessment was shared; submitted a day later; judged the day after.
    const createdAt = new Date(assessment.createdAt.getTime() + (2 + k) * HOUR_MS);
    const submittedAt = new Date(createdAt.getTime() + DAY_MS);
    const judgedAt = new Date(createdAt.getTime() + 2 * DAY_MS);
    const id = newId();
    responseIds.push(id);
    await responsesRepository.insert(db, {
      id,
      assessmentId,
      contractorId: contractor.id,
      organisationId: assessment.organisationId,
      contractorName: contractor.name,
      status: plan.status,
      at: createdAt,
    });
    await responsesRepository.copyAssessment(db, inArray(responses.id, [id]));
    const questions = await responsesRepository.questionsOfResponse(db, id);
    const writes = questions.map((q, n) => questionWrite(plan, q, n));
    await responsesRepository.writeQuestions(db, id, writes);
    if (plan.scoreShare !== undefined) {
      const share = plan.scoreShare;
      const sections = [...new Map(questions.map((q) => [q.responseSectionId, q])).keys()];
      const marks = await sectionMarks(db, id);
      await responsesRepository.writeSectionScores(
        db,
        id,
        sections.map((sectionId) => {
          const total = marks.get(sectionId) ?? 1;
          return { id: sectionId, scoredMarks: Math.min(total, Math.max(1, Math.round(total * share))) };
        }),
      );
    }

    const closed = plan.status !== ResponseStatus.PENDING;
    const judged = plan.status === ResponseStatus.REASSESSMENT || plan.status === ResponseStatus.COMPLETED;
    const newDueDate = plan.extendDays !== undefined ? isoDay(new Date(new Date(`${assessment.dueDate}T00:00:00Z`).getTime() + plan.extendDays * DAY_MS)) : null;
    const savedAt = new Date(createdAt.getTime() + HOUR_MS);
    seeded.push({ id, status: plan.status, contractor, auditor: ids.auditor, createdAt, submittedAt, judgedAt, savedAt, newDueDate });
    await responsesRepository.touch(db, id, judged ? judgedAt : closed ? submittedAt : savedAt, {
      isDueDateExtended: newDueDate !== null,
      newDueDate,
    });
    const by = { actorId: contractor.id, actorName: contractor.name, actorType: UserType.CONTRACTOR };
    const auditor = { actorId: ids.auditor.id, actorName: ids.auditor.name, actorType: UserType.AUDITOR };
    await responsesRepository.appendTimeline(db, { responseId: id, at: createdAt, ...by, fromStatus: null, toStatus: ResponseStatus.PENDING });
    if (closed) {
      await responsesRepository.appendTimeline(db, { responseId: id, at: submittedAt, ...by, fromStatus: ResponseStatus.PENDING, toStatus: ResponseStatus.SUBMITTED });
    }
    if (judged) {
      // The auditor's rejections and remarks, as the questions' history; rejected answers reopen.
      await responsesRepository.appendJudgements(
        db,
        writes
          .filter((w) => w.remarks !== null || w.assessStatus === AssessStatus.REJECTED)
          .map((w) => ({ responseId: id, responseQuestionId: w.id, at: judgedAt, ...auditor, assessStatus: w.assessStatus, remarks: w.remarks })),
      );
      if (plan.status === ResponseStatus.REASSESSMENT) await responsesRepository.reopenRejected(db, id);
      await responsesRepository.appendTimeline(db, {
        responseId: id,
        at: judgedAt,
        ...auditor,
        fromStatus: ResponseStatus.SUBMITTED,
        toStatus: plan.status,
        note: newDueDate ? messages.review.dueDateNote(newDueDate) : null,
      });
    }
    const first = started.get(assessmentId);
    if (!first || first.at > createdAt) started.set(assessmentId, { at: createdAt, by: contractor });
  }
  await responsesRepository.recount(db, inArray(responses.id, responseIds));
  await seedResponseHistory(db, seeded);
  for (const [assessmentId, first] of started) {
    await assessmentsRepository.markStarted(db, assessmentId, first.at);
    await assessmentsRepository.appendTimeline(db, {
      assessmentId,
      actorId: first.by.id,
      actorName: first.by.name,
      status: AssessmentStatus.PENDING,
      action: 'started',
    });
  }
}

/** The answer and judgement of the n-th question of a response, by its plan. */
function questionWrite(plan: ResponsePlan, q: ResponseQuestionRow & { sectionPosition: number }, n: number): QuestionWrite {
  const upTo = plan.answered?.[q.sectionPosition];
  const answeredHere = plan.status !== ResponseStatus.PENDING || upTo === 'all' || (upTo !== undefined && q.position < upTo);
  const answer = answeredHere ? sampleAnswer(q.answerType, q.options, n, q.questText) : null;
  let assessStatus: AssessStatus = AssessStatus.NONE;
  let remarks: string | null = null;
  switch (plan.status) {
    case ResponseStatus.PENDING:
      break;
    case ResponseStatus.SUBMITTED:
      if (q.sectionPosition < (plan.judgedSections ?? 0)) assessStatus = AssessStatus.ACCEPTED;
      break;
    case ResponseStatus.REASSESSMENT: {
      const isRejected = plan.rejected?.section === q.sectionPosition && plan.rejected.position === q.position;
      assessStatus = isRejected ? AssessStatus.REJECTED : AssessStatus.ACCEPTED;
      remarks = isRejected ? (plan.rejected?.remarks ?? null) : null;
      break;
    }
    case ResponseStatus.COMPLETED:
      assessStatus = AssessStatus.ACCEPTED;
      // The auditor's note on the first answer, for the remarks dialog and the export.
      if (q.sectionPosition === 0 && q.position === 0) remarks = 'Verified against the site records during the audit visit.';
      break;
  }
  return {
    id: q.id,
    answer,
    attachments: [],
    answerStatus: answerStatusOf(q.answerType, q.options, answer),
    assessStatus,
    remarks,
  };
}

/** The total marks of each section of a response. */
async function sectionMarks(db: DbOrTx, responseId: string): Promise<Map<string, number>> {
  const record = await responsesRepository.load(db, responseId);
  return new Map((record?.sections ?? []).map((s) => [s.id, s.totalMarks]));
}

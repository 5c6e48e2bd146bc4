import { eq } from 'drizzle-orm';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { canScoreSection, effectiveDueDate, sectionScoreMessage, sectionScoreProblem } from '@palisade/domain/responses/response.rules';
import { firstUnscoredSection, isDueDateNotBefore, notJudgeableReason } from '@palisade/domain/responses/review.rules';
import type { ReviewSectionInResponseBody } from '@palisade/domain/responses/review.schema';
import { AssessStatus, ResponseStatus } from '@palisade/domain/statuses';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { responses } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth-context';
import { assessmentsRepository } from '../assessments/assessments.repository';
import { auditRepository } from '../audit/audit.repository';
import type { RankingService } from '../dashboards/ranking.service';
import type { Notifier } from '../notifications/notifications.service';
import { presentResponse, responseSnapshot } from './responses.presenter';
import { responsesRepository, type QuestionWrite, type ResponseRow } from './responses.repository';
import { reviewRepository } from './review.repository';

const m = messages.responses;
const r = messages.review;

/** The body of changeResponseStatus as the service reads it. */
export interface StatusChange {
  responseId: string;
  status: ResponseStatus;
  companyId?: string | undefined;
  assessmentId?: string | undefined;
  extendedDueDate?: string | undefined;
}

/** The 409 for an auditor's write in a state where it may not judge. */
function notJudgeable(status: ResponseStatus): AppError | null {
  switch (notJudgeableReason(status)) {
    case 'pending':
      return new AppError('CONFLICT', r.notJudgeablePending);
    case 'reassessment':
      return new AppError('CONFLICT', r.notJudgeableReassessment);
    case 'completed':
      return new AppError('CONFLICT', r.notJudgeableCompleted);
    case null:
      return null;
  }
}

/**
 * The review's writes (company-and-auditor §2.5, §4; DECISIONS.md States and Scores): the auditor's
 * judgements and scores of a section, its change of status (REASSESSMENT or COMPLETED), and the
 * organisation's due-date extension. Each runs in one transaction that locks the response,
 * recounts the kept columns, and appends to the audit log (status and due-date changes also to
 * the timeline). Another organisation's response is 404.
 */
export function createReviewJudging(deps: { db: Db; notifier: Notifier; clock: Clock; rankings: Pick<RankingService, 'changed'> }) {
  const { db, clock } = deps;

  /** The response, presented with sections and timeline; 404 when missing. */
  async function read(tx: DbOrTx, id: string): Promise<ResponseReply> {
    const record = await responsesRepository.load(tx, id);
    if (!record) throw new AppError('NOT_FOUND', m.notFound);
    return presentResponse(record);
  }

  /** Locks a response of an organisation the caller belongs to or serves; else 404. */
  async function lockInOrganisation(tx: DbOrTx, ctx: AuthContext, id: string): Promise<ResponseRow> {
    const row = await responsesRepository.lock(tx, id);
    if (!row || !ctx.organisationIds.includes(row.organisationId)) throw new AppError('NOT_FOUND', m.notFound);
    return row;
  }

  return {
    /**
     * updateSectionInResponse by an auditor: assessStatus and remarks of the questions sent (left
     * out fields stay; answers sent are ignored), and the section's score. Only while SUBMITTED
     * (409 otherwise). The score needs every question ACCEPTED after this save (400 otherwise),
     * is a whole number from 1 to the section's marks ("Please enter the score", "Marks must be
     * a whole number", "Marks should be positive", "Marks should not be more than {total}"), is kept when not sent, and is cleared when the section stops being all ACCEPTED.
     */
    async saveSection(ctx: AuthContext, input: ReviewSectionInResponseBody): Promise<ResponseReply> {
      return db.transaction(async (tx) => {
        const row = await lockInOrganisation(tx, ctx, input.assesRespId);
        const refused = notJudgeable(row.status);
        if (refused) throw refused;
        const section = await responsesRepository.findSection(tx, row.id, input.sectionId);
        if (!section) throw new AppError('NOT_FOUND', m.sectionNotFound, { field: 'sectionId' });
        const current = await responsesRepository.questionsOfSection(tx, section.id);
        const byId = new Map(current.map((q) => [q.id, q]));

        const writes = new Map<string, QuestionWrite>();
        const before: { id: string; assessStatus: AssessStatus; remarks: string | null }[] = [];
        for (const [i, q] of input.responseData.questions.entries()) {
          const cur = byId.get(q._id);
          if (!cur) throw new AppError('BAD_REQUEST', m.questionNotInSection(q._id), { field: `responseData.questions.${i}._id` });
          const assessStatus = q.assessStatus ?? cur.assessStatus;
          const remarks = q.remarks === undefined ? cur.remarks : q.remarks === null || q.remarks.trim() === '' ? null : q.remarks.trim();
          if (assessStatus === cur.assessStatus && remarks === cur.remarks) continue;
          before.push({ id: cur.id, assessStatus: cur.assessStatus, remarks: cur.remarks });
          writes.set(cur.id, { id: cur.id, answer: cur.answer, attachments: cur.attachments, answerStatus: cur.answerStatus, assessStatus, remarks });
        }

        const after = current.map((q) => writes.get(q.id) ?? q);
        const allAccepted = canScoreSection(after);
        const sent = input.responseData.scoredMarks;
        if (sent !== undefined && sent !== null && !allAccepted) {
          throw new AppError('BAD_REQUEST', r.scoreNotAllowed, { field: 'responseData.scoredMarks' });
        }
        const scoredMarks = allAccepted ? (sent === undefined ? section.scoredMarks : sent) : null;
        const problem = sectionScoreProblem(scoredMarks, section.totalMarks, allAccepted);
        if (problem) {
          throw new AppError('BAD_REQUEST', sectionScoreMessage(problem, section.totalMarks), { field: 'responseData.scoredMarks', totalMarks: section.totalMarks });
        }

        const scoreChanged = scoredMarks !== section.scoredMarks;
        if (writes.size > 0) {
          await responsesRepository.writeQuestions(tx, row.id, [...writes.values()]);
          // Every judgement and remark stays in the question's history (DECISIONS.md, States).
          const at = clock.now();
          await responsesRepository.appendJudgements(
            tx,
            [...writes.values()].map((w) => ({
              responseId: row.id,
              responseQuestionId: w.id,
              at,
              actorId: ctx.user.id,
              actorName: ctx.user.name,
              actorType: ctx.user.type,
              assessStatus: w.assessStatus,
              remarks: w.remarks,
            })),
          );
        }
        if (scoreChanged) await responsesRepository.writeSectionScores(tx, row.id, [{ id: section.id, scoredMarks }]);
        if (writes.size > 0 || scoreChanged) await responsesRepository.recount(tx, eq(responses.id, row.id));
        await responsesRepository.touch(tx, row.id, clock.now());
        const reply = await read(tx, row.id);
        if (writes.size > 0 || scoreChanged) {
          await auditRepository.append(tx, {
            actorId: ctx.user.id,
            organisationId: row.organisationId,
            action: 'response.reviewSection',
            entity: 'response',
            entityId: row.id,
            before: { sectionId: section.id, questions: before, scoredMarks: section.scoredMarks },
            after: {
              sectionId: section.id,
              // The section's name and marks, for the history's sentence ("… scored 20/30 in Fire Safety").
              section: section.categoryName,
              totalMarks: section.totalMarks,
              questions: [...writes.values()].map((w) => ({ id: w.id, assessStatus: w.assessStatus, remarks: w.remarks })),
              scoredMarks,
              judged: reply.counts.judged,
              rejected: reply.counts.rejected,
            },
          });
        }
        return reply;
      });
    },

    /**
     * changeResponseStatus by an auditor: REASSESSMENT (every question judged, one REJECTED, the
     * response SUBMITTED; an extendedDueDate not before the current effective due date sets the
     * extension) or COMPLETED (every question ACCEPTED and every section scored). Other statuses 403.
     */
    async changeStatus(ctx: AuthContext, input: StatusChange): Promise<ResponseReply> {
      const to = input.status;
      if (to !== ResponseStatus.REASSESSMENT && to !== ResponseStatus.COMPLETED) throw new AppError('FORBIDDEN', r.statusNotAllowed);
      if (to === ResponseStatus.COMPLETED && input.extendedDueDate !== undefined) {
        throw new AppError('BAD_REQUEST', r.extendedOnlyReassessment, { field: 'extendedDueDate' });
      }
      const changed = await db.transaction(async (tx) => {
        const row = await lockInOrganisation(tx, ctx, input.responseId);
        if ((input.assessmentId !== undefined && input.assessmentId !== row.assessmentId) || (input.companyId !== undefined && input.companyId !== row.organisationId)) {
          throw new AppError('NOT_FOUND', m.notFound);
        }
        if (to === ResponseStatus.REASSESSMENT && row.status === ResponseStatus.REASSESSMENT) throw new AppError('CONFLICT', r.alreadyReassessment);
        const refused = notJudgeable(row.status);
        if (refused) throw refused;

        const states = await responsesRepository.questionStates(tx, row.id);
        let extension: { isDueDateExtended: boolean; newDueDate: string } | undefined;
        let note: string | null = null;
        if (to === ResponseStatus.REASSESSMENT) {
          if (states.length === 0 || states.some((q) => q.assessStatus === AssessStatus.NONE)) throw new AppError('CONFLICT', r.notAllJudged);
          if (!states.some((q) => q.assessStatus === AssessStatus.REJECTED)) throw new AppError('CONFLICT', r.noneRejected);
          if (input.extendedDueDate !== undefined) {
            const assessment = await assessmentsRepository.find(tx, row.assessmentId);
            if (!assessment) throw new AppError('NOT_FOUND', m.assessmentNotFound);
            const current = effectiveDueDate({ dueDate: assessment.dueDate, isDueDateExtended: row.isDueDateExtended, newDueDate: row.newDueDate });
            if (!isDueDateNotBefore(input.extendedDueDate, current)) {
              throw new AppError('BAD_REQUEST', r.dueDateBeforeCurrent(current), { field: 'extendedDueDate', current });
            }
            extension = { isDueDateExtended: true, newDueDate: input.extendedDueDate };
            note = r.dueDateNote(input.extendedDueDate);
          }
        } else {
          if (states.length === 0 || states.some((q) => q.assessStatus !== AssessStatus.ACCEPTED)) throw new AppError('CONFLICT', r.notAllAccepted);
          const unscored = firstUnscoredSection(await reviewRepository.sectionScores(tx, row.id));
          if (unscored) {
            throw new AppError('CONFLICT', r.enterScoreFor(unscored.categoryName), { sectionId: unscored.id, category: unscored.categoryName });
          }
        }

        const now = clock.now();
        await responsesRepository.touch(tx, row.id, now, { status: to, ...extension });
        // The rejected answers stay open to the contractor until it submits (DECISIONS.md, States).
        if (to === ResponseStatus.REASSESSMENT) await responsesRepository.reopenRejected(tx, row.id);
        await responsesRepository.appendTimeline(tx, {
          responseId: row.id,
          at: now,
          actorId: ctx.user.id,
          actorName: ctx.user.name,
          actorType: ctx.user.type,
          fromStatus: row.status,
          toStatus: to,
          note,
        });
        const after = await read(tx, row.id);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: row.organisationId,
          action: 'response.changeStatus',
          entity: 'response',
          entityId: row.id,
          before: { ...responseSnapshot(row), isDueDateExtended: row.isDueDateExtended, newDueDate: row.newDueDate },
          after: { status: after.status, isDueDateExtended: after.isDueDateExtended, newDueDate: after.newDueDate, scored: after.scored, total: after.total },
        });
        // The contractor hears of it with the change (issue 22).
        await deps.notifier.notify(tx, { kind: to === ResponseStatus.REASSESSMENT ? 'reassessment' : 'completed', responseId: row.id });
        return after;
      });
      // A completion counts in its organisation's ranking, rebuilt in the background (issue 63).
      if (to === ResponseStatus.COMPLETED) deps.rankings.changed();
      return changed;
    },

    /**
     * editResponse (organisation): a new due date for one response (not before the assessment's),
     * or null to remove the extension; refused once COMPLETED. A timeline entry notes it.
     */
    async editResponse(ctx: AuthContext, input: { responseId: string; updateData: { newDueDate: string | null } }): Promise<ResponseReply> {
      return db.transaction(async (tx) => {
        const row = await lockInOrganisation(tx, ctx, input.responseId);
        if (row.status === ResponseStatus.COMPLETED) throw new AppError('CONFLICT', r.completedLocked);
        const assessment = await assessmentsRepository.find(tx, row.assessmentId);
        if (!assessment) throw new AppError('NOT_FOUND', m.assessmentNotFound);
        const newDueDate = input.updateData.newDueDate;
        if (newDueDate !== null && !isDueDateNotBefore(newDueDate, assessment.dueDate)) {
          throw new AppError('BAD_REQUEST', r.dueDateBeforeAssessment(assessment.dueDate), { field: 'updateData.newDueDate', dueDate: assessment.dueDate });
        }
        const now = clock.now();
        await responsesRepository.touch(tx, row.id, now, { isDueDateExtended: newDueDate !== null, newDueDate });
        await responsesRepository.appendTimeline(tx, {
          responseId: row.id,
          at: now,
          actorId: ctx.user.id,
          actorName: ctx.user.name,
          actorType: ctx.user.type,
          fromStatus: row.status,
          toStatus: row.status,
          note: newDueDate === null ? r.dueDateClearedNote : r.dueDateNote(newDueDate),
        });
        const after = await read(tx, row.id);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: row.organisationId,
          action: 'response.edit',
          entity: 'response',
          entityId: row.id,
          before: { isDueDateExtended: row.isDueDateExtended, newDueDate: row.newDueDate },
          after: { isDueDateExtended: after.isDueDateExtended, newDueDate: after.newDueDate },
        });
        return after;
      });
    },

  };
}

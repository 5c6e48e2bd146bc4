import { eq } from 'drizzle-orm';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import type { ResponseRoundReply } from '@palisade/domain/recurrence/recurrence.schema';
import { carryState } from '@palisade/domain/recurrence/recurrence.rules';
import { ResponseStatus } from '@palisade/domain/statuses';
import { UserType } from '@palisade/domain/user-types';
import type { Db, DbOrTx } from '../../db/client';
import { responses } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import { isOwnResponse, lockOwn, mayRead } from '../responses/response-access';
import { responsesRepository } from '../responses/responses.repository';
import { presentAnswer } from './recurrence.presenter';
import { recurrenceRepository as repo } from './recurrence.repository';

const m = messages.recurrence;

/**
 * Carry-over (issue 58): when a contractor starts a round, its previous round's answers and files
 * (the records; the bytes stay where they are) may be carried over. Each carried answer is marked
 * and must be confirmed or changed before submit (the submit refuses with 400 while any is not:
 * responses/response-submit.service.ts asks unconfirmedCount). The auditor and the organisation see
 * which were carried unchanged and, for every answer that differs from the previous round's, the
 * previous one beside it. Another contractor's or organisation's response is 404.
 */
export function createCarryOverService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function roundReply(tx: DbOrTx, ctx: AuthContext, responseId: string): Promise<ResponseRoundReply> {
    const round = await repo.roundOf(tx, responseId);
    if (!round || !mayRead(ctx, round)) throw new AppError('NOT_FOUND', m.responseNotFound, { field: 'responseId' });
    const pairs = round.previousResponseId ? await repo.pairs(tx, round.responseId, round.previousResponseId) : [];
    const carried = pairs.flatMap((p) =>
      p.carriedVersion === null
        ? []
        : [{ questionId: p.questionId, state: carryState(p.carriedVersion, p.version, p.confirmedAt !== null), carriedVersion: p.carriedVersion, confirmed: p.confirmedAt !== null, previousQuestionId: p.previousQuestionId, previousAnswer: presentAnswer(p.previousAnswer, p.previousAttachments) }],
    );
    // The contractor's draft is its own (DECISIONS.md, States): what changed is for the others once submitted.
    const others = ctx.user.type !== UserType.CONTRACTOR;
    const changedSinceLast = others
      ? pairs.filter((p) => p.differs).map((p) => ({ questionId: p.questionId, previousAnswer: presentAnswer(p.previousAnswer, p.previousAttachments) }))
      : [];
    return {
      responseId: round.responseId,
      assessmentId: round.assessmentId,
      roundNumber: round.roundNumber,
      roundLabel: round.label,
      startsOn: round.startsOn,
      dueDate: round.dueDate,
      previousResponseId: round.previousResponseId,
      previousRoundLabel: round.previousLabel,
      canCarryOver:
        ctx.user.type === UserType.CONTRACTOR &&
        round.previousResponseId !== null &&
        round.status === ResponseStatus.PENDING &&
        round.answered === 0 &&
        round.previousAnswered > 0 &&
        !round.hasCarried,
      carried,
      unconfirmed: carried.filter((c) => c.state === 'CARRIED').length,
      changedSinceLast,
    };
  }

  return {
    /** getResponseRound: the response's round, its carried answers and what changed since the last round. */
    async get(ctx: AuthContext, responseId: string): Promise<ResponseRoundReply> {
      return roundReply(db, ctx, responseId);
    },

    /**
     * carryOver: the contractor's PENDING response of a later round, nothing answered yet, takes
     * the previous round's answers (each question one version up, marked). A second call changes
     * nothing (409 once answered or carried).
     */
    async carryOver(ctx: AuthContext, responseId: string): Promise<{ reply: ResponseRoundReply; carried: number }> {
      return db.transaction(async (tx) => {
        const row = await lockOwn(tx, ctx, responseId);
        if (!row.previousResponseId) throw new AppError('BAD_REQUEST', m.noPreviousRound, { field: 'responseId' });
        const round = await repo.roundOf(tx, row.id);
        if (row.status !== ResponseStatus.PENDING || row.answeredQuestions > 0 || round?.hasCarried) {
          throw new AppError('CONFLICT', m.carryOverClosed, { field: 'responseId' });
        }
        // A round's response opens without its questions (round-sweep.ts): copied here if no read has yet.
        await responsesRepository.materialise(tx, [row.id]);
        const carried = await repo.carryOver(tx, row.id, row.previousResponseId);
        await responsesRepository.recount(tx, eq(responses.id, row.id));
        await responsesRepository.touch(tx, row.id, clock.now());
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: row.organisationId,
          action: 'response.saveSection',
          entity: 'response',
          entityId: row.id,
          after: { carriedFrom: row.previousResponseId, questions: Array.from({ length: carried }, () => 'carried') },
        });
        return { reply: await roundReply(tx, ctx, row.id), carried };
      });
    },

    /** confirmCarried: carried answers confirmed unchanged; a question not carried is 400, one already confirmed or changed is left as it is. */
    async confirm(ctx: AuthContext, responseId: string, questionIds: readonly string[]): Promise<{ reply: ResponseRoundReply; confirmed: number }> {
      return db.transaction(async (tx) => {
        const row = await lockOwn(tx, ctx, responseId);
        if (row.status !== ResponseStatus.PENDING) throw new AppError('CONFLICT', messages.responses.locked, { field: 'responseId' });
        const carriedIds = await repo.carriedIds(tx, row.id);
        questionIds.forEach((id, i) => {
          if (!carriedIds.has(id)) throw new AppError('BAD_REQUEST', m.notCarried(id), { field: `questionIds.${i}` });
        });
        const confirmed = await repo.confirm(tx, row.id, questionIds, clock.now());
        if (confirmed.length > 0) {
          await responsesRepository.touch(tx, row.id, clock.now());
          await auditRepository.append(tx, {
            actorId: ctx.user.id,
            organisationId: row.organisationId,
            action: 'response.saveSection',
            entity: 'response',
            entityId: row.id,
            after: { confirmed, questions: confirmed },
          });
        }
        return { reply: await roundReply(tx, ctx, row.id), confirmed: confirmed.length };
      });
    },
  };
}
export type CarryOverService = ReturnType<typeof createCarryOverService>;

/** The check the submit makes: 400 while carried answers are neither confirmed nor changed. */
export async function refuseUnconfirmed(tx: DbOrTx, ctx: AuthContext, row: { id: string; contractorId: string; organisationId: string }): Promise<void> {
  if (!isOwnResponse(ctx, row)) return;
  const n = await repo.unconfirmedCount(tx, row.id);
  if (n > 0) throw new AppError('BAD_REQUEST', m.unconfirmed(n), { field: 'responseId', unconfirmed: n });
}

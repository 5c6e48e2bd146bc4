import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { canSubmit } from '@palisade/domain/responses/response.rules';
import { ResponseStatus } from '@palisade/domain/statuses';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import type { Notifier } from '../notifications/notifications.service';
import { refuseUnconfirmed } from '../recurrence/carry-over.service';
import { lockOwn } from './response-access';
import { presentResponse, responseSnapshot } from './responses.presenter';
import { responsesRepository } from './responses.repository';

const m = messages.responses;

/** What changeResponseStatus asks for. */
export interface ChangeStatusInput {
  responseId: string;
  status: ResponseStatus;
  companyId?: string | undefined;
  assessmentId?: string | undefined;
  extendedDueDate?: string | undefined;
}

/**
 * The contractor's submit (foundation-and-contractor §4; DECISIONS.md States): only from PENDING
 * or REASSESSMENT, with every question ANSWERED; the reopened answers go back to NONE; appends to
 * the timeline and the audit log.
 */
export function createResponseSubmit(deps: { db: Db; notifier: Notifier; clock: Clock }) {
  const { db, notifier, clock } = deps;
  return {
    /** The contractor submits: only from PENDING or REASSESSMENT, with every question ANSWERED. */
    async submit(ctx: AuthContext, input: ChangeStatusInput): Promise<ResponseReply> {
      if (input.status !== ResponseStatus.SUBMITTED || input.extendedDueDate !== undefined) throw new AppError('FORBIDDEN', m.statusNotAllowed);
      return db.transaction(async (tx) => {
        const row = await lockOwn(tx, ctx, input.responseId);
        if ((input.assessmentId !== undefined && input.assessmentId !== row.assessmentId) || (input.companyId !== undefined && input.companyId !== row.organisationId)) {
          throw new AppError('NOT_FOUND', m.notFound);
        }
        if (row.status === ResponseStatus.SUBMITTED) throw new AppError('CONFLICT', m.alreadySubmitted);
        if (row.status === ResponseStatus.COMPLETED) throw new AppError('CONFLICT', m.locked);
        if (!canSubmit(row.status, await responsesRepository.questionStates(tx, row.id))) throw new AppError('CONFLICT', m.notAllAnswered);
        // Carried-over answers must be confirmed or changed first (issue 58).
        await refuseUnconfirmed(tx, ctx, row);
        const now = clock.now();
        // The answers reopened for the reassessment are judged again (DECISIONS.md, States).
        await responsesRepository.closeReopenedAndRecount(tx, row.id);
        await responsesRepository.appendTimeline(tx, {
          responseId: row.id,
          at: now,
          actorId: ctx.user.id,
          actorName: ctx.user.name,
          actorType: ctx.user.type,
          fromStatus: row.status,
          toStatus: ResponseStatus.SUBMITTED,
        });
        // The response's counts, status, lastAccessTime and the reply (timeline entry included): one UPDATE … RETURNING.
        const after = presentResponse(await responsesRepository.touchAndLoad(tx, row.id, now, { status: ResponseStatus.SUBMITTED }));
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: row.organisationId,
          action: 'response.changeStatus',
          entity: 'response',
          entityId: row.id,
          before: responseSnapshot(row),
          after: { status: after.status, lastAccessTime: after.lastAccessTime },
        });
        // The organisation's admins and auditors hear of it with the change (issue 22).
        await notifier.notify(tx, { kind: 'response_submitted', responseId: row.id });
        return after;
      });
    },
  };
}

import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { ResponseStatus } from '@palisade/domain/statuses';
import { UserType } from '@palisade/domain/user-types';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import { usersRepository } from '../users/users.repository';
import { presentResponse } from './responses.presenter';
import { responsesRepository } from './responses.repository';
import { reviewRepository } from './review.repository';

const m = messages.responses;
const o = messages.orgAuditor;

/**
 * Assigning an auditor to a response (issue 19, optional): the organisation picks one of the
 * auditors that serve it, or none. The assigned auditor sees the response first on its dashboard,
 * marked "Assigned to you"; every auditor of the organisation still sees and may review every
 * response. A COMPLETED response keeps its assignment (409 on a change). One transaction that
 * locks the response and appends to the audit log.
 */
export function createAssignmentService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async assignAuditor(ctx: AuthContext, input: { responseId: string; auditorId: string | null }): Promise<ResponseReply> {
      return db.transaction(async (tx) => {
        const row = await responsesRepository.lock(tx, input.responseId);
        if (!row || !ctx.organisationIds.includes(row.organisationId)) throw new AppError('NOT_FOUND', m.notFound, { field: 'responseId' });
        let auditorName: string | null = null;
        if (input.auditorId !== null) {
          const [found] = await usersRepository.findManyWithOrgs(tx, [input.auditorId]);
          // Another organisation's auditor is as unknown as a missing one (404, not 403); so is
          // one the organisation disabled (for itself only, or everywhere).
          if (
            !found ||
            found.user.type !== UserType.AUDITOR ||
            found.user.deletedAt ||
            !found.user.isActive ||
            !found.assoc.includes(row.organisationId) ||
            found.disabledIn.includes(row.organisationId)
          ) {
            throw new AppError('NOT_FOUND', o.auditorNotFound, { field: 'auditorId' });
          }
          auditorName = found.user.name;
        }
        if (row.status === ResponseStatus.COMPLETED) throw new AppError('CONFLICT', o.assignCompleted);
        if (row.assignedAuditorId !== input.auditorId) {
          await reviewRepository.setAssignedAuditor(tx, row.id, input.auditorId, clock.now());
          await auditRepository.append(tx, {
            actorId: ctx.user.id,
            organisationId: row.organisationId,
            action: 'response.assignAuditor',
            entity: 'response',
            entityId: row.id,
            before: { assignedAuditorId: row.assignedAuditorId },
            // The auditor's name as it was, for the history's sentence ("Assigned auditor …").
            after: { assignedAuditorId: input.auditorId, auditorName },
          });
        }
        const record = await responsesRepository.load(tx, row.id);
        if (!record) throw new AppError('NOT_FOUND', m.notFound);
        return presentResponse(record);
      });
    },
  };
}
export type AssignmentService = ReturnType<typeof createAssignmentService>;

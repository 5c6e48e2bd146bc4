import { eq } from 'drizzle-orm';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { AssessmentStatus, ResponseStatus } from '@palisade/domain/statuses';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { responses } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../plugins/auth-context';
import { assessmentsRepository } from '../assessments/assessments.repository';
import { auditRepository } from '../audit/audit.repository';
import { ownContractorId, readResponse } from './response-access';
import { responsesRepository } from './responses.repository';

const m = messages.responses;

/** What answering needs. */
export interface ResponseAnsweringDeps {
  db: Db;
  /** The time of a start (lib/clock.ts). */
  clock: Clock;
}

/**
 * The contractor's answering (foundation-and-contractor §2 to §4; DECISIONS.md States): starting
 * an assessment shared with it (one response each), in one transaction that locks the assessment
 * and appends to the audit log. Its saves are section-save.service.ts.
 */
export function createResponseAnswering(deps: ResponseAnsweringDeps) {
  const { db, clock } = deps;

  return {
    /**
     * createResponseForContractor: starts an assessment shared with the caller. Under the
     * assessment's lock (edits and other starts queue on it): a second start returns the existing
     * response; the first copies the sections and questions, and moves a NEW assessment to PENDING.
     */
    async start(
      ctx: AuthContext,
      input: { assessmentId: string; contractor: { contractorId: string; companyId?: string | undefined } },
    ): Promise<{ response: ResponseReply; created: boolean }> {
      ownContractorId(ctx, input.contractor.contractorId);
      const companyId = input.contractor.companyId;
      if (companyId !== undefined && !ctx.organisationIds.includes(companyId)) {
        throw new AppError('NOT_FOUND', messages.assessment.organisationNotFound(companyId), { field: 'contractor.companyId' });
      }
      return db.transaction(async (tx) => {
        const assessment = await assessmentsRepository.lock(tx, input.assessmentId);
        if (
          !assessment ||
          !ctx.organisationIds.includes(assessment.organisationId) ||
          !(await responsesRepository.isSharedWith(tx, assessment.id, ctx.user.id))
        ) {
          throw new AppError('NOT_FOUND', m.assessmentNotFound, { field: 'assessmentId' });
        }
        const existing = await responsesRepository.findByAssessmentAndContractor(tx, assessment.id, ctx.user.id);
        if (existing) return { response: await readResponse(tx, existing.id), created: false };

        const id = newId();
        const now = clock.now();
        await responsesRepository.insert(tx, {
          id,
          assessmentId: assessment.id,
          contractorId: ctx.user.id,
          organisationId: assessment.organisationId,
          contractorName: ctx.user.name,
          status: ResponseStatus.PENDING,
          at: now,
        });
        await responsesRepository.copyAssessment(tx, eq(responses.id, id));
        await responsesRepository.recount(tx, eq(responses.id, id));
        await responsesRepository.appendTimeline(tx, {
          responseId: id,
          at: now,
          actorId: ctx.user.id,
          actorName: ctx.user.name,
          actorType: ctx.user.type,
          fromStatus: null,
          toStatus: ResponseStatus.PENDING,
        });
        if (assessment.status === AssessmentStatus.NEW) {
          await assessmentsRepository.markStarted(tx, assessment.id, now);
          await assessmentsRepository.appendTimeline(tx, {
            assessmentId: assessment.id,
            actorId: ctx.user.id,
            actorName: ctx.user.name,
            status: AssessmentStatus.PENDING,
            action: 'started',
          });
        }
        const created = await readResponse(tx, id);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: assessment.organisationId,
          action: 'response.create',
          entity: 'response',
          entityId: id,
          after: {
            assessmentId: assessment.id,
            contractorId: ctx.user.id,
            status: created.status,
            sections: created.counts.totalSections,
            questions: created.counts.totalQuestions,
            assessmentStatus: { before: assessment.status, after: AssessmentStatus.PENDING },
          },
        });
        return { response: created, created: true };
      });
    },
  };
}

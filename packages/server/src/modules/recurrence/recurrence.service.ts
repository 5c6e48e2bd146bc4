import { AppError } from '@palisade/domain/errors';
import { isoDay } from '@palisade/domain/assessments/assessment.schema';
import { coreMessages } from '@palisade/domain/messages-core';
import { messages } from '@palisade/domain/messages';
import type { ListRoundsReply, RecurrenceReply, SetRecurrenceBody } from '@palisade/domain/recurrence/recurrence.schema';
import { RECURRENCE_START_MAX_PAST_DAYS, addDays, addMonths, roundLabel } from '@palisade/domain/recurrence/recurrence.rules';
import { UserType } from '@palisade/domain/user-types';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import { assessmentsRepository } from '../assessments/assessments.repository';
import { auditRepository } from '../audit/audit.repository';
import { presentRecurrence } from './recurrence.presenter';
import { recurrenceRepository as repo } from './recurrence.repository';

const m = messages.recurrence;

/**
 * How an assessment recurs (issue 58): the organisation makes it recur, changes or stops it (each a
 * versioned edit: stale is 409); a change applies from the next round on. Its auditors read it.
 * Another organisation's assessment is 404. The rounds open in round-sweep.ts.
 */
export function createRecurrenceService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** The assessment, when the caller's organisation owns it (organisation users and auditors); else 404. */
  async function ownAssessment(tx: DbOrTx, ctx: AuthContext, assessmentId: string, lock: boolean) {
    const found = lock ? await assessmentsRepository.lock(tx, assessmentId) : await assessmentsRepository.find(tx, assessmentId);
    const allowed = ctx.user.type === UserType.ORGANISATION || ctx.user.type === UserType.AUDITOR;
    if (!found || !allowed || !ctx.organisationIds.includes(found.organisationId)) {
      throw new AppError('NOT_FOUND', m.assessmentNotFound, { field: 'assessmentId' });
    }
    return found;
  }

  async function reply(tx: DbOrTx, assessmentId: string): Promise<RecurrenceReply | null> {
    const row = await repo.find(tx, assessmentId);
    if (!row) return null;
    return presentRecurrence(row, await repo.rounds(tx, assessmentId));
  }

  return {
    async get(ctx: AuthContext, assessmentId: string): Promise<RecurrenceReply | null> {
      await ownAssessment(db, ctx, assessmentId, false);
      return reply(db, assessmentId);
    },

    /**
     * setRecurrence: makes the assessment recur (version 0), or changes or resumes its recurrence
     * (the version read). Round 1 is the assessment as shared now, starting on startsOn (which may
     * change only while no later round has opened); the next round starts an interval after the
     * last one opened, so a new interval applies from the next round on.
     */
    async set(ctx: AuthContext, input: SetRecurrenceBody): Promise<RecurrenceReply> {
      const today = isoDay(clock.now());
      if (input.startsOn < addDays(today, -RECURRENCE_START_MAX_PAST_DAYS) || input.startsOn > addDays(today, RECURRENCE_START_MAX_PAST_DAYS)) {
        throw new AppError('BAD_REQUEST', m.startsOnTooOld(RECURRENCE_START_MAX_PAST_DAYS), { field: 'startsOn' });
      }
      return db.transaction(async (tx) => {
        const assessment = await ownAssessment(tx, ctx, input.assessmentId, true);
        const current = await repo.lock(tx, assessment.id);
        const now = clock.now();
        const fields = { intervalMonths: input.intervalMonths, windowDays: input.windowDays, active: true, updatedBy: ctx.user.id, updatedAt: now };
        if (!current) {
          if (input.version !== 0) throw new AppError('CONFLICT', coreMessages.http.changedBySomeoneElse, { field: 'version' });
          await repo.insert(tx, {
            assessmentId: assessment.id,
            organisationId: assessment.organisationId,
            startsOn: input.startsOn,
            nextRoundOn: addMonths(input.startsOn, input.intervalMonths),
            createdAt: now,
            ...fields,
          });
          await repo.insertRound(tx, {
            assessmentId: assessment.id,
            roundNumber: 1,
            organisationId: assessment.organisationId,
            label: roundLabel(input.startsOn, input.intervalMonths),
            startsOn: input.startsOn,
            dueDate: assessment.dueDate,
            openedAt: now,
          });
        } else {
          if (current.version !== input.version) throw new AppError('CONFLICT', coreMessages.http.changedBySomeoneElse, { field: 'version' });
          const last = await repo.lastRound(tx, assessment.id);
          const onlyFirst = !last || last.roundNumber === 1;
          const startsOn = onlyFirst ? input.startsOn : current.startsOn;
          const lastStart = onlyFirst ? startsOn : last.startsOn;
          if (onlyFirst) await repo.updateRound(tx, assessment.id, 1, { startsOn, label: roundLabel(startsOn, input.intervalMonths) });
          await repo.update(tx, assessment.id, { ...fields, startsOn, nextRoundOn: addMonths(lastStart, input.intervalMonths) });
        }
        const after = await reply(tx, assessment.id);
        if (!after) throw new Error('recurrence not stored');
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: assessment.organisationId,
          action: 'assessment.edit',
          entity: 'assessment',
          entityId: assessment.id,
          before: { name: assessment.name, recurrence: current ? { intervalMonths: current.intervalMonths, windowDays: current.windowDays, active: current.active } : null },
          after: { name: assessment.name, recurrence: { intervalMonths: after.intervalMonths, windowDays: after.windowDays, startsOn: after.startsOn, active: true } },
        });
        return after;
      });
    },

    /** stopRecurrence: no round opens after this (rounds open stay open); stale version: 409. */
    async stop(ctx: AuthContext, assessmentId: string, version: number): Promise<RecurrenceReply> {
      return db.transaction(async (tx) => {
        const assessment = await ownAssessment(tx, ctx, assessmentId, true);
        const current = await repo.lock(tx, assessment.id);
        if (!current) throw new AppError('NOT_FOUND', m.notRecurring, { field: 'assessmentId' });
        if (current.version !== version) throw new AppError('CONFLICT', coreMessages.http.changedBySomeoneElse, { field: 'version' });
        if (current.active) {
          await repo.update(tx, assessment.id, { active: false, updatedBy: ctx.user.id, updatedAt: clock.now() });
          await auditRepository.append(tx, {
            actorId: ctx.user.id,
            organisationId: assessment.organisationId,
            action: 'assessment.edit',
            entity: 'assessment',
            entityId: assessment.id,
            before: { name: assessment.name, recurrence: { active: true } },
            after: { name: assessment.name, recurrence: { active: false } },
          });
        }
        const after = await reply(tx, assessment.id);
        if (!after) throw new Error('recurrence not stored');
        return after;
      });
    },

    /** The organisation's round labels, newest first (the round filter of the overview and Performance). */
    async listRounds(ctx: AuthContext, organisationId: string): Promise<ListRoundsReply> {
      if (!ctx.organisationIds.includes(organisationId)) throw new AppError('NOT_FOUND', messages.assessment.organisationNotFound(organisationId), { field: 'companyId' });
      return repo.labels(db, organisationId);
    },
  };
}
export type RecurrenceService = ReturnType<typeof createRecurrenceService>;

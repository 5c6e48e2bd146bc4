import type { FastifyBaseLogger } from 'fastify';
import { addMonths, nextRoundStart, roundDueDate, roundLabel } from '@palisade/domain/recurrence/recurrence.rules';
import { AssessmentStatus } from '@palisade/domain/statuses';
import { UserType } from '@palisade/domain/user-types';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { startPeriodic, type Periodic } from '../../lib/periodic';
import { assessmentsRepository } from '../assessments/assessments.repository';
import { auditRepository } from '../audit/audit.repository';
import { organisationDay } from '../organisations/time-zone.service';
import type { Notifier } from '../notifications/notifications.service';
import { recurrenceRepository as repo } from './recurrence.repository';

/** How often each instance looks for rounds to open by default. */
export const ROUND_SWEEP_INTERVAL_MS = 60 * 1000;
/** Recurrences one sweep looks at; the next sweep takes the rest. */
const SWEEP_LIMIT = 200;

/** A round the sweep opened. */
export interface OpenedRound {
  assessmentId: string;
  roundNumber: number;
  label: string;
  responses: number;
}

/**
 * Issue 58: opens the rounds of recurring assessments on their dates ("today" is the clock's day
 * in the organisation's time zone, issue 60). Every instance may sweep: each due recurrence is claimed with FOR UPDATE SKIP LOCKED
 * and re-read under the lock, and the round's row (primary key: assessment and round number) is
 * inserted with ON CONFLICT DO NOTHING, so that a round opens exactly once. Opening a round, in one
 * transaction: its row; a PENDING response per contractor the assessment is shared with, linked to
 * the contractor's previous round and due at the round's due date, its counts those of the
 * assessment and its sections and questions left to its first read (responsesRepository.materialise:
 * a round of a thousand contractors is a thousand rows, not half a million); the timeline; the
 * contractors' notifications; the next round's date. Set-based statements, whatever the number of
 * contractors.
 */
export function createRoundSweep(deps: { db: Db; clock: Clock; notifier: Notifier }) {
  const { db, clock, notifier } = deps;

  async function openOne(assessmentId: string, now: Date): Promise<OpenedRound | null> {
    return db.transaction(async (tx) => {
      const rec = await repo.claimDue(tx, assessmentId, now);
      if (!rec) return null;
      const today = await organisationDay(tx, rec.organisationId, now);
      const last = await repo.lastRound(tx, assessmentId);
      const lastStart = last?.startsOn ?? rec.startsOn;
      const roundNumber = (last?.roundNumber ?? 1) + 1;
      const startsOn = nextRoundStart(lastStart, rec.intervalMonths, today) ?? rec.nextRoundOn;
      const label = roundLabel(startsOn, rec.intervalMonths);
      const dueDate = roundDueDate(startsOn, rec.windowDays);
      const opened = await repo.insertRound(tx, { assessmentId, roundNumber, organisationId: rec.organisationId, label, startsOn, dueDate, openedAt: now });
      // The next round is an interval after this one: a change made meanwhile applies from it on.
      await repo.setNextRound(tx, assessmentId, addMonths(startsOn, rec.intervalMonths));
      if (!opened) return null;

      const created = await repo.insertRoundResponses(tx, { assessmentId, organisationId: rec.organisationId, roundNumber, dueDate, at: now });
      const actor = rec.updatedBy ? await repo.userRef(tx, rec.updatedBy) : undefined;
      await repo.appendRoundTimeline(tx, {
        assessmentId,
        roundNumber,
        at: now,
        actorId: actor?.id ?? null,
        actorName: actor?.name ?? '',
        actorType: actor?.type ?? UserType.ORGANISATION,
        note: label,
      });
      const assessment = await assessmentsRepository.find(tx, assessmentId);
      if (assessment && assessment.status === AssessmentStatus.NEW && created.length > 0) {
        await assessmentsRepository.markStarted(tx, assessmentId, now);
      }
      await auditRepository.append(tx, {
        actorId: null,
        organisationId: rec.organisationId,
        action: 'response.create',
        entity: 'assessment',
        entityId: assessmentId,
        after: { round: roundNumber, label, startsOn, dueDate, responses: created.length },
      });
      if (created.length > 0) {
        await notifier.notify(tx, {
          kind: 'assessment_shared',
          organisationId: rec.organisationId,
          assessmentId,
          contractorIds: created.map((c) => c.contractorId),
          round: { label, dueDate },
        });
      }
      return { assessmentId, roundNumber, label, responses: created.length };
    });
  }

  return {
    /** Opens the rounds due on `now`'s day; the rounds this call opened. */
    async sweep(now: Date = clock.now()): Promise<OpenedRound[]> {
      const due = await repo.dueRecurrences(db, now, SWEEP_LIMIT);
      const opened: OpenedRound[] = [];
      for (const id of due) {
        const round = await openOne(id, now);
        if (round) opened.push(round);
      }
      return opened;
    },
  };
}
export type RoundSweep = ReturnType<typeof createRoundSweep>;

/** Runs the sweep every intervalMs (lib/periodic.ts: never overlapping, not keeping the process alive). */
export function startRoundSweep(deps: { sweep: RoundSweep; intervalMs: number; log: FastifyBaseLogger }): Periodic {
  return startPeriodic({
    name: 'round sweep',
    intervalMs: deps.intervalMs,
    log: deps.log,
    run: async () => {
      const opened = await deps.sweep.sweep();
      if (opened.length > 0) deps.log.info({ rounds: opened.length }, 'assessment rounds opened');
    },
  });
}

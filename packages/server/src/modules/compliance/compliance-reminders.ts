import type { FastifyBaseLogger } from 'fastify';
import { DIGEST_WINDOW_DAYS } from '@palisade/domain/compliance/compliance.rules';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { startPeriodic, type Periodic } from '../../lib/periodic';
import type { Notifier } from '../notifications/notifications.service';
import { complianceRemindersRepository as repo } from './compliance-reminders.repository';

/** How often each instance looks for compliance reminders and digests by default. */
export const COMPLIANCE_SWEEP_INTERVAL_MS = 60 * 1000;
/** Rows one sweep tells at most; the next sweep takes the rest. */
const SWEEP_LIMIT = 500;

/**
 * Issue 57's reminders. The contractor is told at each of a requirement's reminder days before a
 * document's expiry and on the expiry day itself; the organisation's admins get a weekly digest of
 * what expires in the next 30 days and what has expired. A reminder's "today" is the clock's day
 * in the organisation's time zone (issue 60), and so is the digest's week (from Monday). Every
 * instance may sweep: each reminder (document version and day) and each digest (organisation and
 * week) is marked in the transaction that tells it, and the mark's key lets one writer through, so that two instances tell it once.
 */
export function createComplianceReminders(deps: { db: Db; clock: Clock; notifier: Notifier }) {
  const { db, clock, notifier } = deps;
  return {
    /** Tells the reminders due on `now`'s day; returns how many were told. */
    async sweepExpiries(now: Date = clock.now()): Promise<number> {
      const days = await repo.reminderDays(db);
      const candidates = await repo.expiryCandidates(db, now, days, SWEEP_LIMIT);
      let told = 0;
      for (const c of candidates) {
        const sent = await db.transaction(async (tx) => {
          if (!(await repo.claimReminder(tx, c.documentId, c.reminderDay))) return false;
          await notifier.notify(tx, { kind: 'compliance_expiry', documentId: c.documentId, reminderDay: c.reminderDay });
          return true;
        });
        if (sent) told += 1;
      }
      return told;
    },

    /** Tells each organisation's admins the week's digest, once per week; returns how many organisations were told. */
    async sweepDigests(now: Date = clock.now()): Promise<number> {
      const candidates = await repo.digestCandidates(db, now, DIGEST_WINDOW_DAYS, SWEEP_LIMIT);
      let told = 0;
      for (const c of candidates) {
        const sent = await db.transaction(async (tx) => {
          if (!(await repo.claimDigest(tx, c.organisationId, c.weekOf))) return false;
          await notifier.notify(tx, { kind: 'compliance_digest', organisationId: c.organisationId, expiring: c.expiring, expired: c.expired });
          return true;
        });
        if (sent) told += 1;
      }
      return told;
    },

    /** One run of both. */
    async sweep(now: Date = clock.now()): Promise<{ reminders: number; digests: number }> {
      const reminders = await this.sweepExpiries(now);
      const digests = await this.sweepDigests(now);
      return { reminders, digests };
    },
  };
}
export type ComplianceReminders = ReturnType<typeof createComplianceReminders>;

/**
 * Runs the sweep every intervalMs. The timer does not keep the process alive, and a sweep never
 * overlaps the previous one.
 */
export function startComplianceSweep(deps: { reminders: ComplianceReminders; intervalMs: number; log: FastifyBaseLogger }): Periodic {
  return startPeriodic({
    name: 'compliance sweep',
    intervalMs: deps.intervalMs,
    log: deps.log,
    run: async () => {
      const { reminders, digests } = await deps.reminders.sweep();
      if (reminders + digests > 0) deps.log.info({ reminders, digests }, 'compliance reminders swept');
    },
  });
}

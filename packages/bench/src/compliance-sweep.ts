import { sql } from 'drizzle-orm';
import type { Db } from '@palisade/server/db/client';
import { complianceCurrent } from '@palisade/server/db/schema';
import { systemClock } from '@palisade/server/lib/clock';
import { createComplianceReminders } from '@palisade/server/modules/compliance/compliance-reminders';
import { createNotificationsService } from '@palisade/server/modules/notifications/notifications.service';
import { createProcessBus } from '@palisade/server/realtime/bus';
import type { Measurement } from './measure';
import { percentile } from './percentile';

/** Issue 57: a run of the reminder sweep over the data set's documents takes at most this (once the day's reminders are told). */
export const SWEEP_MAX_MS = 100;
/** Runs timed after the day's reminders are told. */
const STEADY_RUNS = 100;

export interface ComplianceSweepResult {
  /** Current documents (one per requirement and contractor) the sweep looks over. */
  documents: number;
  /** The day's reminders told by the first runs, and how long those runs took in all. */
  told: number;
  firstRunsMs: number;
  /** A run once the day's are told (every instance's run every minute of the day). */
  steadyP50Ms: number;
  steadyP99Ms: number;
  /** The digest's run once the week's is told. */
  digestP99Ms: number;
}

/**
 * Times the compliance sweep in this process on the bench's database, as an instance of the
 * server runs it (its own notifications service, the system clock): first the runs that tell
 * today's reminders (each a transaction with a notification and a mail), then STEADY_RUNS runs
 * that find nothing left to tell, which is what every instance does every minute.
 */
export async function benchComplianceSweep(db: Db): Promise<ComplianceSweepResult> {
  const bus = createProcessBus();
  try {
    const notifier = createNotificationsService({ db, publicUrl: 'http://localhost:3000', bus, clock: systemClock });
    const reminders = createComplianceReminders({ db, clock: systemClock, notifier });
    const [count] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(complianceCurrent);
    let told = 0;
    const firstStarted = performance.now();
    for (;;) {
      const n = await reminders.sweepExpiries();
      told += n;
      if (n === 0) break;
    }
    await reminders.sweepDigests();
    const firstRunsMs = performance.now() - firstStarted;
    const steady: number[] = [];
    for (let i = 0; i < STEADY_RUNS; i += 1) {
      const started = performance.now();
      await reminders.sweepExpiries();
      steady.push(performance.now() - started);
    }
    const digests: number[] = [];
    for (let i = 0; i < STEADY_RUNS; i += 1) {
      const started = performance.now();
      await reminders.sweepDigests();
      digests.push(performance.now() - started);
    }
    steady.sort((a, b) => a - b);
    digests.sort((a, b) => a - b);
    return {
      documents: count?.n ?? 0,
      told,
      firstRunsMs,
      steadyP50Ms: percentile(steady, 50),
      steadyP99Ms: percentile(steady, 99),
      digestP99Ms: percentile(digests, 99),
    };
  } finally {
    await bus.close();
  }
}

export function formatComplianceSweep(r: ComplianceSweepResult): string {
  const met = r.steadyP99Ms <= SWEEP_MAX_MS && r.digestP99Ms <= SWEEP_MAX_MS;
  return [
    `  compliance reminder sweep over ${r.documents} documents: ${r.told} of the day's reminders left to tell (the server's own sweeps tell them as it starts), told in ${r.firstRunsMs.toFixed(0)} ms;`,
    `  then a run: p50 ${r.steadyP50Ms.toFixed(1)} ms, p99 ${r.steadyP99Ms.toFixed(1)} ms; the digest's run p99 ${r.digestP99Ms.toFixed(1)} ms`,
    `  target: a run ≤ ${SWEEP_MAX_MS} ms: ${met ? 'met' : 'NOT met'}`,
  ].join('\n');
}

/** Issue 57: the matrix at 1 000 contractors × 20 requirements, on PostgreSQL. */
export const MATRIX_MAX_P99_MS = 50;
export const MATRIX_MIN_SHARE = 0.1;

/** The matrix rows of a run against issue 57's targets (each row measured: hot and spread, filtered or not). */
export function formatMatrixTargets(results: readonly Measurement[], select1: number): string[] {
  const rows = results.filter((r) => r.name.startsWith('compliance/getMatrix'));
  if (rows.length === 0) return [];
  const lines = [`issue 57's targets for the Compliance matrix (p99 ≤ ${MATRIX_MAX_P99_MS} ms, ≥ ${(MATRIX_MIN_SHARE * 100).toFixed(0)} % of select1):`];
  for (const r of rows) {
    const share = select1 > 0 ? r.reqPerSec / select1 : 0;
    const met = r.p99Ms <= MATRIX_MAX_P99_MS && share >= MATRIX_MIN_SHARE;
    lines.push(`  ${r.name.padEnd(38)} p99 ${r.p99Ms.toFixed(1).padStart(6)} ms  ${(share * 100).toFixed(1).padStart(5)} % of select1  ${met ? 'met' : 'NOT met'}`);
  }
  return lines;
}

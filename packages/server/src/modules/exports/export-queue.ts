import { startNudgedWorker } from '../../lib/periodic';
import type { ExportsService } from './exports.service';

/** How the export queue is worked. */
export interface ExportQueueOptions {
  /** How often due jobs (and expired exports) are looked for, besides the nudges after each request. */
  pollMs: number;
}

export const EXPORT_QUEUE_DEFAULTS: ExportQueueOptions = { pollMs: 10_000 };

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * The worker of the export queue (export_jobs, issue 61), on the mail queue's loop
 * (lib/periodic.ts startNudgedWorker): any number of instances may run one on the same database; a job
 * is claimed with FOR UPDATE SKIP LOCKED and a lease that the builder renews, so a job whose
 * worker died is built again by another once its lease ends. One export is built at a time per
 * instance. Each run also deletes the files of exports whose 7 days are over.
 */
export function startExportQueue(deps: { exports: ExportsService; log: Log; options?: Partial<ExportQueueOptions> }) {
  const opts = { ...EXPORT_QUEUE_DEFAULTS, ...deps.options };
  const { exports, log } = deps;
  // Stopping the server stops the export under way (it is queued again).
  const abort = new AbortController();
  const worker = startNudgedWorker({
    name: 'export queue',
    pollMs: opts.pollMs,
    log,
    onStop: () => {
      abort.abort();
      unlisten();
    },
    async drain(w) {
      await exports.sweepExpired();
      while (!w.stopped && (await exports.hasDue())) {
        if (!(await exports.runOne(log, abort.signal))) break;
      }
    },
  });
  const unlisten = exports.onQueued(() => worker.nudge());
  return { nudge: () => worker.nudge(), idle: () => worker.idle(), stop: () => worker.stop() };
}
export type ExportQueue = ReturnType<typeof startExportQueue>;

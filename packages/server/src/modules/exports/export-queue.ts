import type { ExportsService } from './exports.service';

/** How the export queue is worked. */
export interface ExportQueueOptions {
  /** How often due jobs (and expired exports) are looked for, besides the nudges after each request. */
  pollMs: number;
}

export const EXPORT_QUEUE_DEFAULTS: ExportQueueOptions = { pollMs: 10_000 };

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * The worker of the export queue (export_jobs, issue 61), built like the mail queue's
 * (notifications/mail-queue.ts): any number of instances may run one on the same database; a job
 * is claimed with FOR UPDATE SKIP LOCKED and a lease that the builder renews, so a job whose
 * worker died is built again by another once its lease ends. One export is built at a time per
 * instance. Each run also deletes the files of exports whose 7 days are over.
 */
export function startExportQueue(deps: { exports: ExportsService; log: Log; options?: Partial<ExportQueueOptions> }) {
  const opts = { ...EXPORT_QUEUE_DEFAULTS, ...deps.options };
  const { exports, log } = deps;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  // Stopping the server stops the export under way (it is queued again).
  const abort = new AbortController();

  async function drain(): Promise<void> {
    do {
      again = false;
      await exports.sweepExpired();
      while (!stopped && (await exports.hasDue())) {
        if (!(await exports.runOne(log, abort.signal))) break;
      }
    } while (again && !stopped);
  }

  /** Works the queue now (or once more after the run under way). */
  function nudge(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) => log.warn({ err }, 'export queue run failed'))
      .finally(() => {
        running = null;
      });
  }

  const unlisten = exports.onQueued(nudge);
  const timer = setInterval(nudge, opts.pollMs);
  timer.unref();
  nudge();

  return {
    nudge,
    /** Resolves when the run under way (if any) is over. */
    async idle(): Promise<void> {
      while (running) await running;
    },
    /** Stops claiming; stops the export under way and waits for it to be queued again. */
    async stop(): Promise<void> {
      stopped = true;
      abort.abort();
      unlisten();
      clearInterval(timer);
      if (running) await running;
    },
  };
}
export type ExportQueue = ReturnType<typeof startExportQueue>;

import type { FastifyBaseLogger } from 'fastify';

export interface Periodic {
  /** Stops the timer and waits for a run under way, so that the database can close after. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every intervalMs, the one timer behind every sweep of the server (reminders, chat
 * digests, unattached uploads, compliance documents). The timer does not keep the process alive,
 * a run never overlaps the previous one (a tick while one is under way is skipped), and a failed
 * run is logged as `${name} failed` and tried again at the next tick.
 */
export function startPeriodic(deps: { name: string; intervalMs: number; log: FastifyBaseLogger; run: () => Promise<void> }): Periodic {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = deps
      .run()
      .catch((err: unknown) => deps.log.error({ err }, `${deps.name} failed`))
      .finally(() => {
        running = null;
      });
  }, deps.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      if (running) await running;
    },
  };
}

/** A queue's worker: worked at once when nudged (a job was queued), and every pollMs besides. */
export interface NudgedWorker {
  /** Works the queue now (or once more after the run under way). */
  nudge(): void;
  /** Resolves when the run under way (if any) is over. */
  idle(): Promise<void>;
  /** Stops claiming (no more runs), then waits for the run under way. */
  stop(): Promise<void>;
  /** Whether stop was called: a run checks it between jobs. */
  readonly stopped: boolean;
}

/**
 * The loop behind the queues (mail jobs, export jobs): `drain` works until nothing is due; a nudge
 * during a run asks for one more drain after it (a job queued meanwhile is not left for the next
 * poll); runs never overlap; a failed run is logged as `${name} run failed` (warn) and the queue
 * is worked again at the next nudge or poll. The timer does not keep the process alive.
 */
export function startNudgedWorker(deps: {
  name: string;
  pollMs: number;
  log: { warn(obj: object, msg: string): void };
  drain: (worker: NudgedWorker) => Promise<void>;
  /** Called by stop before it waits for the run under way (an export aborts its build). */
  onStop?: () => void;
}): NudgedWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const worker: NudgedWorker = {
    get stopped() {
      return stopped;
    },
    nudge(): void {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          await deps.drain(worker);
        } while (again && !stopped);
      })()
        .catch((err: unknown) => deps.log.warn({ err }, `${deps.name} run failed`))
        .finally(() => {
          running = null;
        });
    },
    async idle(): Promise<void> {
      while (running) await running;
    },
    async stop(): Promise<void> {
      stopped = true;
      deps.onStop?.();
      clearInterval(timer);
      if (running) await running;
    },
  };
  const timer = setInterval(() => worker.nudge(), deps.pollMs);
  timer.unref();
  worker.nudge();
  return worker;
}

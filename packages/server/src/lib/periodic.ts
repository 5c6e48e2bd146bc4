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

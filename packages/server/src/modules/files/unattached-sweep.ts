import type { FastifyBaseLogger } from 'fastify';
import type { FilesService } from './files.service';

/** How often each instance sweeps unattached uploads by default: a file outlives its 24 hours by at most this. */
export const UNATTACHED_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

export interface Sweeper {
  /** Stops the timer and waits for a sweep under way, so that the database can close after. */
  stop(): Promise<void>;
}

/**
 * Sweeps unattached uploads every intervalMs (#17). Every instance may run one: each sweep is a
 * single DELETE … RETURNING, so instances never remove the same file twice. The timer does not
 * keep the process alive, and a sweep never overlaps the previous one.
 */
export function startUnattachedSweep(deps: { files: FilesService; intervalMs: number; log: FastifyBaseLogger }): Sweeper {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = deps.files
      // At the services' clock (the default of sweepUnattached).
      .sweepUnattached()
      .then(
        (paths) => {
          if (paths.length > 0) deps.log.info({ removed: paths.length }, 'unattached uploads swept');
        },
        (err: unknown) => deps.log.error({ err }, 'sweeping unattached uploads failed'),
      )
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

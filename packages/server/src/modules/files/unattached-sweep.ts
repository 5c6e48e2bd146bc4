import type { FastifyBaseLogger } from 'fastify';
import { startPeriodic, type Periodic } from '../../lib/periodic';
import type { FilesService } from './files.service';

/** How often each instance sweeps unattached uploads by default: a file outlives its 24 hours by at most this. */
export const UNATTACHED_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Sweeps unattached uploads every intervalMs (#17). Every instance may run one: each sweep is a
 * single DELETE … RETURNING, so instances never remove the same file twice. The timer does not
 * keep the process alive, and a sweep never overlaps the previous one.
 */
export function startUnattachedSweep(deps: { files: FilesService; intervalMs: number; log: FastifyBaseLogger }): Periodic {
  return startPeriodic({
    name: 'sweeping unattached uploads',
    intervalMs: deps.intervalMs,
    log: deps.log,
    run: async () => {
      // At the services' clock (the default of sweepUnattached).
      const paths = await deps.files.sweepUnattached();
      if (paths.length > 0) deps.log.info({ removed: paths.length }, 'unattached uploads swept');
    },
  });
}

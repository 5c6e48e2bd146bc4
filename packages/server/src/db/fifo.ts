import { AppError } from '@palisade/domain/errors';

/** Database work waiting longer than this for its turn gets 503 (DB_QUEUE_TIMEOUT_MS). */
export const DEFAULT_DB_QUEUE_TIMEOUT_MS = 10_000;
/** More waiting than this and new work gets 503 at once. */
export const DB_QUEUE_MAX_WAITING = 5_000;
/** Retry-After of a 503 for a full or slow queue, in seconds. */
export const DB_BUSY_RETRY_AFTER_S = 2;

export function databaseBusy(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', undefined, { retryAfterSeconds: DB_BUSY_RETRY_AFTER_S });
}

export interface Fifo {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** How many wait for their turn now. */
  waiting(): number;
  /** How many have their turn now (0 or 1). */
  active(): number;
}

/**
 * One piece of work at a time, in arrival order (#17, the embedded database under load). Between
 * two pieces the event loop gets a turn (setImmediate), so that requests which need no database
 * (health, static files) and new arrivals are served while the database is busy; work that cannot
 * start within `timeoutMs` is refused with 503 and Retry-After at its deadline, never a silent wait.
 */
export function createFifo(timeoutMs: number, maxWaiting = DB_QUEUE_MAX_WAITING): Fifo {
  let tail: Promise<void> = Promise.resolve();
  let waiting = 0;
  let active = 0;
  return {
    waiting: () => waiting,
    active: () => active,
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (waiting >= maxWaiting) throw databaseBusy();
      const previous = tail;
      let release!: () => void;
      tail = new Promise<void>((resolve) => (release = resolve));
      waiting += 1;
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), timeoutMs);
      });
      try {
        const turn = await Promise.race([previous.then(() => new Promise<'turn'>((resolve) => setImmediate(() => resolve('turn')))), deadline]);
        if (turn === 'late') {
          // Gives its turn away: the next one starts once the one before this has finished.
          void previous.then(release);
          throw databaseBusy();
        }
      } finally {
        clearTimeout(timer);
        waiting -= 1;
      }
      active += 1;
      try {
        return await work();
      } finally {
        active -= 1;
        release();
      }
    },
  };
}

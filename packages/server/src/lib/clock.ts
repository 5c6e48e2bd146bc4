/**
 * Where the server reads the time: one clock, made once per app and passed to every service
 * (ServiceDeps.clock), so that a test moves it instead of waiting: due dates, reminders, expiries
 * and recurring rounds follow the clock the app was given. SQL's own now() inside a statement
 * (sessions, sign-in failures, the mail queue's leases) is the database's time.
 */
export interface Clock {
  now(): Date;
}

/** The system's time. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until a test sets or moves it. */
export interface ManualClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
}

export function manualClock(start: Date | string = new Date()): ManualClock {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    set: (to) => {
      at = new Date(to).getTime();
    },
    advance: (ms) => {
      at += ms;
    },
  };
}

import { AppError } from '@palisade/domain/errors';
import { SIGN_IN_FREE_FAILURES, SIGN_IN_LOCK_MS, SIGN_IN_MAX_BACKOFF_MS } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';

/**
 * Failed sign-ins are counted twice (issue 64): per account and client address, where enough of
 * them lock that pair out for a while, and per account from every address (this key), where they
 * only make the next try wait longer and longer. So ten wrong passwords from one address lock that
 * address out, not the account's owner signing in from another; rotating addresses still meets
 * the account's growing wait.
 */
export const EVERY_ADDRESS = '*';

/** The failed sign-ins of an account (from one address, or from every one), as stored. */
export interface SignInFailures {
  failures: number;
  lastFailedAt: Date;
  lockedUntil: Date | null;
}

/** The wait before the next try after `failures` failures in a row (0 for the first few). */
export function backoffMs(failures: number): number {
  if (failures <= SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - SIGN_IN_FREE_FAILURES - 1), SIGN_IN_MAX_BACKOFF_MS);
}

/**
 * Refuses a sign-in to an account that is locked or still in its backoff, before the password is
 * even looked at (429 with the wait in seconds in `data.retryAfterSeconds`).
 */
export function assertMayTrySignIn(state: SignInFailures | undefined, now: Date): void {
  if (!state) return;
  assertNotLocked(state, now);
  if (now.getTime() - state.lastFailedAt.getTime() >= SIGN_IN_LOCK_MS) return;
  const waitUntil = state.lastFailedAt.getTime() + backoffMs(state.failures);
  if (waitUntil > now.getTime()) {
    const seconds = Math.ceil((waitUntil - now.getTime()) / 1000);
    throw new AppError('TOO_MANY_REQUESTS', messages.auth.signInWait(seconds), { retryAfterSeconds: seconds });
  }
}

/** Refuses (429, the lock's end in `data.retryAfterSeconds`) while the count is locked. */
export function assertNotLocked(state: SignInFailures | undefined, now: Date): void {
  if (!state?.lockedUntil || state.lockedUntil <= now) return;
  const ms = state.lockedUntil.getTime() - now.getTime();
  throw new AppError('TOO_MANY_REQUESTS', messages.auth.accountLocked(Math.ceil(ms / 60_000)), {
    retryAfterSeconds: Math.ceil(ms / 1000),
  });
}

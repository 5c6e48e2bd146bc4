import crypto from 'node:crypto';
import os from 'node:os';
import { hash, verify, type Options } from '@node-rs/argon2';
import pLimit from 'p-limit';

/**
 * Hashes computed at once: at most one a core (and never more than libuv's four pool threads).
 * Each takes argon2id's 19 MiB while it runs, so a burst of sign-ins held 4 × 19 MiB at once on
 * a two-core machine, where only two can make progress anyway (issue 21: the server's RSS after
 * the bench's sign-in burst was ~76 MB above what it kept five seconds later). The others wait
 * their turn here, in order.
 */
const PASSWORD_HASH_CONCURRENCY = Math.max(1, Math.min(4, os.availableParallelism()));
const inTurn = pLimit(PASSWORD_HASH_CONCURRENCY);

/**
 * The cost of the hashes this process makes: argon2id with the library's defaults (OWASP's
 * recommended minimum: 19 MiB, two passes) unless the tests lower it.
 */
let cost: Options | undefined;

/**
 * Tests only (their setup file and the suite's template database): hashes made from now on in this
 * process cost 64 KiB and one pass instead of 19 MiB and two, so a sign-in in a test is not a
 * production-strength argon2 check on a busy machine. verifyPassword reads the cost from the hash
 * itself, so the seeded demo hash is checked at the cost it was made with.
 */
export function useTestPasswordCost(): void {
  cost = { memoryCost: 64, timeCost: 1, parallelism: 1 };
}

/** argon2id at this process's cost (see useTestPasswordCost). */
export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, cost));
}

/** Password checks this process has made (each an argon2 verification): equal work is countable. */
let checks = 0;
export function passwordChecksMade(): number {
  return checks;
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  checks += 1;
  try {
    return await inTurn(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** A hash of a random secret nobody knows, made once, at this process's cost (as real ones are). */
let noPassword: Promise<string> | null = null;

/**
 * The work of a password check where there is no password to check (an unknown e-mail), so that
 * such a sign-in takes as long as a wrong password does (issue 64: 61 ms against 219 ms before).
 */
export async function checkAgainstNoPassword(password: string): Promise<void> {
  noPassword ??= hashPassword(crypto.randomBytes(32).toString('base64url'));
  await verifyPassword(await noPassword, password);
}

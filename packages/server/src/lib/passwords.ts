import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
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

/** argon2id with the library's defaults (OWASP's recommended minimum). */
export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await inTurn(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

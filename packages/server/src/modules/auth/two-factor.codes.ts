import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  formatRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_LENGTH,
} from '@palisade/domain/auth/two-factor.rules';
import {
  PRODUCT_NAME,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_CHALLENGE_TTL_MS,
} from '@palisade/domain/constants';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { hashToken, newToken } from '../../lib/ids';
import type { UserRow } from './auth.repository';
import type { SessionClient } from './auth.service';
import { twoFactorRepository } from './two-factor.repository';

/*
 * The codes of the second factor (issue 59): the app's codes (RFC 6238), the recovery codes, and
 * the step between a right password and its code. The service (two-factor.service.ts) holds the
 * journeys that use them.
 */

/** The authenticator app's generator of a secret (RFC 6238 as every app reads it). */
export function totpOf(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * The time step of a code that is right at `now`: the current step or the previous one only (a
 * code typed just as it changed), never a later one nor an older one; null when it is neither.
 */
export function acceptedStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null || delta > 0) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now.getTime() }) + delta;
}

/**
 * The stored form of a recovery code: SHA-256 of the user's id and the code. Not the password
 * hash (argon2): its cost is there to slow the guessing of chosen passwords, and a recovery code is
 * 80 random bits that no one can guess from its hash; a plain hash also finds the code by an index,
 * where a salted slow hash would cost ten argon2 checks for every code typed.
 */
export function recoveryCodeHash(userId: string, normalisedCode: string): string {
  return hashToken(`${userId}:${normalisedCode}`);
}

/** Ten new recovery codes, as shown (XXXX-XXXX-XXXX-XXXX). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    formatRecoveryCode(
      Array.from(
        { length: RECOVERY_CODE_LENGTH },
        () => RECOVERY_CODE_ALPHABET[crypto.randomInt(RECOVERY_CODE_ALPHABET.length)],
      ).join(''),
    ),
  );
}

/**
 * What a right password still needs before a session (auth.service.ts signIn): 'verify' a code of
 * the user's app, 'enrol' one first (an organisation it belongs to requires it), or nothing.
 */
export async function secondFactorStep(
  db: DbOrTx,
  user: UserRow,
): Promise<'verify' | 'enrol' | null> {
  if (await twoFactorRepository.isOn(db, user.id)) return 'verify';
  if (await twoFactorRepository.requiredFor(db, user)) return 'enrol';
  return null;
}

/** Opens the step between a right password and its code; the token the client sends back. */
export async function openChallenge(
  db: DbOrTx,
  clock: Clock,
  input: { userId: string; purpose: 'verify' | 'enrol'; remember: boolean; client: SessionClient },
): Promise<string> {
  const token = newToken();
  await twoFactorRepository.createChallenge(db, {
    id: hashToken(token),
    userId: input.userId,
    purpose: input.purpose,
    remember: input.remember,
    address: input.client.address,
    userAgent: input.client.userAgent,
    expiresAt: new Date(clock.now().getTime() + TWO_FACTOR_CHALLENGE_TTL_MS),
  });
  return token;
}

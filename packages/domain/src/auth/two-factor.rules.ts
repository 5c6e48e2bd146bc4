/** The letters of a recovery code: RFC 4648 base32 (no 0, 1, 8 or 9 to mistake for a letter). */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** A recovery code's letters (16 × 5 bits = 80 bits of chance), shown in groups of four. */
export const RECOVERY_CODE_LENGTH = 16;

/** A code as typed, without spaces and dashes, upper-case. */
export function normaliseCode(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/** Six digits: a code of the authenticator app (spaces allowed, as apps show "123 456"). */
export function isTotpCode(text: string): boolean {
  return /^\d{6}$/.test(normaliseCode(text));
}

/** A recovery code as typed (dashes, spaces and case do not matter). */
export function isRecoveryCode(text: string): boolean {
  return new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`).test(
    normaliseCode(text),
  );
}

/** A recovery code as shown: XXXX-XXXX-XXXX-XXXX. */
export function formatRecoveryCode(code: string): string {
  return (normaliseCode(code).match(/.{1,4}/g) ?? []).join('-');
}

/** A base32 secret as shown for typing by hand: groups of four. */
export function formatSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

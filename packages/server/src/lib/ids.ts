import crypto from 'node:crypto';

/** A new random id for any row. */
export function newId(): string {
  return crypto.randomUUID();
}

/** A URL-safe random token of 32 bytes (sessions, reset codes). */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, hex: what the database keeps instead of the token. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

import { AppError } from '@palisade/domain/errors';

/** True when the error is a unique-index violation, on PostgreSQL or PGlite (also when wrapped). */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when the error says the database could not be had in time (DB_QUEUE_TIMEOUT_MS): the PGlite
 * FIFO's 503 (fifo.ts), or node-postgres finding no pooled connection; also when wrapped, as
 * drizzle wraps whatever a query throws (DrizzleQueryError, the original as its cause).
 */
export function isDatabaseBusy(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth += 1) {
    if (e instanceof AppError) return e.errorCode === 'SERVICE_UNAVAILABLE';
    if (e instanceof Error && !('code' in e && e.code) && /^timeout exceeded when trying to connect/.test(e.message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

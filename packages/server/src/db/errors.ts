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
 * What node-postgres says when no connection could be had within connectionTimeoutMillis: no pooled
 * one came free ("timeout exceeded when trying to connect"), or a new one was not set up in time
 * ("Connection terminated due to connection timeout": the server accepted but did not answer).
 */
const NO_CONNECTION_IN_TIME = /^(timeout exceeded when trying to connect|Connection terminated due to connection timeout)/;

/**
 * True when the error says the database could not be had in time (DB_QUEUE_TIMEOUT_MS): the PGlite
 * FIFO's 503 (fifo.ts), or node-postgres getting no connection in time; also when wrapped, as
 * drizzle wraps whatever a query throws (DrizzleQueryError, the original as its cause).
 */
export function isDatabaseBusy(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth += 1) {
    if (e instanceof AppError) return e.errorCode === 'SERVICE_UNAVAILABLE';
    if (e instanceof Error && !('code' in e && e.code) && NO_CONNECTION_IN_TIME.test(e.message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Error codes that say the database server could not be reached (not that a statement failed). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', '57P03']);

/**
 * True when the error says the database server is not there (refused, unknown host, starting up,
 * no connection within the timeout), also when wrapped: the server starts anyway and /api/ready
 * answers 503 until it is back.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnreachable(inner))) return true;
    if (e instanceof Error && /^(timeout exceeded when trying to connect|Connection terminated)/.test(e.message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

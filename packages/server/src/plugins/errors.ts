import { STATUS_CODES } from 'node:http';
import { finished, type Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, DEFAULT_ERROR_MESSAGE, type ErrorCode } from '@palisade/domain/errors';
import { MAX_UPLOAD_BYTES } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import { translateText, withLanguage } from '@palisade/domain/i18n/catalogue';
import { requestLanguage } from './language';
import { isDatabaseBusy } from '../db/errors';
import { databaseBusy } from '../db/fifo';
import { formLimitError } from '../lib/upload-form';

/** Fastify's own error codes that are the client's fault, mapped to ours. */
const FASTIFY_CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'BAD_REQUEST',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'BAD_REQUEST',
};

/**
 * What busboy (under @fastify/multipart) throws for a form it cannot read: no boundary, cut short,
 * malformed part headers. The client's fault: 400, not 500.
 */
const MALFORMED_MULTIPART = /^(Multipart: Boundary not found|Unexpected end of (form|multipart data)|Malformed (part header|urlencoded form)|Part terminated early)/;

/**
 * One error handler: every failure leaves as the envelope {code, message, data}, with the HTTP
 * status equal to code. 5xx texts and stacks never leave the server.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    let status: number;
    let message: string;
    let data: unknown = null;
    const formLimit = formLimitError(error);
    if (error instanceof AppError) {
      status = error.status;
      message = error.message;
      data = error.data;
    } else if (formLimit) {
      // More files, fields or parts than the form takes: the one rule of every upload (issue 64).
      status = formLimit.status;
      message = formLimit.message;
    } else if (error.code && FASTIFY_CLIENT_ERRORS[error.code]) {
      const code = FASTIFY_CLIENT_ERRORS[error.code] ?? 'BAD_REQUEST';
      status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      message = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? messages.http.bodyTooLarge : code === 'BAD_REQUEST' ? error.message : DEFAULT_ERROR_MESSAGE[code];
    } else if (!error.statusCode && isDatabaseBusy(error)) {
      // No database within DB_QUEUE_TIMEOUT_MS (the PGlite FIFO, the node-postgres pool), as
      // drizzle reports it: wrapped in its DrizzleQueryError.
      const busy = databaseBusy();
      status = busy.status;
      message = busy.message;
      data = busy.data;
    } else if (!error.statusCode && MALFORMED_MULTIPART.test(error.message)) {
      status = 400;
      message = messages.http.malformedUpload;
    } else if (error.statusCode === 429) {
      status = 429;
      message = DEFAULT_ERROR_MESSAGE.TOO_MANY_REQUESTS;
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      message = error.message;
    } else {
      status = 500;
      message = DEFAULT_ERROR_MESSAGE.INTERNAL;
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // The id of the log lines, for the user to quote (the Error dialog shows the data).
      data = { ...(typeof data === 'object' && data !== null ? data : {}), requestId: request.id };
    }
    // A text made before the caller's language was known (a schema's, a default) in that language (issue 60).
    message = withLanguage(requestLanguage(request), () => translateText(message));
    const retryAfter = retryAfterSeconds(data);
    if ((status === 429 || status === 503) && retryAfter !== null) void reply.header('retry-after', String(retryAfter));
    // A refusal that comes before the body was read waits for the client to finish sending it.
    if (status < 500) await readRestOfBody(request);
    return reply.status(status).send({ code: status, message, data });
  });
});

/** The most of a refused request's body that is still read (and thrown away) after the reply. */
const MAX_DISCARDED_BYTES = 4 * MAX_UPLOAD_BYTES;

/**
 * A request refused before its body was read (over the size limit, a refused upload) while the
 * client is still sending: the rest of the body is read and thrown away, and only then does the
 * reply go. Replying at once and closing (Fastify's `connection: close` on a body over the limit)
 * resets a socket with unread bytes, and the client, still writing, loses the reply with it
 * (issue 64). A body past MAX_DISCARDED_BYTES ends the connection instead.
 */
function readRestOfBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    raw.unpipe();
    let discarded = 0;
    raw.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > MAX_DISCARDED_BYTES) raw.socket.destroy();
    });
    finished(raw, () => resolve());
    raw.resume();
  });
}

/** `data.retryAfterSeconds` of a 429 that knows how long to wait (the account's sign-in guard). */
function retryAfterSeconds(data: unknown): number | null {
  if (typeof data !== 'object' || data === null || !('retryAfterSeconds' in data)) return null;
  const value = data.retryAfterSeconds;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The envelope as raw HTTP, for what fails before Fastify has a request (header overflow, timeout). */
function rawEnvelope(status: number, message: string): string {
  const body = JSON.stringify({ code: status, message, data: null });
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Fastify's clientErrorHandler: what the HTTP parser refuses (headers too large: 431, a request that
 * took too long: 408, anything else: 400) leaves in the envelope too.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, messages.http.headersTooLarge]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, messages.http.requestTimeout]
        : [400, messages.http.badRequest];
  if (socket.writable) socket.write(rawEnvelope(status, message));
  socket.destroy(err);
}

/**
 * Fastify's frameworkErrors: errors of its router before a route runs (a parameter over the
 * length limit: 414; a malformed URL or content type: 400), in the envelope.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = status === 414 ? messages.http.uriTooLong : DEFAULT_ERROR_MESSAGE.BAD_REQUEST;
  void reply.status(status).header('cache-control', 'no-store').send({ code: status, message, data: null });
}

import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, DEFAULT_ERROR_MESSAGE, type ErrorCode } from '@palisade/domain/errors';

/** Fastify's own error codes that are the client's fault, mapped to ours. */
const FASTIFY_CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'BAD_REQUEST',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'BAD_REQUEST',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'BAD_REQUEST',
  FST_PARTS_LIMIT: 'BAD_REQUEST',
};

/**
 * One error handler: every failure leaves as the envelope {code, message, data}, with the HTTP
 * status equal to code. 5xx texts and stacks never leave the server.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status: number;
    let message: string;
    let data: unknown = null;
    if (error instanceof AppError) {
      status = error.status;
      message = error.message;
      data = error.data;
    } else if (error.code && FASTIFY_CLIENT_ERRORS[error.code]) {
      const code = FASTIFY_CLIENT_ERRORS[error.code] ?? 'BAD_REQUEST';
      status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      message = code === 'BAD_REQUEST' ? error.message : DEFAULT_ERROR_MESSAGE[code];
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
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(status).send({ code: status, message, data });
  });
});

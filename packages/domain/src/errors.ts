import { coreMessages } from './messages-core';

/** Typed error codes, each with its HTTP status in one exhaustive table. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  WRONG_PASSWORD: 401,
  FORBIDDEN: 403,
  ACCOUNT_DISABLED: 403,
  CSRF: 403,
  NOT_FOUND: 404,
  UNKNOWN_USER: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The text shown when an error carries no message of its own. */
export const DEFAULT_ERROR_MESSAGE: Record<ErrorCode, string> = {
  BAD_REQUEST: coreMessages.http.badRequest,
  UNAUTHENTICATED: coreMessages.http.unauthenticated,
  WRONG_PASSWORD: coreMessages.auth.wrongPassword,
  FORBIDDEN: coreMessages.http.forbidden,
  ACCOUNT_DISABLED: coreMessages.auth.accountDisabled,
  CSRF: coreMessages.http.csrf,
  NOT_FOUND: coreMessages.http.notFound,
  UNKNOWN_USER: coreMessages.auth.unknownUser,
  CONFLICT: coreMessages.http.conflict,
  PAYLOAD_TOO_LARGE: coreMessages.http.payloadTooLarge,
  UNSUPPORTED_MEDIA_TYPE: coreMessages.http.unsupportedMediaType,
  TOO_MANY_REQUESTS: coreMessages.http.tooManyRequests,
  INTERNAL: coreMessages.http.internal,
  SERVICE_UNAVAILABLE: coreMessages.http.busy,
  INSUFFICIENT_STORAGE: coreMessages.http.insufficientStorage,
};

/** An error that the server turns into the envelope {code, message, data}. */
export class AppError extends Error {
  readonly errorCode: ErrorCode;
  readonly status: number;
  readonly data: unknown;

  constructor(errorCode: ErrorCode, message?: string, data?: unknown) {
    super(message ?? DEFAULT_ERROR_MESSAGE[errorCode]);
    this.name = 'AppError';
    this.errorCode = errorCode;
    this.status = ERROR_STATUS[errorCode];
    this.data = data ?? null;
  }
}

/** The reply envelope of every call; the HTTP status equals code. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

import { coreMessages } from '@palisade/domain/messages-core';
import { currentLanguageOfScreens } from './language';

/** A failed call: the envelope's code and message, or status 0 when the network failed. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(status: number, message: string, data: unknown = null) {
    super(message || coreMessages.common.unknownError);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

export interface ApiCallOptions {
  /** POST unless told; every spec call is a POST with a JSON body unless marked GET. */
  method?: 'GET' | 'POST';
  signal?: AbortSignal;
}

/**
 * Calls whose 401 is an answer, not an expired session: a wrong password at sign-in or as the
 * current password of a change, and "not signed in" from the session probe.
 */
const OWN_401_CALLS = new Set([
  '/api/auth/signIn',
  '/api/auth/me',
  '/api/auth/changePasswordWithEmail',
  // The sign-in's two-factor step (issue 59): a wrong code, or a step that ran out.
  '/api/auth/verifyTwoFactor',
  '/api/auth/twoFactor/enrolStart',
  '/api/auth/twoFactor/enrolConfirm',
]);

let onUnauthenticated: () => void = () => undefined;

/** The app decides what an expired session does (clear the session, go to sign-in). */
export function setUnauthenticatedHandler(handler: () => void): void {
  onUnauthenticated = handler;
}

/** Reports an ended session from outside a call (the realtime channel closed with 4401). */
export function reportUnauthenticated(): void {
  onUnauthenticated();
}

interface EnvelopeShape {
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function readEnvelope(response: Response): Promise<EnvelopeShape | null> {
  try {
    const body: unknown = await response.json();
    return isRecord(body) ? body : null;
  } catch {
    // An HTML error page from a proxy, or an empty body: there is no envelope to read.
    return null;
  }
}

/**
 * One call to the API: sends JSON (or FormData for uploads), reads the envelope {code, message,
 * data} and returns data. Throws ApiError when the status or the envelope's code is 400 or more,
 * or when the network fails.
 */
export async function apiCall<T>(
  path: string,
  body?: unknown,
  options: ApiCallOptions = {},
): Promise<T> {
  const method = options.method ?? 'POST';
  // The screens' language: the server's texts before sign-in (a signed-in user's own is kept there).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguageOfScreens() };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    payload = body;
  } else if (body !== undefined && method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, coreMessages.common.unknownError);
  }

  return settleReply<T>(path, response.status, await readEnvelope(response));
}

/**
 * Reads a finished call's reply: its HTTP status and its body as JSON, or null when it has none
 * (an HTML error page from a proxy, an empty body). Shared by `apiCall` and the uploads
 * (lib/uploads.ts), so that both report errors, and an ended session, alike.
 */
export function settleReply<T>(path: string, httpStatus: number, body: unknown): T {
  const envelope: EnvelopeShape | null = isRecord(body) ? body : null;
  const ok = httpStatus >= 200 && httpStatus < 300;
  const code = typeof envelope?.code === 'number' ? envelope.code : httpStatus;
  const status = Math.max(code, ok ? 0 : httpStatus);
  if (status >= 400) {
    const message = typeof envelope?.message === 'string' ? envelope.message : '';
    if (status === 401 && !OWN_401_CALLS.has(path)) onUnauthenticated();
    throw new ApiError(status, message, envelope?.data ?? null);
  }
  if (!envelope) throw new ApiError(httpStatus, coreMessages.common.unknownError);
  return envelope.data as T;
}

/** The text to show for any thrown value. */
export function errorMessage(error: unknown): string {
  // A server failure (5xx) names the request id of its log lines: the user can quote it.
  if (error instanceof ApiError && error.status >= 500 && typeof error.data === 'object' && error.data !== null && 'requestId' in error.data) {
    const { requestId } = error.data;
    if (typeof requestId === 'string') return coreMessages.common.withReference(error.message, requestId);
  }
  if (error instanceof Error && error.message) return error.message;
  return coreMessages.common.unknownError;
}

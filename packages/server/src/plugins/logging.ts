import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Query parameters whose values never reach a log: reset and invitation codes, tokens, keys. */
const SECRET_PARAM = /code|token|password|secret|key|signature|session|credential|auth/i;

/** The URL with the values of secret-looking query parameters replaced (reset links carry the code). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // A malformed name is judged as it is.
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    });
  return `${url.slice(0, q + 1)}${params.join('&')}`;
}

/**
 * Paths pino blanks in every log line: credentials in headers (should a request or reply be logged
 * whole) and secret fields of anything logged beside a message.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'password',
  'newPassword',
  'oldPassword',
  'oobCode',
  'token',
  'link',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.oobCode',
  '*.token',
  '*.link',
  '*.cookie',
  '*.authorization',
];

/** A request as its log lines show it: no headers, secret query values blanked. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The id of the request being served, for log lines written through the app's own logger while
 * serving it (a service's mail log, say): request.log names it already, app.log does not.
 */
const currentRequest = new AsyncLocalStorage<string>();

/** Makes the request's id current for whatever runs on its behalf (first hook of the app). */
export function trackRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    currentRequest.enterWith(request.id);
    done();
  });
}

/**
 * Fastify's logger and request-id options: every line of a request carries its id (reqId, random
 * so that ids of several instances do not collide), secrets are blanked; a stream replaces stdout
 * (tests capture the log).
 */
export function loggingOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'disableRequestLogging'> {
  const genReqId = () => crypto.randomUUID();
  if (config.logLevel === 'silent') return { logger: false, genReqId };
  return {
    genReqId,
    logger: {
      level: config.logLevel,
      ...(stream ? { stream } : {}),
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { req: serializeRequest },
      // A line written while a request is served names it, unless its logger does already.
      mixin(_object, _level, logger) {
        const reqId = currentRequest.getStore();
        if (reqId === undefined || 'reqId' in logger.bindings()) return {};
        return { reqId };
      },
    },
  };
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '@palisade/domain/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Browser features the portal never uses, switched off for it and anything it embeds (the YouTube
 * player keeps fullscreen and picture-in-picture for itself).
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()';

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      frameSrc: ["'self'", 'https://www.youtube.com'],
      mediaSrc: ["'self'", 'blob:'],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** On plain http: the same, without HSTS. */
const HELMET_OPTIONS_HTTP: HelmetOptions = {
  contentSecurityPolicy: HELMET_OPTIONS.contentSecurityPolicy,
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
};

/** The headers helmet sets with these options (it sets the same ones on every response). */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {
      // X-Powered-By: Fastify never sets it.
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers, opt-in rate limits, and CSRF defence for the cookie session: besides the
 * SameSite=Lax cookie, a state-changing /api request that a browser marks as coming from another
 * site (Sec-Fetch-Site, else Origin) is refused.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { publicUrl: string }) => {
  // The security headers are the same for every reply: worked out once by helmet at start-up and
  // set as they are. (@fastify/helmet builds helmet's middleware again on every request.)
  // HSTS only where the portal is served over https: on http it means nothing, and on a host that
  // later moves to https it is a promise made by accident.
  const https = new URL(opts.publicUrl).protocol === 'https:';
  const helmetOptions: HelmetOptions = https ? HELMET_OPTIONS : HELMET_OPTIONS_HTTP;
  const headers = { ...securityHeaders(helmetOptions), 'permissions-policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // API replies are the user's own data: no cache (browser or shared) keeps them, unless a route
  // says otherwise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // global: false — only the routes that ask for a limit get one (auth calls); static files and
  // the realtime channel are never limited.
  await app.register(rateLimit, { global: false });

  const allowedOrigin = new URL(opts.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new AppError('CSRF');
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      const host = request.headers.host;
      let sameHost = false;
      try {
        sameHost = new URL(origin).host === host;
      } catch {
        sameHost = false;
      }
      if (!sameHost && origin !== allowedOrigin) throw new AppError('CSRF');
    } else if (origin === 'null') {
      throw new AppError('CSRF');
    }
  });
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '@palisade/domain/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers, opt-in rate limits, and CSRF defence for the cookie session: besides the
 * SameSite=Lax cookie, a state-changing /api request that a browser marks as coming from another
 * site (Sec-Fetch-Site, else Origin) is refused.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { publicUrl: string }) => {
  await app.register(helmet, {
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

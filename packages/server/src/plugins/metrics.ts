import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import type { Database } from '../db/client';

/** What the metrics read from the rest of the app at each scrape. */
export interface MetricsSources {
  database: Database;
  /** WebSockets open on this instance. */
  openSockets: () => number;
  /** Mails handed to the mailer and not sent yet. */
  mailsQueued: () => number;
}

/** Whether the Authorization header carries this bearer token (compared in constant time). */
export function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match?.[1]) return false;
  // Hashing first gives both sides one length, as timingSafeEqual needs.
  const given = crypto.createHash('sha256').update(match[1].trim()).digest();
  const expected = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics of this instance (one registry per app, so that tests may run several):
 * request duration per route and status, the process's own (event-loop lag, memory, CPU), the
 * database pool, open WebSockets and mails queued. GET /api/metrics serves them only when
 * METRICS_TOKEN is set and the request's bearer token matches it (401 otherwise).
 */
export function registerMetrics(app: FastifyInstance, opts: { token: string | null; sources: MetricsSources }): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its reply being sent, per route and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const { database, openSockets, mailsQueued } = opts.sources;
  new Gauge({
    name: 'palisade_db_pool_connections',
    help: 'Database connections of this instance: total, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'palisade_websockets_open',
    help: 'Realtime WebSockets open on this instance',
    registers: [registry],
    collect() {
      this.set(openSockets());
    },
  });
  new Gauge({
    name: 'palisade_mails_queued',
    help: 'Mails handed to the mailer and not sent yet',
    registers: [registry],
    collect() {
      this.set(mailsQueued());
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, not the URL: ids would make a series per file. Unmatched: one series.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const token = opts.token;
  if (token === null) return;
  app.get('/api/metrics', async (request, reply) => {
    if (!bearerMatches(request, token)) {
      void reply.header('www-authenticate', 'Bearer');
      throw new AppError('UNAUTHENTICATED', messages.http.metricsToken);
    }
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  });
}

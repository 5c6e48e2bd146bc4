import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { sql } from 'drizzle-orm';
import sjson from 'secure-json-parse';
import { MAX_JSON_BODY_BYTES, MAX_UPLOAD_BYTES, SESSION_LAST_SEEN_INTERVAL_MS } from '@palisade/domain/constants';
import { AppError } from '@palisade/domain/errors';
import { FIRST_PAINT_START } from '@palisade/domain/first-paint';
import type { Config } from './config';
import type { Database } from './db/client';
import { ok } from './lib/envelope';
import { createMailer, type Mailer } from './mail/mailer';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { assessmentsRoutes } from './modules/assessments/assessments.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { twoFactorRoutes } from './modules/auth/two-factor.routes';
import { createSecretBox, loadSecretKey } from './lib/secret-box';
import { chatRoutes } from './modules/chat/chat.routes';
import { dashboardsRoutes } from './modules/dashboards/dashboards.routes';
import { RANKING_SWEEP_INTERVAL_MS, startRankingSweep } from './modules/dashboards/ranking.service';
import { documentsRoutes } from './modules/documents/documents.routes';
import { complianceRoutes } from './modules/compliance/compliance.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { startExportQueue, type ExportQueueOptions } from './modules/exports/export-queue';
import { templatesRoutes } from './modules/templates/templates.routes';
import { trendsRoutes } from './modules/trends/trends.routes';
import { timeZoneRoutes } from './modules/organisations/time-zone.routes';
import { employeesRoutes } from './modules/employees/employees.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { CHAT_CHANNEL } from './modules/chat/chat.repository';
import { MEMBERSHIP_CHANNEL } from './modules/accounts/accounts.repository';
import { filesRoutes } from './modules/files/files.routes';
import { startUnattachedSweep, UNATTACHED_SWEEP_INTERVAL_MS } from './modules/files/unattached-sweep';
import { learningRoutes } from './modules/learning/learning.routes';
import { noticesRoutes } from './modules/notices/notices.routes';
import { startMailQueue, type MailQueue, type MailQueueOptions } from './modules/notifications/mail-queue';
import { NOTIFICATION_SWEEP_INTERVAL_MS, startNotificationSweep } from './modules/notifications/notification-sweep';
import { COMPLIANCE_SWEEP_INTERVAL_MS, startComplianceSweep } from './modules/compliance/compliance-reminders';
import { ROUND_SWEEP_INTERVAL_MS, startRoundSweep } from './modules/recurrence/round-sweep';
import { recurrenceRoutes } from './modules/recurrence/recurrence.routes';
import { NOTIFICATION_CHANNEL } from './modules/notifications/notifications.repository';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationPush } from './realtime/notification-push';
import { observationsRoutes } from './modules/observations/observations.routes';
import { responsesRoutes } from './modules/responses/responses.routes';
import { reviewRoutes } from './modules/responses/review.routes';
import { usersRoutes } from './modules/users/users.routes';
import { authContextPlugin } from './plugins/auth-context';
import { languagePlugin } from './plugins/language';
import { addVary, compressionPlugin, plainEncoding } from './plugins/compression';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors';
import { routeContractPlugin } from './plugins/route-contract';
import { systemClock, type Clock } from './lib/clock';
import { securityPlugin } from './plugins/security';
import { createDatabaseBus, createProcessBus, type ChatBus } from './realtime/bus';
import { createHub } from './realtime/hub';
import { realtimeRoutes } from './realtime/realtime.routes';
import { createServices, type Services } from './services';
import { openApiRoutes } from './openapi/openapi.routes';
import { AUTH_CHANNEL, freshnessOf } from './db/freshness';
import { createPgListener } from './db/pg-listener';
import type { FileStore } from './storage/file-store';
import { createFileStore } from './storage/create-file-store';
import { healthRoutes } from './plugins/health';
import { loggingOptions, trackRequestIds } from './plugins/logging';
import { registerMetrics } from './plugins/metrics';
import { createDocumentEncoder, firstVisitPages } from './plugins/web-index';


/** What lets a cache ask whether its copy is still right (kept on files that can change). */
const VALIDATORS = new Set(['etag', 'last-modified']);
/** Headers of a document that a hashed asset does without (see the /assets/ hook below). */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
  'strict-transport-security',
  'etag',
  'last-modified',
  'accept-ranges',
  'x-request-id',
];
/** WebSocket close code 1001: the server is going away (shutdown); clients reconnect. */
export const WS_GOING_AWAY = 1001;
/** How long sockets have to answer the close at shutdown before they are cut. */
const WS_CLOSE_GRACE_MS = 2000;

/** The mailer, counting the mails handed to it and not sent yet (the metrics). */
function countingMailer(mailer: Mailer): Mailer & { queued(): number } {
  let queued = 0;
  return {
    async send(mail) {
      queued += 1;
      try {
        await mailer.send(mail);
      } finally {
        queued -= 1;
      }
    },
    queued: () => queued,
  };
}

/** The version the API reference names. */
const API_VERSION = '1.0.0';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Replaces the configured mailer (tests). */
  mailer?: Mailer;
  store?: FileStore;
  /** The time the services read (tests pass a manualClock and move it). */
  clock?: Clock;
  /** Checks each 200 reply against its route's reply schema (tests: a schema that says otherwise fails). */
  checkReplies?: boolean;
  /** Adds the two benchmark baselines (a bare route and SELECT 1). */
  benchRoutes?: boolean;
  /** How often the realtime channel pings and re-checks sessions (tests); 30 s by default. */
  realtimeHeartbeatMs?: number;
  /** How often unattached uploads are swept (tests); UNATTACHED_SWEEP_INTERVAL_MS by default. */
  unattachedSweepMs?: number;
  /** Told of every route as it is registered (the fuzz test lists the routes from the server). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** The mail queue's timings (tests), or false to run no worker in this instance. */
  mailQueue?: Partial<MailQueueOptions> | false;
  /** The export queue's timings (tests), or false to run no export worker in this instance (issue 61). */
  exportQueue?: Partial<ExportQueueOptions> | false;
  /**
   * How often due-date reminders, unread chats and compliance expiries are swept (tests);
   * NOTIFICATION_SWEEP_INTERVAL_MS and COMPLIANCE_SWEEP_INTERVAL_MS by default.
   */
  notificationSweepMs?: number;
  /**
   * How often the rankings that changed are rebuilt (RANKING_SWEEP_INTERVAL_MS by default), or
   * false to run no sweep in this instance (tests call services.rankings.rebuildDue themselves).
   */
  rankingSweepMs?: number | false;
  /** Where log lines go instead of stdout (tests read the log). */
  logStream?: NodeJS.WritableStream;
}

export interface App {
  app: FastifyInstance;
  services: Services;
  /** This instance's worker of the mail queue (null when built without one). */
  mailQueue: MailQueue | null;
}

/** Config's trust setting as Fastify takes it (a hop count trusts the first n hops from the socket). */
function trustProxyOption(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** Registers plugins, then modules; used by main and by the tests. */
export async function buildApp(opts: BuildOptions): Promise<App> {
  const { config, database } = opts;
  const app = Fastify({
    ...loggingOptions(config, opts.logStream),
    // Forwarded headers only from the proxies the operator names (TRUST_PROXY); anyone can send them.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: MAX_JSON_BODY_BYTES,
    // Links stored before files were linked by id alone carry the file name as a parameter.
    routerOptions: { maxParamLength: 1024 },
    // What fails before a route runs leaves in the envelope as well (errors.ts).
    clientErrorHandler,
    frameworkErrors,
  });
  trackRequestIds(app);
  if (opts.onRoute) {
    const tell = opts.onRoute;
    app.addHook('onRoute', (route) => tell({ method: route.method, url: route.url }));
  }
  const db = database.db;
  const mailer = countingMailer(
    opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log }),
  );
  // A store made here is closed here; one handed in belongs to the caller.
  const store = opts.store ?? createFileStore(config);
  if (!opts.store) app.addHook('onClose', () => store.close());
  // On PostgreSQL one LISTEN connection hears the other instances: new chat messages, and changes
  // to sessions, users and organisations (freshness.ts). On PGlite this process is alone.
  const listener =
    database.url !== null ? await createPgListener({ connectionString: database.url, channels: [CHAT_CHANNEL, AUTH_CHANNEL, NOTIFICATION_CHANNEL, MEMBERSHIP_CHANNEL], log: app.log, connectTimeoutMs: config.dbQueueTimeoutMs }) : null;
  if (listener) app.addHook('onClose', () => listener.close());
  const freshness = freshnessOf(database, listener);
  const bus: ChatBus = listener ? createDatabaseBus(listener, CHAT_CHANNEL) : createProcessBus();
  app.addHook('onClose', () => bus.close());
  // The same kind of bus tells every instance whose notifications changed (payload: a user id).
  const notificationBus: ChatBus = listener ? createDatabaseBus(listener, NOTIFICATION_CHANNEL) : createProcessBus();
  app.addHook('onClose', () => notificationBus.close());
  // And whose memberships changed (payload: a user id): their open sockets re-read them.
  const membershipBus: ChatBus = listener ? createDatabaseBus(listener, MEMBERSHIP_CHANNEL) : createProcessBus();
  app.addHook('onClose', () => membershipBus.close());
  const services = createServices({
    db,
    mailer,
    store,
    publicUrl: config.publicUrl,
    bus,
    notificationBus,
    membershipBus,
    dataGeneration: freshness.data,
    authGeneration: freshness.auth,
    storageLimits: { quotaBytes: config.storageQuotaBytes, maxUnattached: config.maxUnattachedUploads },
    clock: opts.clock ?? systemClock,
    secretBox: createSecretBox(loadSecretKey(config)),
  });
  await services.notifications.start();
  // Uploads never attached go after a day (#17); stopped before the database closes.
  const sweeper = startUnattachedSweep({ files: services.files, intervalMs: opts.unattachedSweepMs ?? UNATTACHED_SWEEP_INTERVAL_MS, log: app.log });
  app.addHook('onClose', () => sweeper.stop());
  // Mails queued by any instance are sent by whichever claims them first (#22); a change anywhere
  // nudges every worker, and each polls besides.
  const mailQueue = opts.mailQueue === false ? null : startMailQueue({ db, mailer, log: app.log, options: opts.mailQueue ?? {} });
  const stopNudges = notificationBus.onMessage(() => mailQueue?.nudge());
  // Organisations' exports (issue 61): built by whichever instance claims them first.
  const exportQueue = opts.exportQueue === false ? null : startExportQueue({ exports: services.exports, log: app.log, options: opts.exportQueue ?? {} });
  const notificationSweep = startNotificationSweep({
    notifications: services.notifications,
    intervalMs: opts.notificationSweepMs ?? NOTIFICATION_SWEEP_INTERVAL_MS,
    log: app.log,
  });
  // Compliance documents' expiry reminders and weekly digests (issue 57), at the same pace.
  const complianceSweep = startComplianceSweep({
    reminders: services.complianceReminders,
    intervalMs: opts.notificationSweepMs ?? COMPLIANCE_SWEEP_INTERVAL_MS,
    log: app.log,
  });
  // The rounds of recurring assessments open on their dates (issue 58), at the same pace.
  const roundSweep = startRoundSweep({ sweep: services.roundSweep, intervalMs: opts.notificationSweepMs ?? ROUND_SWEEP_INTERVAL_MS, log: app.log });
  // The organisations' rankings, rebuilt after the changes the database counted (issue 63).
  const rankingSweep =
    opts.rankingSweepMs === false ? null : startRankingSweep({ rankings: services.rankings, intervalMs: opts.rankingSweepMs ?? RANKING_SWEEP_INTERVAL_MS, log: app.log });
  app.addHook('onClose', async () => {
    stopNudges();
    await notificationSweep.stop();
    await complianceSweep.stop();
    await roundSweep.stop();
    await rankingSweep?.stop();
    await mailQueue?.stop();
    await exportQueue?.stop();
  });

  // Every reply names its request (the id on the log lines); a reply sent while the server drains
  // (SIGTERM) closes its connection, so that the client's next request goes to another instance.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    if (draining) void reply.header('connection', 'close');
  });
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  registerMetrics(app, {
    token: config.metricsToken,
    sources: { database, openSockets: () => app.websocketServer.clients.size, mailsQueued: () => mailer.queued() },
  });
  // The spec's list calls POST a JSON content type with no body: that reads as {}. Bodies are
  // parsed without prototype poisoning, as Fastify's own parser does.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    try {
      done(null, sjson.parse(text, null, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new AppError('BAD_REQUEST', 'The request body is not valid JSON'), undefined);
    }
  });
  await app.register(cookie);
  await app.register(securityPlugin, { publicUrl: config.publicUrl });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 },
    // A file is a part that names its file. busboy also takes a part of type
    // application/octet-stream without a filename for one, which reached every upload route's file
    // rules with no name (a 500, issue 64): such a part is a field here, so the route answers that
    // the file is missing.
    isPartAFile: (_fieldName, _contentType, fileName) => fileName !== undefined,
  });
  await app.register(authContextPlugin, { db, generation: freshness.auth, onSeen: (session) => services.sessions.seen(session) });
  // The sessions' last-seen times, written together once a minute (issue 59), and at close.
  const lastSeen = setInterval(() => {
    services.sessions.flush().catch((err: unknown) => app.log.warn({ err }, 'writing the sessions\' last-seen times failed'));
  }, SESSION_LAST_SEEN_INTERVAL_MS);
  lastSeen.unref();
  app.addHook('onClose', async () => {
    clearInterval(lastSeen);
    await services.sessions.flush().catch(() => undefined);
  });
  // Each route's schemas and policy: validation, authorization and the OpenAPI document (issue 62).
  await app.register(routeContractPlugin, { checkReplies: opts.checkReplies ?? false });
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // On shutdown every socket is closed with 1001 (going away): clients reconnect, to another
    // instance behind the load balancer. One that does not answer the close is cut after a while.
    preClose(done) {
      const server = this.websocketServer;
      for (const client of server.clients) client.close(WS_GOING_AWAY, 'Server shutting down');
      const cut = setTimeout(() => {
        for (const client of server.clients) client.terminate();
      }, WS_CLOSE_GRACE_MS);
      server.close(() => {
        clearTimeout(cut);
        done();
      });
    },
  });
  await app.register(compressionPlugin);

  const secureCookies = config.publicUrl.startsWith('https://');
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, store });
      await api.register(authRoutes, { services, secureCookies, rateLimit: config.authRateLimit });
      await api.register(twoFactorRoutes, { services, secureCookies, rateLimit: config.authRateLimit });
      await api.register(usersRoutes, { services });
      await api.register(accountsRoutes, { services });
      await api.register(assessmentsRoutes, { services });
      await api.register(responsesRoutes, { services });
      await api.register(reviewRoutes, { services });
      await api.register(dashboardsRoutes, { services });
      await api.register(filesRoutes, { services });
      await api.register(chatRoutes, { services });
      await api.register(documentsRoutes, { services });
      await api.register(feedbackRoutes, { services });
      await api.register(employeesRoutes, { services });
      await api.register(observationsRoutes, { services });
      await api.register(learningRoutes, { services });
      await api.register(noticesRoutes, { services });
      await api.register(notificationsRoutes, { services });
      await api.register(auditRoutes, { services });
      await api.register(complianceRoutes, { services });
      await api.register(ssoRoutes, { sso: services.sso, timeZone: services.timeZone, secureCookies, rateLimit: config.authRateLimit });
      await api.register(exportsRoutes, { services });
      await api.register(templatesRoutes, { services });
      await api.register(recurrenceRoutes, { services });
      await api.register(trendsRoutes, { services });
      await api.register(timeZoneRoutes, { services });
      await api.register(openApiRoutes, { version: API_VERSION });
      await api.register(realtimeRoutes, {
        hub: createHub({
          chat: services.chat,
          bus,
          log: app.log,
          memberships: membershipBus,
          sessionOrganisations: (ids) => services.auth.liveSessionOrganisations(ids),
        }),
        chat: services.chat,
        publicUrl: config.publicUrl,
        heartbeatMs: opts.realtimeHeartbeatMs,
        notifications: createNotificationPush({ bus: notificationBus, unreadOf: services.notifications.unreadOf, log: app.log }),
      });
      if (opts.benchRoutes) {
        // Public, as the benchmark calls them without a session.
        api.get('/bench/bare', { config: { policy: null } }, async () => ok({ ok: true }));
        api.get('/bench/select1', { config: { policy: null } }, async () => {
          await db.execute(sql`select 1`);
          return ok({ ok: true });
        });
        // Where the process's memory is (the bench prints it beside the RSS, issue 63).
        api.get('/bench/memory', { config: { policy: null } }, async () => ok(process.memoryUsage()));
      }
    },
    { prefix: '/api' },
  );

  const webDist = config.webDist;
  const hasWeb = webDist !== null && fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, preCompressed: true });
    // Hashed assets never change; index.html must always be fresh. Only a file that was found is
    // marked for good: a missing asset's 404 must not stick in caches. A script or style file
    // carries only the headers that apply to it: the document policies (CSP, framing, referrer…)
    // mean nothing on a subresource, and on a home's ~100 files they were ~100 kB of every first
    // visit (#25); nor do validators, as an immutable file is never asked for again. The first
    // paint's starter script (first-paint-start.js) is a script too, but under a fixed name: it
    // keeps its validators, to be asked for again.
    app.addHook('onSend', async (request, reply) => {
      if (reply.statusCode !== 200 && reply.statusCode !== 304) return;
      const asset = request.url.startsWith('/assets/');
      if (!asset && request.url.split('?', 1)[0] !== FIRST_PAINT_START) return;
      for (const name of DOCUMENT_ONLY_HEADERS) if (asset || !VALIDATORS.has(name)) reply.removeHeader(name);
      if (asset) void reply.header('cache-control', 'public, max-age=31536000, immutable');
    });
  }
  const firstVisitPage = hasWeb ? firstVisitPages(webDist) : () => null;
  const encodeDocument = createDocumentEncoder();
  app.setNotFoundHandler(async (request, reply) => {
    // A missing asset (an old hash during a rolling deploy) is a 404, not the app page: a browser
    // would run index.html as the script and keep it.
    const missingAsset = request.url.startsWith('/assets/');
    if (request.url.startsWith('/api/') || request.url === '/api' || missingAsset || request.method !== 'GET' || !hasWeb) {
      throw new AppError('NOT_FOUND');
    }
    // Every other path is a route of the single-page app; a deep link into a shell gets the page
    // that preloads its code (plugins/web-index.ts), compressed on the fly like an API reply.
    const viewer = request.auth ? { type: request.auth.user.type, name: request.auth.user.name, language: request.auth.user.language } : null;
    const deepLink = firstVisitPage(request.url, viewer);
    // A signed-in user's home carries its name (the first paint): no shared cache may keep it.
    const cacheControl = viewer ? 'private, no-cache' : 'no-cache';
    if (deepLink !== null) {
      void reply.header('cache-control', cacheControl).type('text/html; charset=utf-8');
      const encoding = plainEncoding(request.headers['accept-encoding']);
      if (encoding === null) return reply.send(deepLink.html);
      addVary(reply);
      return reply.header('content-encoding', encoding).send(encodeDocument(deepLink, encoding));
    }
    // (static's own cache header is turned off here, or it would replace no-cache with max-age=0)
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });

  return { app, services, mailQueue };
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  deleteSsoConfigSchema,
  getSsoConfigSchema,
  saveSsoConfigSchema,
  ssoCallbackQuerySchema,
  ssoDiscoverReplySchema,
  ssoDiscoverSchema,
  ssoSettingsReplySchema,
  ssoStartReplySchema,
  ssoStartSchema,
  testSsoConfigSchema,
  testSsoReplySchema,
} from '@palisade/domain/sso/sso.schema';
import { ssoMessages as m } from '@palisade/domain/sso/sso.messages';
import { SSO_ERROR_PARAM, SSO_LOGIN_TTL_MS } from '@palisade/domain/sso/sso.rules';
import { ok } from '../../lib/envelope';
import { SESSION_COOKIE } from '../../plugins/auth-context';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { TimeZoneService } from '../organisations/time-zone.service';
import type { SsoService } from './sso.service';

/** The cookie that binds a started single sign-on to the browser that started it. */
export const SSO_BINDING_COOKIE = 'palisade_sso';
/** The browser's time zone given at start (issue 60), kept for the callback as the binding is. */
export const SSO_TIME_ZONE_COOKIE = 'palisade_sso_tz';
const P = '/sso';

export interface SsoRoutesOptions {
  sso: SsoService;
  timeZone: TimeZoneService;
  secureCookies: boolean;
  /** Calls allowed per client address per minute (the sign-in calls' limit). */
  rateLimit: number;
}

/**
 * Single sign-on (issue 59): the organisation's settings (its users, type ORGANISATION, for their
 * own organisation; another's is 404), and the sign-in's three public steps: discover (does the
 * e-mail's domain use it), start (the provider's address, a cookie binding it to this browser) and
 * the provider's callback (a redirect to the home, or to the sign-in page with the refusal).
 */
export async function ssoRoutes(fastify: FastifyInstance, opts: SsoRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { sso, timeZone } = opts;
  const limited = { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } };
  const bindingCookie = { path: `/api${P}`, httpOnly: true, sameSite: 'lax' as const, secure: opts.secureCookies };
  const clearBinding = (reply: FastifyReply) => {
    void reply.clearCookie(SSO_BINDING_COOKIE, bindingCookie);
    void reply.clearCookie(SSO_TIME_ZONE_COOKIE, bindingCookie);
  };

  app.post(
    `${P}/getConfig`,
    { schema: { summary: "The organisation's single sign-on settings (never the client secret)", body: getSsoConfigSchema, response: replyOf(ssoSettingsReplySchema) }, config: { policy: 'sso.getConfig' } },
    async (request) => ok(await sso.settings(signedIn(request), request.body.companyId)),
  );

  app.post(
    `${P}/testConfig`,
    {
      schema: {
        summary: 'Test sign-in: checks a provider and client before they are saved',
        description:
          "Discovery, the authorization code flow with PKCE S256, the client id and secret (a token request with a made-up code: invalid_grant means the client was authenticated) and the redirect address (an authorization request the provider does not refuse). Without clientSecret, the stored one.",
        body: testSsoConfigSchema,
        response: replyOf(testSsoReplySchema),
      },
      config: { policy: 'sso.testConfig' },
    },
    async (request) => {
      const result = await sso.test(signedIn(request), request.body);
      return ok(result, result.ok ? m.testPassed : m.testFailed);
    },
  );

  app.post(
    `${P}/saveConfig`,
    {
      schema: {
        summary: 'Set up or change single sign-on (tested first; based on its version)',
        description: 'A failing test is 400 with the checks in data; a domain of another organisation, or an older version, is 409.',
        body: saveSsoConfigSchema,
        response: replyOf(ssoSettingsReplySchema),
      },
      config: { policy: 'sso.saveConfig' },
    },
    async (request) => ok(await sso.save(signedIn(request), request.body), m.saved),
  );

  app.post(
    `${P}/deleteConfig`,
    { schema: { summary: 'Turn single sign-on off (based on its version)', body: deleteSsoConfigSchema, response: replyOf(ssoSettingsReplySchema) }, config: { policy: 'sso.deleteConfig' } },
    async (request) => ok(await sso.remove(signedIn(request), request.body.companyId, request.body.version), m.removed),
  );

  app.post(
    `${P}/discover`,
    {
      schema: { summary: "Whether an e-mail's domain signs in through single sign-on", body: ssoDiscoverSchema, response: replyOf(ssoDiscoverReplySchema) },
      config: { ...limited, policy: null },
    },
    async (request) => ok(await sso.discover(request.body.email)),
  );

  app.post(
    `${P}/start`,
    {
      schema: {
        summary: "Starts a single sign-on at the e-mail's provider",
        description: `Replies with the provider's authorization URL (code flow, PKCE S256, state, nonce) and sets the cookie ${SSO_BINDING_COOKIE} that binds the sign-in to this browser (10 minutes), and ${SSO_TIME_ZONE_COOKIE} with the browser's time zone when given (an organisation without a zone takes its admin's at the callback).`,
        body: ssoStartSchema,
        response: replyOf(ssoStartReplySchema),
      },
      config: { ...limited, policy: null },
    },
    async (request, reply) => {
      const started = await sso.start(request.body.email, request.body.rememberMe);
      void reply.setCookie(SSO_BINDING_COOKIE, started.binding, { ...bindingCookie, maxAge: SSO_LOGIN_TTL_MS / 1000 });
      if (request.body.timeZone !== undefined) void reply.setCookie(SSO_TIME_ZONE_COOKIE, request.body.timeZone, { ...bindingCookie, maxAge: SSO_LOGIN_TTL_MS / 1000 });
      return ok({ authorizationUrl: started.authorizationUrl });
    },
  );

  app.get(
    `${P}/callback`,
    {
      schema: { summary: "The provider's redirect back after sign-in (the redirect address to register)", querystring: ssoCallbackQuerySchema },
      config: {
        ...limited,
        policy: null,
        openapi: {
          redirect: `To / with the session cookie ${SESSION_COOKIE} on success; else to /?${SSO_ERROR_PARAM}=<state|provider|exchange|nonce|unverified|noEmail|domain|unknown|disabled|unavailable>, and nothing is created.`,
        },
      },
    },
    async (request, reply) => {
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const browserZone = request.cookies[SSO_TIME_ZONE_COOKIE];
      const outcome = await sso.callback(request.query, rawQuery, request.cookies[SSO_BINDING_COOKIE], { address: request.ip, userAgent: request.headers['user-agent'] ?? null });
      clearBinding(reply);
      if (!outcome.ok) {
        request.log.info({ ssoFailure: outcome.failure, reason: outcome.reason }, 'single sign-on refused');
        return reply.redirect(`/?${SSO_ERROR_PARAM}=${outcome.failure}`, 302);
      }
      const session = outcome.session;
      void reply.setCookie(SESSION_COOKIE, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secureCookies,
        ...(session.remember ? { expires: session.expiresAt } : {}),
      });
      await timeZone.adoptDefault(session.profile, browserZone);
      return reply.redirect('/', 302);
    },
  );
}


import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  changePasswordSchema,
  confirmPasswordResetSchema,
  forgotPasswordSchema,
  signInSchema,
  signOutOtherSessionsReplySchema,
  verifyResetCodeReplySchema,
  verifyResetCodeSchema,
} from '@palisade/domain/auth/auth.schema';
import { profileSchema, switchOrganisationSchema } from '@palisade/domain/auth/profile.schema';
import { signInReplySchema } from '@palisade/domain/auth/two-factor.schema';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { SESSION_COOKIE } from '../../plugins/auth-context';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';

export interface AuthRoutesOptions {
  services: Services;
  secureCookies: boolean;
  rateLimit: number;
}

export async function authRoutes(fastify: FastifyInstance, opts: AuthRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth, timeZone, users } = opts.services;
  const limited = { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } };

  function clearCookie(reply: FastifyReply): void {
    void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.secureCookies });
  }

  app.post(
    '/auth/signIn',
    {
      schema: {
        body: signInSchema,
        description:
          'Sets the session cookie on success. Rate-limited per client address and per account. A user with two-factor on (or one its organisation requires it of) gets the two-factor step instead, and no session: POST /auth/verifyTwoFactor (or the enrol calls) with its challenge.',
        response: replyOf(signInReplySchema),
      },
      config: { ...limited, policy: null },
    },
    async (request, reply) => {
      const userAgent = request.headers['user-agent'];
      const result = await auth.signIn(request.body, request.ip, typeof userAgent === 'string' ? userAgent : null);
      // Issue 59: the password was right, a code is still needed (two-factor.routes.ts).
      if ('twoFactor' in result) return ok(result.twoFactor, result.twoFactor.enrol ? messages.twoFactor.enrolNeeded : messages.twoFactor.codeNeeded);
      void reply.setCookie(SESSION_COOKIE, result.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secureCookies,
        // Without Remember me the cookie ends with the browser; the server session ends anyway.
        ...(result.remember ? { expires: result.expiresAt } : {}),
      });
      // Issue 60: an organisation without a time zone takes its first admin's browser's.
      await timeZone.adoptDefault(result.profile, request.body.timeZone);
      // Issue 60: the language chosen on the sign-in page becomes the user's.
      return ok(await users.keepSignInLanguage(result.profile, request.body.language));
    },
  );

  app.post('/auth/signOut', { schema: { response: replyOf(z.null()) }, config: { policy: 'auth.signOut' } }, async (request, reply) => {
    await auth.signOut(signedIn(request));
    clearCookie(reply);
    return ok(null, messages.auth.loggedOut);
  });

  app.get('/auth/me', { schema: { response: replyOf(profileSchema) }, config: { policy: 'auth.me' } }, async (request) => ok(await auth.me(signedIn(request))));

  app.post(
    '/auth/forgotPassword',
    { schema: { body: forgotPasswordSchema, response: replyOf(z.null()) }, config: { ...limited, policy: null } },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return ok(null, messages.auth.resetLinkSent);
    },
  );

  app.post(
    '/auth/verifyResetCode',
    { schema: { body: verifyResetCodeSchema, response: replyOf(verifyResetCodeReplySchema) }, config: { ...limited, policy: null } },
    async (request) => ok(await auth.verifyResetCode(request.body.oobCode)),
  );

  app.post(
    '/auth/confirmPasswordReset',
    { schema: { body: confirmPasswordResetSchema, response: replyOf(z.null()) }, config: { ...limited, policy: null } },
    async (request) => {
      const { oobCode, newPassword } = request.body;
      await auth.confirmPasswordReset(oobCode, newPassword);
      return ok(null, messages.auth.passwordChanged);
    },
  );

  app.post(
    '/auth/changePasswordWithEmail',
    { schema: { body: changePasswordSchema, response: replyOf(z.null()) }, config: { ...limited, policy: 'auth.changePassword' } },
    async (request) => {
      await auth.changePassword(signedIn(request), request.body);
      return ok(null, messages.auth.passwordChanged);
    },
  );

  app.post(
    '/auth/signOutOtherSessions',
    { schema: { response: replyOf(signOutOtherSessionsReplySchema) }, config: { policy: 'auth.signOutOtherSessions' } },
    async (request) => {
      const ended = await auth.signOutOtherSessions(signedIn(request));
      return ok({ ended }, messages.auth.otherSessionsSignedOut(ended));
    },
  );

  app.post(
    '/auth/switchOrganisation',
    { schema: { body: switchOrganisationSchema, response: replyOf(profileSchema) }, config: { policy: 'auth.switchOrganisation' } },
    async (request) => ok(await auth.switchOrganisation(signedIn(request), request.body.companyId)),
  );
}

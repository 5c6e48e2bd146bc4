import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { profileSchema } from '@palisade/domain/auth/profile.schema';
import {
  challengeEnrolConfirmSchema,
  challengeEnrolReplySchema,
  challengeEnrolStartSchema,
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  recoveryCodesSchema,
  resetUserTwoFactorSchema,
  revokeSessionSchema,
  securitySettingsSchema,
  sessionListSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  updateSecuritySettingsSchema,
  verifyTwoFactorSchema,
} from '@palisade/domain/auth/two-factor.schema';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { SESSION_COOKIE } from '../../plugins/auth-context';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';
import type { OpenedSession } from './two-factor.service';

const m = messages.twoFactor;

export interface TwoFactorRoutesOptions {
  services: Services;
  secureCookies: boolean;
  rateLimit: number;
}

/** Two-factor codes (TOTP), the organisation's sign-in rules and one's own sessions (issue 59). */
export async function twoFactorRoutes(
  fastify: FastifyInstance,
  opts: TwoFactorRoutesOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { twoFactor, sessions, timeZone } = opts.services;
  const limited = { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } };

  /** The session cookie, as signIn sets it (auth.routes.ts). */
  function setSessionCookie(reply: FastifyReply, session: OpenedSession): void {
    void reply.setCookie(SESSION_COOKIE, session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secureCookies,
      ...(session.remember ? { expires: session.expiresAt } : {}),
    });
  }

  const userAgentOf = (headers: Record<string, string | string[] | undefined>): string | null => {
    const ua = headers['user-agent'];
    return typeof ua === 'string' && ua !== '' ? ua : null;
  };

  // ------------------------------------------------------------------ the sign-in step (no session yet)
  app.post(
    '/auth/verifyTwoFactor',
    {
      schema: {
        body: verifyTwoFactorSchema,
        response: replyOf(profileSchema),
        description:
          "The code of signIn's two-factor step: a 6-digit code of the authenticator app (the current or the previous 30 s, each once) or a recovery code (once). Sets the session cookie. Wrong codes count towards the sign-in limit (429 when it holds).",
      },
      config: { ...limited, policy: null },
    },
    async (request, reply) => {
      const session = await twoFactor.verify(request.body.challenge, request.body.code, {
        address: request.ip,
        userAgent: userAgentOf(request.headers),
      });
      setSessionCookie(reply, session);
      await timeZone.adoptDefault(session.profile, request.body.timeZone);
      return ok(session.profile);
    },
  );

  app.post(
    '/auth/twoFactor/enrolStart',
    {
      schema: {
        body: challengeEnrolStartSchema,
        response: replyOf(twoFactorSetupSchema),
        description:
          "A set-up that the user's organisation requires, during sign-in (signIn's step with enrol: true): a new secret as a QR code and as text.",
      },
      config: { ...limited, policy: null },
    },
    async (request) => ok(await twoFactor.enrolStart(request.body.challenge)),
  );

  app.post(
    '/auth/twoFactor/enrolConfirm',
    {
      schema: {
        body: challengeEnrolConfirmSchema,
        response: replyOf(challengeEnrolReplySchema),
        description:
          'The first code of that set-up: two-factor on, the session cookie set, and the ten recovery codes (shown once).',
      },
      config: { ...limited, policy: null },
    },
    async (request, reply) => {
      const result = await twoFactor.enrolConfirm(request.body.challenge, request.body.code, {
        address: request.ip,
        userAgent: userAgentOf(request.headers),
      });
      setSessionCookie(reply, result.session);
      await timeZone.adoptDefault(result.session.profile, request.body.timeZone);
      return ok(
        { profile: result.session.profile, recoveryCodes: result.recoveryCodes },
        m.turnedOn,
      );
    },
  );

  // ------------------------------------------------------------------ one's own second factor
  app.get(
    '/auth/twoFactor',
    {
      schema: {
        response: replyOf(twoFactorStatusSchema),
        description: "The user's own second factor.",
      },
      config: { policy: 'auth.twoFactorStatus' },
    },
    async (request) => ok(await twoFactor.status(signedIn(request))),
  );

  app.post(
    '/auth/twoFactor/start',
    {
      schema: {
        response: replyOf(twoFactorSetupSchema),
        description:
          'Starts a set-up: a new secret (kept encrypted) as a QR code and as text; 409 when two-factor is on already.',
      },
      config: { policy: 'auth.twoFactorStart' },
    },
    async (request) => ok(await twoFactor.start(signedIn(request))),
  );

  app.post(
    '/auth/twoFactor/confirm',
    {
      schema: {
        body: confirmTwoFactorSchema,
        response: replyOf(recoveryCodesSchema),
        description:
          'The first code of the app turns two-factor on; the ten single-use recovery codes are returned once (kept hashed).',
      },
      config: { ...limited, policy: 'auth.twoFactorConfirm' },
    },
    async (request) =>
      ok(
        { recoveryCodes: await twoFactor.confirm(signedIn(request), request.body.code) },
        m.turnedOn,
      ),
  );

  app.post(
    '/auth/twoFactor/disable',
    {
      schema: {
        body: disableTwoFactorSchema,
        response: replyOf(z.null()),
        description:
          'Turns two-factor off with a current code of the app (or a recovery code); 403 while an organisation of the user requires it.',
      },
      config: { ...limited, policy: 'auth.twoFactorDisable' },
    },
    async (request) => {
      await twoFactor.disable(signedIn(request), request.body.code);
      return ok(null, m.turnedOff);
    },
  );

  // ------------------------------------------------------------------ the organisation's admin
  app.post(
    '/users/resetTwoFactor',
    {
      schema: {
        body: resetUserTwoFactorSchema,
        response: replyOf(z.null()),
        description:
          "Resets the second factor of a user of the admin's organisation (a lost phone): written to the activity log, the user told by mail.",
      },
      config: { policy: 'users.resetTwoFactor' },
    },
    async (request) => {
      const { name } = await twoFactor.resetForUser(signedIn(request), request.body.userId);
      return ok(null, m.resetDone(name));
    },
  );

  app.get(
    '/organisation/getSecuritySettings',
    {
      schema: {
        response: replyOf(securitySettingsSchema),
        description: "The organisation's sign-in rules.",
      },
      config: { policy: 'organisation.getSecuritySettings' },
    },
    async (request) => ok(await twoFactor.securitySettings(signedIn(request))),
  );

  app.post(
    '/organisation/updateSecuritySettings',
    {
      schema: {
        body: updateSecuritySettingsSchema,
        response: replyOf(securitySettingsSchema),
        description:
          "Requires two-factor of the organisation's admins and auditors (they enrol at their next sign-in). Carries the version it was based on: stale is 409.",
      },
      config: { policy: 'organisation.updateSecuritySettings' },
    },
    async (request) =>
      ok(await twoFactor.updateSecuritySettings(signedIn(request), request.body), m.settingsSaved),
  );

  // ------------------------------------------------------------------ one's own sessions
  app.get(
    '/auth/sessions',
    {
      schema: {
        response: replyOf(sessionListSchema),
        description:
          "The user's signed-in sessions: device (from the user agent), address, started, last seen; this one marked.",
      },
      config: { policy: 'auth.listSessions' },
    },
    async (request) => ok(await sessions.list(signedIn(request))),
  );

  app.post(
    '/auth/revokeSession',
    {
      schema: {
        body: revokeSessionSchema,
        response: replyOf(z.null()),
        description: 'Signs out one other session of the user (by its _id of GET /auth/sessions).',
      },
      config: { policy: 'auth.revokeSession' },
    },
    async (request) => {
      await sessions.revoke(signedIn(request), request.body.sessionId);
      return ok(null, m.sessionEnded);
    },
  );
}

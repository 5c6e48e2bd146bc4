import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  changePasswordSchema,
  confirmPasswordResetSchema,
  forgotPasswordSchema,
  signInSchema,
  verifyResetCodeSchema,
} from '@palisade/domain/auth/auth.schema';
import { switchOrganisationSchema } from '@palisade/domain/auth/profile.schema';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { SESSION_COOKIE, authorize } from '../../plugins/auth-context';
import type { Services } from '../../services';

export interface AuthRoutesOptions {
  services: Services;
  secureCookies: boolean;
  rateLimit: number;
}

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions): Promise<void> {
  const { auth } = opts.services;
  const limited = { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } };

  function clearCookie(reply: FastifyReply): void {
    void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.secureCookies });
  }

  app.post('/auth/signIn', { config: limited }, async (request, reply) => {
    const input = validate(signInSchema, request.body);
    const result = await auth.signIn(input, request.ip);
    void reply.setCookie(SESSION_COOKIE, result.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secureCookies,
      // Without Remember me the cookie ends with the browser; the server session ends anyway.
      ...(result.remember ? { expires: result.expiresAt } : {}),
    });
    return ok(result.profile);
  });

  app.post('/auth/signOut', async (request, reply) => {
    const ctx = authorize(request, 'auth.signOut');
    await auth.signOut(ctx);
    clearCookie(reply);
    return ok(null, messages.auth.loggedOut);
  });

  app.get('/auth/me', async (request) => {
    const ctx = authorize(request, 'auth.me');
    return ok(await auth.me(ctx));
  });

  app.post('/auth/forgotPassword', { config: limited }, async (request) => {
    const { email } = validate(forgotPasswordSchema, request.body);
    await auth.forgotPassword(email);
    return ok(null, messages.auth.resetLinkSent);
  });

  app.post('/auth/verifyResetCode', { config: limited }, async (request) => {
    const { oobCode } = validate(verifyResetCodeSchema, request.body);
    return ok(await auth.verifyResetCode(oobCode));
  });

  app.post('/auth/confirmPasswordReset', { config: limited }, async (request) => {
    const { oobCode, newPassword } = validate(confirmPasswordResetSchema, request.body);
    await auth.confirmPasswordReset(oobCode, newPassword);
    return ok(null, messages.auth.passwordChanged);
  });

  app.post('/auth/changePasswordWithEmail', { config: limited }, async (request) => {
    const ctx = authorize(request, 'auth.changePassword');
    const input = validate(changePasswordSchema, request.body);
    await auth.changePassword(ctx, input);
    return ok(null, messages.auth.passwordChanged);
  });

  app.post('/auth/signOutOtherSessions', async (request) => {
    const ctx = authorize(request, 'auth.signOutOtherSessions');
    const ended = await auth.signOutOtherSessions(ctx);
    return ok({ ended }, messages.auth.otherSessionsSignedOut(ended));
  });

  app.post('/auth/switchOrganisation', async (request) => {
    const ctx = authorize(request, 'auth.switchOrganisation');
    const { companyId } = validate(switchOrganisationSchema, request.body);
    return ok(await auth.switchOrganisation(ctx, companyId));
  });
}

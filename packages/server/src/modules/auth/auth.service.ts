import { AppError } from '@palisade/domain/errors';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import {
  DEFAULT_SESSION_MS,
  INVITE_CODE_TTL_MS,
  REMEMBER_ME_SESSION_MS,
  RESET_CODE_TTL_MS,
} from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import { UserType, workingOrganisationId } from '@palisade/domain/user-types';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { hashToken, newToken } from '../../lib/ids';
import { checkAgainstNoPassword, hashPassword, verifyPassword } from '../../lib/passwords';
import type { Mailer } from '../../mail/mailer';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import { ssoMessages } from '@palisade/domain/sso/sso.messages';
import { passwordRefusedBySso } from '../sso/sso-access';
import { authRepository, type OrganisationRef, type UserRow } from './auth.repository';
import { openChallenge, secondFactorStep } from './two-factor.codes';
import { twoFactorRepository } from './two-factor.repository';
import { presentProfile } from './profile.presenter';
import { assertMayTrySignIn, assertNotLocked, EVERY_ADDRESS } from './sign-in-guard';
import { languageOf, withLanguage } from '@palisade/domain/i18n/catalogue';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  clock: Clock;
}

/** The client a session is opened for (issue 59: the Account page lists sessions by device and address). */
export interface SessionClient {
  address: string | null;
  userAgent: string | null;
}

export function createAuthService(deps: AuthDeps) {
  const { db, mailer, publicUrl, clock } = deps;

  /**
   * Claims one sign-in try of the account from `address` (a password, or a two-factor code: issue
   * 59), or refuses with 429 while it is locked or waiting. The try is claimed (counted as a
   * failure) before the check, in one statement, so that tries at the same moment cannot all pass
   * the guard before the first failure is counted: first the account's count from every address
   * (which only ever waits), then this address's (which locks).
   */
  async function claimSignInTry(userId: string, address: string): Promise<void> {
    for (const [from, lock] of [[EVERY_ADDRESS, false], [address, true]] as const) {
      if (await authRepository.claimSignInTry(db, userId, from, lock)) continue;
      // A locked address hears that it is locked, rather than only that the account must wait.
      // The failures' times are the database's (claimSignInTry writes them with SQL's now()), so
      // they are measured against the system's time, not the app's clock (lib/clock.ts).
      const systemNow = new Date();
      if (from === EVERY_ADDRESS) assertNotLocked(await authRepository.signInFailures(db, userId, address), systemNow);
      assertMayTrySignIn(await authRepository.signInFailures(db, userId, from), systemNow);
      // The state changed between the claim and the read (a success, a reset): try again.
      throw new AppError('TOO_MANY_REQUESTS', messages.auth.signInWait(1), { retryAfterSeconds: 1 });
    }
  }

  /**
   * A contractor or auditor that every organisation it serves disabled for itself (DECISIONS.md):
   * it is a disabled account.
   */
  async function disabledEverywhere(user: UserRow): Promise<boolean> {
    if (user.type !== UserType.CONTRACTOR && user.type !== UserType.AUDITOR) return false;
    return authRepository.everyMembershipDisabled(db, user.id);
  }

  /** The profile; pass the organisations' names when they are at hand to spare a query. */
  async function profileFor(
    user: UserRow,
    organisationIds: string[],
    organisationId: string | null,
    known?: OrganisationRef[],
  ): Promise<Profile> {
    const organisations = known ?? (await authRepository.organisationNames(db, organisationIds));
    return presentProfile(user, { organisationIds, organisationId, organisations });
  }

  /** The reset/invitation link of the spec: /reset_password?oobCode=…&continueUrl=… */
  function linkFor(code: string): string {
    const url = new URL('/reset_password', publicUrl);
    url.searchParams.set('oobCode', code);
    url.searchParams.set('continueUrl', `${publicUrl}/`);
    return url.toString();
  }

  return {
    profileFor,

    /**
     * Checks the password and opens a session; returns the cookie token and the profile. `address`
     * is the client's (request.ip, behind TRUST_PROXY's proxies): failures lock that address out of
     * the account, and slow down tries from every other one (sign-in-guard.ts). When a second
     * factor is needed (issue 59), no session: `twoFactor`, the step that asks for its code.
     */
    async signIn(input: { email: string; password: string; rememberMe: boolean }, address: string, userAgent?: string | null) {
      const user = await authRepository.findUserByEmail(db, input.email);
      // An unknown e-mail costs a password check too, so that its answer does not come sooner and
      // tell which e-mails have accounts (the spec's texts still differ: DECISIONS.md).
      if (!user || user.deletedAt) {
        await checkAgainstNoPassword(input.password);
        throw new AppError('UNKNOWN_USER');
      }
      if (!user.passwordHash) {
        await checkAgainstNoPassword(input.password);
        throw new AppError('WRONG_PASSWORD', messages.auth.noPasswordYet);
      }
      // Its organisation signs this domain in through its own provider (issue 59).
      if (await passwordRefusedBySso(db, user.email)) throw new AppError('FORBIDDEN', ssoMessages.passwordRefused, { sso: true });
      // Locked or waiting means no check at all (claimSignInTry).
      await claimSignInTry(user.id, address);
      if (!(await verifyPassword(user.passwordHash, input.password))) throw new AppError('WRONG_PASSWORD');
      // A second factor still to come (issue 59: two-factor.service.ts) only gives this try back:
      // the count starts again once its code is right too, so wrong codes add up to the same limit.
      const secondFactor = await secondFactorStep(db, user);
      // A success starts this address's count and the account's again.
      if (secondFactor) await twoFactorRepository.releaseSignInTry(db, user.id, address);
      else await authRepository.clearSignInFailures(db, user.id, address);
      if (!user.isActive) throw new AppError('ACCOUNT_DISABLED');
      // A contractor or auditor that every organisation it serves disabled for itself (DECISIONS.md).
      if (await disabledEverywhere(user)) throw new AppError('ACCOUNT_DISABLED');
      const client: SessionClient = { address, userAgent: userAgent ?? null };
      if (secondFactor) {
        const challenge = await openChallenge(db, clock, { userId: user.id, purpose: secondFactor, remember: input.rememberMe, client });
        return { twoFactor: { twoFactorRequired: true as const, challenge, enrol: secondFactor === 'enrol' } };
      }
      return this.openSession(user, input.rememberMe, client);
    },

    /**
     * Opens a session for a user whose identity was proven (the password, or single sign-on's
     * provider, issue 59); returns the cookie token and the profile. Not for a disabled account.
     */
    async openSession(user: UserRow, rememberMe: boolean, client?: SessionClient) {
      const token = newToken();
      const ttl = rememberMe ? REMEMBER_ME_SESSION_MS : DEFAULT_SESSION_MS;
      // A session's end is the system's time, not the app's clock: the database checks it with its
      // own now() (findSession, as auth-context.ts does with the system's time) and the browser
      // with its own clock (the cookie's expiry).
      const expiresAt = new Date(Date.now() + ttl);
      await authRepository.createSession(db, {
        id: hashToken(token),
        userId: user.id,
        remember: rememberMe,
        expiresAt,
        userAgent: client?.userAgent?.slice(0, 500) ?? null,
        ip: client?.address ?? null,
      });
      const found = await authRepository.findSession(db, hashToken(token));
      const organisations = found?.organisations ?? [];
      const organisationIds = organisations.map((o) => o.id);
      const profile = await profileFor(
        user,
        organisationIds,
        workingOrganisationId({ cmp_id: user.organisationId, assoc_companies: organisationIds }),
        organisations,
      );
      return { token, expiresAt, remember: rememberMe, profile };
    },

    claimSignInTry,

    /** A contractor or auditor that every organisation it serves disabled for itself: a disabled account. */
    isDisabledEverywhere: disabledEverywhere,

    async signOut(auth: AuthContext): Promise<void> {
      await authRepository.deleteSession(db, auth.sessionId);
    },

    /** Of these sessions, the live ones with their user's organisations now (realtime/hub.ts). */
    liveSessionOrganisations(sessionIds: readonly string[]): Promise<Map<string, OrganisationRef[]>> {
      return authRepository.liveSessionOrganisations(db, sessionIds);
    },

    me(auth: AuthContext): Promise<Profile> {
      return profileFor(auth.user, auth.organisationIds, auth.organisationId, auth.organisations);
    },

    /**
     * Creates a single-use code (stored hashed) and returns the link that carries it; every older
     * code of the account stops working, so only the newest mail's link does.
     */
    async issueCode(userId: string, purpose: 'reset' | 'invite'): Promise<string> {
      const code = newToken();
      const ttl = purpose === 'reset' ? RESET_CODE_TTL_MS : INVITE_CODE_TTL_MS;
      const now = clock.now();
      await db.transaction(async (tx) => {
        await authRepository.voidCodesOfUser(tx, userId, now);
        await authRepository.createCode(tx, {
          codeHash: hashToken(code),
          userId,
          purpose,
          expiresAt: new Date(now.getTime() + ttl),
        });
      });
      return linkFor(code);
    },

    /** Mails a reset link; an unknown email is "Email not found" (kept from the spec). */
    async forgotPassword(email: string): Promise<void> {
      const user = await authRepository.findUserByEmail(db, email);
      if (!user || user.deletedAt || !user.isActive || (await disabledEverywhere(user))) {
        throw new AppError('BAD_REQUEST', messages.auth.emailNotFound, { authErrCode: 'auth/user-not-found' });
      }
      const link = await this.issueCode(user.id, 'reset');
      // In the user's language, else the page's (issue 60).
      await mailer.send(
        withLanguage(languageOf(user.language), () => ({
          to: user.email,
          subject: messages.auth.resetMailSubject,
          text: messages.auth.resetMailText(user.name, user.email, link),
          link,
        })),
      );
    },

    async verifyResetCode(oobCode: string): Promise<{ email: string }> {
      const found = await authRepository.findLiveCode(db, hashToken(oobCode), clock.now());
      if (!found || found.user.deletedAt) throw new AppError('BAD_REQUEST', messages.auth.resetLinkInvalid);
      return { email: found.user.email };
    },

    /** Sets the new password, uses the code up and ends every session of the user. */
    async confirmPasswordReset(oobCode: string, newPassword: string): Promise<void> {
      const codeHash = hashToken(oobCode);
      const found = await authRepository.findLiveCode(db, codeHash, clock.now());
      if (!found || found.user.deletedAt) throw new AppError('BAD_REQUEST', messages.auth.resetLinkInvalid);
      const passwordHash = await hashPassword(newPassword);
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (!(await authRepository.useCode(tx, codeHash, now))) {
          throw new AppError('BAD_REQUEST', messages.auth.resetLinkInvalid);
        }
        await authRepository.setPasswordHash(tx, found.user.id, passwordHash, now);
        await authRepository.deleteSessionsOfUser(tx, found.user.id);
        // Other links of the account stop working, and the owner, proven by the mail, is unlocked.
        await authRepository.voidCodesOfUser(tx, found.user.id, now);
        await authRepository.clearSignInFailures(tx, found.user.id);
        await auditRepository.append(tx, {
          actorId: found.user.id,
          organisationId: found.user.organisationId,
          action: found.code.purpose === 'invite' ? 'password.set' : 'password.reset',
          entity: 'user',
          entityId: found.user.id,
        });
      });
    },

    /** Own account only; the current password proves it is the owner at the keyboard. */
    async changePassword(auth: AuthContext, input: { email: string; currentPassword: string; password: string }): Promise<void> {
      if (input.email.toLowerCase() !== auth.user.email) throw new AppError('FORBIDDEN', messages.auth.ownAccountOnly);
      if (!auth.user.passwordHash || !(await verifyPassword(auth.user.passwordHash, input.currentPassword))) {
        throw new AppError('BAD_REQUEST', messages.auth.currentPasswordWrong, { field: 'currentPassword' });
      }
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await authRepository.setPasswordHash(tx, auth.user.id, passwordHash, now);
        // Whoever knew the old password is signed out everywhere but here, and no reset link of
        // before the change works any more.
        await authRepository.deleteOtherSessionsOfUser(tx, auth.user.id, auth.sessionId);
        await authRepository.voidCodesOfUser(tx, auth.user.id, now);
        await auditRepository.append(tx, {
          actorId: auth.user.id,
          organisationId: auth.organisationId,
          action: 'password.change',
          entity: 'user',
          entityId: auth.user.id,
        });
      });
    },

    /** "Sign out of all other devices": every session of the user but the current one. */
    async signOutOtherSessions(auth: AuthContext): Promise<number> {
      return db.transaction(async (tx) => {
        const ended = await authRepository.deleteOtherSessionsOfUser(tx, auth.user.id, auth.sessionId);
        await auditRepository.append(tx, {
          actorId: auth.user.id,
          organisationId: auth.organisationId,
          action: 'sessions.signOutOthers',
          entity: 'user',
          entityId: auth.user.id,
        });
        return ended;
      });
    },

    async switchOrganisation(auth: AuthContext, companyId: string): Promise<Profile> {
      if (!auth.organisationIds.includes(companyId)) throw new AppError('NOT_FOUND');
      await authRepository.setSessionOrganisation(db, auth.sessionId, companyId);
      return profileFor(auth.user, auth.organisationIds, companyId, auth.organisations);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

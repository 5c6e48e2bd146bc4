import { Secret } from 'otpauth';
import QRCode from 'qrcode';
import { AppError } from '@palisade/domain/errors';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type {
  SecuritySettings,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@palisade/domain/auth/two-factor.schema';
import { isTotpCode } from '@palisade/domain/auth/two-factor.rules';
import { PRODUCT_NAME } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { hashToken } from '../../lib/ids';
import type { SecretBox } from '../../lib/secret-box';
import type { Mailer } from '../../mail/mailer';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import { authRepository, type UserRow } from './auth.repository';
import type { AuthService, SessionClient } from './auth.service';
import { acceptedStep, newRecoveryCodes, recoveryCodeHash, totpOf } from './two-factor.codes';
import { twoFactorRepository, type ChallengeRow } from './two-factor.repository';
import { languageOf, withLanguage } from '@palisade/domain/i18n/catalogue';

const m = messages.twoFactor;

export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
  box: SecretBox;
  mailer: Mailer;
  publicUrl: string;
  auth: AuthService;
}

export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, clock, box, mailer, publicUrl, auth } = deps;

  /** A new secret for a set-up: saved pending (encrypted), shown as a QR code and as text. */
  async function newSetup(user: UserRow): Promise<TwoFactorSetup> {
    const secret = new Secret({ size: 20 }).base32;
    if (!(await twoFactorRepository.savePending(db, user.id, box.encrypt(secret), clock.now())))
      throw new AppError('CONFLICT', m.alreadyOn);
    const otpauthUrl = totpOf(secret, user.email).toString();
    const qrDataUrl = await QRCode.toDataURL(otpauthUrl, {
      margin: 1,
      width: 220,
      errorCorrectionLevel: 'M',
    });
    return { secret, otpauthUrl, qrDataUrl };
  }

  /**
   * Checks a code of the user's app (its step taken, so it works once) or one of its recovery
   * codes (used up): 'ok', 'wrong', or 'used' (a right code of the app that was used already).
   */
  async function checkCode(
    userId: string,
    code: string,
    recoveryAllowed: boolean,
  ): Promise<'ok' | 'wrong' | 'used'> {
    const row = await twoFactorRepository.find(db, userId);
    if (!row) return 'wrong';
    const now = clock.now();
    if (isTotpCode(code)) {
      const step = acceptedStep(box.decrypt(row.secret), code, now);
      if (step === null) return 'wrong';
      return (await twoFactorRepository.useStep(db, userId, step)) ? 'ok' : 'used';
    }
    if (!recoveryAllowed || row.enabledAt === null) return 'wrong';
    return (await twoFactorRepository.useRecoveryCode(
      db,
      userId,
      recoveryCodeHash(userId, code),
      now,
    ))
      ? 'ok'
      : 'wrong';
  }

  /** The live challenge of that token and purpose, and its user; else 401 (sign in again). */
  async function challengeOf(
    token: string,
    purpose: 'verify' | 'enrol',
  ): Promise<{ challenge: ChallengeRow; user: UserRow }> {
    const challenge = await twoFactorRepository.findChallenge(db, hashToken(token), clock.now());
    const user =
      challenge && challenge.purpose === purpose
        ? await authRepository.findUserById(db, challenge.userId)
        : undefined;
    if (!challenge || !user || user.deletedAt || !user.isActive)
      throw new AppError('UNAUTHENTICATED', m.challengeExpired);
    return { challenge, user };
  }

  /** A code typed at sign-in: counted as a try of the sign-in limit first (wrong ones stay counted). */
  async function codeTry(
    user: UserRow,
    address: string,
    check: () => Promise<'ok' | 'wrong' | 'used'>,
  ): Promise<void> {
    await auth.claimSignInTry(user.id, address);
    const result = await check();
    if (result === 'used') throw new AppError('WRONG_PASSWORD', m.codeUsed, { field: 'code' });
    if (result === 'wrong') throw new AppError('WRONG_PASSWORD', m.codeWrong, { field: 'code' });
  }

  /** The challenge used up and the session opened, the sign-in limit's count started again. */
  async function finishSignIn(
    token: string,
    challenge: ChallengeRow,
    user: UserRow,
    client: SessionClient,
  ) {
    if (!(await twoFactorRepository.useChallenge(db, hashToken(token), user.id, clock.now())))
      throw new AppError('UNAUTHENTICATED', m.challengeExpired);
    await authRepository.clearSignInFailures(db, user.id, client.address ?? undefined);
    return auth.openSession(user, challenge.remember, client);
  }

  /** Turns a pending set-up on with its recovery codes; they are returned to be shown once. */
  async function enable(user: UserRow, organisationId: string | null): Promise<string[]> {
    const codes = newRecoveryCodes();
    const now = clock.now();
    await db.transaction(async (tx) => {
      if (!(await twoFactorRepository.enable(tx, user.id, now)))
        throw new AppError('CONFLICT', m.notStarted);
      await twoFactorRepository.replaceRecoveryCodes(
        tx,
        user.id,
        codes.map((c) => recoveryCodeHash(user.id, c.replace(/-/g, ''))),
        now,
      );
      await auditRepository.append(tx, {
        actorId: user.id,
        organisationId,
        action: 'twoFactor.enable',
        entity: 'user',
        entityId: user.id,
      });
    });
    return codes;
  }

  /** The first code of a pending set-up (its step taken, as at sign-in). */
  async function checkFirstCode(user: UserRow, code: string): Promise<'ok' | 'wrong' | 'used'> {
    const row = await twoFactorRepository.find(db, user.id);
    if (!row || row.enabledAt !== null)
      throw new AppError('CONFLICT', row ? m.alreadyOn : m.notStarted);
    return checkCode(user.id, code, false);
  }

  return {
    async status(ctx: AuthContext): Promise<TwoFactorStatus> {
      const row = await twoFactorRepository.find(db, ctx.user.id);
      const on = row?.enabledAt != null;
      return {
        enabled: on,
        enabledAt: row?.enabledAt ? row.enabledAt.toISOString() : null,
        recoveryCodesLeft: on ? await twoFactorRepository.recoveryCodesLeft(db, ctx.user.id) : 0,
        required: await twoFactorRepository.requiredFor(db, ctx.user),
      };
    },

    /** Starts a set-up from the Account page (409 when it is on already). */
    start(ctx: AuthContext): Promise<TwoFactorSetup> {
      return newSetup(ctx.user);
    },

    /** The first code of the app turns it on; the recovery codes, shown once. */
    async confirm(ctx: AuthContext, code: string): Promise<string[]> {
      const result = await checkFirstCode(ctx.user, code);
      if (result !== 'ok')
        throw new AppError('BAD_REQUEST', result === 'used' ? m.codeUsed : m.codeWrong, {
          field: 'code',
        });
      return enable(ctx.user, ctx.organisationId);
    },

    /** Turns it off with a current code (or a recovery code); not while an organisation requires it. */
    async disable(ctx: AuthContext, code: string): Promise<void> {
      if (!(await twoFactorRepository.isOn(db, ctx.user.id)))
        throw new AppError('CONFLICT', m.notOn);
      if (await twoFactorRepository.requiredFor(db, ctx.user))
        throw new AppError('FORBIDDEN', m.requiredByOrganisation);
      const result = await checkCode(ctx.user.id, code, true);
      if (result !== 'ok')
        throw new AppError('BAD_REQUEST', result === 'used' ? m.codeUsed : m.codeWrong, {
          field: 'code',
        });
      await db.transaction(async (tx) => {
        await twoFactorRepository.remove(tx, ctx.user.id);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: ctx.organisationId,
          action: 'twoFactor.disable',
          entity: 'user',
          entityId: ctx.user.id,
        });
      });
    },

    /** The sign-in step: a code of the app or a recovery code opens the session. */
    async verify(token: string, code: string, client: SessionClient & { address: string }) {
      const { challenge, user } = await challengeOf(token, 'verify');
      await codeTry(user, client.address, () => checkCode(user.id, code, true));
      return finishSignIn(token, challenge, user, client);
    },

    /** A set-up the organisation requires, during sign-in (no session yet). */
    async enrolStart(token: string): Promise<TwoFactorSetup> {
      const { user } = await challengeOf(token, 'enrol');
      return newSetup(user);
    },

    /** Its first code: two-factor on, the session opened, the recovery codes to show once. */
    async enrolConfirm(
      token: string,
      code: string,
      client: SessionClient & { address: string },
    ): Promise<{
      session: Awaited<ReturnType<AuthService['openSession']>>;
      recoveryCodes: string[];
    }> {
      const { challenge, user } = await challengeOf(token, 'enrol');
      await codeTry(user, client.address, () => checkFirstCode(user, code));
      const recoveryCodes = await enable(user, user.organisationId);
      return { session: await finishSignIn(token, challenge, user, client), recoveryCodes };
    },

    /**
     * An organisation's admin resets a user's second factor (a lost phone): it is gone with its
     * recovery codes, the activity log says so and the user is told by mail. Its own is turned off
     * with a code instead.
     */
    async resetForUser(ctx: AuthContext, userId: string): Promise<{ name: string }> {
      const organisationId = ctx.organisationId;
      if (!organisationId) throw new AppError('FORBIDDEN');
      if (userId === ctx.user.id) throw new AppError('FORBIDDEN', m.thisSession);
      const target = await twoFactorRepository.userOfOrganisation(db, userId, organisationId);
      if (!target) throw new AppError('NOT_FOUND', m.userNotFound);
      await db.transaction(async (tx) => {
        if (!(await twoFactorRepository.remove(tx, target.id)))
          throw new AppError('CONFLICT', m.notOn);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId,
          action: 'twoFactor.reset',
          entity: 'user',
          entityId: target.id,
          before: { name: target.name, twoFactor: true },
          after: { twoFactor: false },
        });
      });
      const organisation =
        (await twoFactorRepository.organisationName(db, organisationId)) ?? PRODUCT_NAME;
      const link = `${publicUrl}/`;
      await mailer.send(
        withLanguage(languageOf(target.language), () => ({
          to: target.email,
          subject: m.resetMailSubject,
          text: m.resetMailText(target.name, ctx.user.name, organisation, link),
          link,
        })),
      );
      return { name: target.name };
    },

    async securitySettings(ctx: AuthContext): Promise<SecuritySettings> {
      if (!ctx.organisationId) throw new AppError('FORBIDDEN');
      return twoFactorRepository.securityOf(db, ctx.organisationId);
    },

    /** Saves the organisation's rules (the version it was based on; stale: 409). */
    async updateSecuritySettings(
      ctx: AuthContext,
      input: { requireTwoFactor: boolean; version: number },
    ): Promise<SecuritySettings> {
      const organisationId = ctx.organisationId;
      if (!organisationId) throw new AppError('FORBIDDEN');
      const now = clock.now();
      return db.transaction(async (tx) => {
        const before = await twoFactorRepository.securityOf(tx, organisationId);
        const version = await twoFactorRepository.saveSecurity(
          tx,
          organisationId,
          input.requireTwoFactor,
          input.version,
          now,
        );
        if (version === null)
          throw new AppError('CONFLICT', messages.http.changedBySomeoneElse, { current: before });
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId,
          action: 'organisation.security',
          entity: 'organisation',
          entityId: organisationId,
          before: { requireTwoFactor: before.requireTwoFactor },
          after: { requireTwoFactor: input.requireTwoFactor },
        });
        return { requireTwoFactor: input.requireTwoFactor, version };
      });
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/** The profile of a session opened by the sign-in step (auth.service.ts openSession). */
export type OpenedSession = { token: string; expiresAt: Date; remember: boolean; profile: Profile };

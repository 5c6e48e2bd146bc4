import { AppError } from '@palisade/domain/errors';
import { coreMessages } from '@palisade/domain/messages-core';
import { messages } from '@palisade/domain/messages';
import type { SsoDiscoverReply, SsoSettingsReply, TestSsoReply } from '@palisade/domain/sso/sso.schema';
import { ssoMessages as m } from '@palisade/domain/sso/sso.messages';
import { SSO_LOGIN_TTL_MS, domainOfEmail, type SsoFailure } from '@palisade/domain/sso/sso.rules';
import type { z } from 'zod';
import type { saveSsoConfigSchema, ssoCallbackQuerySchema, testSsoConfigSchema } from '@palisade/domain/sso/sso.schema';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Clock } from '../../lib/clock';
import { hashToken, newToken } from '../../lib/ids';
import type { SecretBox } from '../../lib/secret-box';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import { authRepository } from '../auth/auth.repository';
import type { AuthService, SessionClient } from '../auth/auth.service';
import { authorizationRequest, checkProvider, createDiscoveryCache, exchangeCode, ExchangeError, type ProviderClient } from './oidc-client';
import { ssoRepository as repo, type SsoConfigRow, type SsoConfigWithDomains } from './sso.repository';

export interface SsoDeps {
  db: Db;
  clock: Clock;
  /** Encrypts the client secrets and PKCE verifiers kept in the database. */
  box: SecretBox;
  /** The portal's public address; the callback is `${publicUrl}/api/sso/callback`. */
  publicUrl: string;
  /** Opens the session, as a password sign-in does. */
  auth: Pick<AuthService, 'openSession' | 'isDisabledEverywhere'>;
}

/** The callback's outcome: a session to set, or the failure the sign-in page shows. */
export type CallbackOutcome =
  | { ok: true; session: Awaited<ReturnType<AuthService['openSession']>> }
  | { ok: false; failure: SsoFailure; reason: string };

type TestInput = z.output<typeof testSsoConfigSchema>;
type SaveInput = z.output<typeof saveSsoConfigSchema>;
type CallbackQuery = z.output<typeof ssoCallbackQuerySchema>;

/** The caller's own organisation (type ORGANISATION by the policy); another's is 404. */
function ownOrganisation(ctx: AuthContext, companyId: string): string {
  if (!ctx.organisationIds.includes(companyId)) throw new AppError('NOT_FOUND', messages.assessment.organisationNotFound(companyId), { field: 'companyId' });
  return companyId;
}

/** What the activity log keeps of a configuration: never the secret. */
const snapshot = (c: SsoConfigWithDomains | null) =>
  c === null ? null : { issuer: c.config.issuer, clientId: c.config.clientId, domains: c.domains, requireSso: c.config.requireSso };

class Refusal extends Error {
  constructor(
    readonly failure: SsoFailure,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * Single sign-on with OpenID Connect, per organisation (issue 59): its admins set up the provider
 * (tested before it is saved); the sign-in page sends a user of its domains to the provider
 * (authorization code flow with PKCE, state and nonce); the callback signs in an account that
 * already exists, matched by the provider's verified e-mail, and creates nothing.
 */
export function createSsoService(deps: SsoDeps) {
  const { db, clock, box } = deps;
  const redirectUri = `${deps.publicUrl}/api/sso/callback`;
  const discovery = createDiscoveryCache();

  const clientOf = (c: SsoConfigRow): ProviderClient => ({ issuer: c.issuer, clientId: c.clientId, clientSecret: box.decrypt(c.clientSecretBox) });

  async function present(organisationId: string): Promise<SsoSettingsReply> {
    const found = await repo.configOf(db, organisationId);
    return {
      redirectUri,
      config: found
        ? {
            issuer: found.config.issuer,
            clientId: found.config.clientId,
            secretStored: found.config.clientSecretBox !== '',
            domains: found.domains,
            requireSso: found.config.requireSso,
            version: found.config.version,
            updatedAt: found.config.updatedAt.toISOString(),
          }
        : null,
    };
  }

  /** The secret of the form, else the stored one; none is 400. */
  async function secretFor(organisationId: string, input: TestInput): Promise<string> {
    if (input.clientSecret !== undefined) return input.clientSecret;
    const found = await repo.configOf(db, organisationId);
    if (!found) throw new AppError('BAD_REQUEST', m.clientSecretRequired, { field: 'clientSecret' });
    return box.decrypt(found.config.clientSecretBox);
  }

  async function test(organisationId: string, input: TestInput): Promise<TestSsoReply> {
    const clientSecret = await secretFor(organisationId, input);
    const checks = await checkProvider({ issuer: input.issuer, clientId: input.clientId, clientSecret }, redirectUri);
    return { ok: checks.every((c) => c.ok), checks };
  }

  return {
    redirectUri,

    /** getConfig: the organisation's settings (never the secret) and the redirect address to register. */
    async settings(ctx: AuthContext, companyId: string): Promise<SsoSettingsReply> {
      return present(ownOrganisation(ctx, companyId));
    },

    /** testConfig: "Test sign-in" with the form's settings (the stored secret when the form has none). */
    async test(ctx: AuthContext, input: TestInput): Promise<TestSsoReply> {
      return test(ownOrganisation(ctx, input.companyId), input);
    },

    /**
     * saveConfig: sets single sign-on up or changes it, based on its version (null: none yet). The
     * settings are tested first (as "Test sign-in"), and a domain another organisation covers is 409.
     */
    async save(ctx: AuthContext, input: SaveInput): Promise<SsoSettingsReply> {
      const organisationId = ownOrganisation(ctx, input.companyId);
      const taken = await repo.domainsTakenByOthers(db, organisationId, input.domains);
      if (taken[0] !== undefined) throw new AppError('CONFLICT', m.domainTaken(taken[0]), { field: 'domains' });
      const clientSecret = await secretFor(organisationId, input);
      const tested = await test(organisationId, { ...input, clientSecret });
      if (!tested.ok) throw new AppError('BAD_REQUEST', m.testFailed, tested);
      const now = clock.now();
      try {
        await db.transaction(async (tx) => {
          const before = await repo.configOf(tx, organisationId);
          const values = {
            issuer: input.issuer,
            clientId: input.clientId,
            clientSecretBox: box.encrypt(clientSecret),
            requireSso: input.requireSso,
            updatedBy: ctx.user.id,
            updatedAt: now,
          };
          const stored =
            input.version === null
              ? await repo.insertConfig(tx, { organisationId, ...values, createdAt: now })
              : await repo.updateConfig(tx, organisationId, input.version, values);
          if (!stored) throw new AppError('CONFLICT', coreMessages.http.changedBySomeoneElse);
          await repo.replaceDomains(tx, organisationId, input.domains, now);
          await auditRepository.append(tx, {
            actorId: ctx.user.id,
            organisationId,
            action: 'sso.configure',
            entity: 'organisation',
            entityId: organisationId,
            before: snapshot(before ?? null),
            after: { issuer: stored.issuer, clientId: stored.clientId, domains: input.domains, requireSso: stored.requireSso, secretChanged: input.clientSecret !== undefined },
          });
        });
      } catch (err) {
        // Another organisation took one of the domains meanwhile (the domain is the key).
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', m.domainTaken(input.domains.join(', ')), { field: 'domains' });
        throw err;
      }
      return present(organisationId);
    },

    /** deleteConfig: turns single sign-on off (based on its version); its domains sign in with passwords again. */
    async remove(ctx: AuthContext, companyId: string, version: number): Promise<SsoSettingsReply> {
      const organisationId = ownOrganisation(ctx, companyId);
      await db.transaction(async (tx) => {
        const before = await repo.configOf(tx, organisationId);
        if (!before) throw new AppError('NOT_FOUND', m.notSetUp);
        if (!(await repo.deleteConfig(tx, organisationId, version))) throw new AppError('CONFLICT', coreMessages.http.changedBySomeoneElse);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId,
          action: 'sso.remove',
          entity: 'organisation',
          entityId: organisationId,
          before: snapshot(before),
          after: null,
        });
      });
      return present(organisationId);
    },

    /** discover: whether the e-mail's domain signs in through single sign-on (and whether it must). */
    async discover(email: string): Promise<SsoDiscoverReply> {
      const found = await repo.configOfDomain(db, domainOfEmail(email));
      return { sso: found !== undefined, required: found?.requireSso ?? false };
    },

    /**
     * start: the provider's authorization URL for this e-mail's domain, and the token of the cookie
     * that binds the sign-in to this browser. A domain without single sign-on is 400.
     */
    async start(email: string, rememberMe: boolean): Promise<{ authorizationUrl: string; binding: string }> {
      const found = await repo.configOfDomain(db, domainOfEmail(email));
      if (!found) throw new AppError('BAD_REQUEST', m.notSetUp, { field: 'email' });
      let request: Awaited<ReturnType<typeof authorizationRequest>>;
      try {
        request = await authorizationRequest(await discovery.get(clientOf(found)), redirectUri, email);
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', m.providerUnreachable);
      }
      const binding = newToken();
      const now = clock.now();
      // Sign-ins that ended a day ago are of no use to anyone (a start is rare enough to sweep here).
      await repo.deleteLoginsBefore(db, new Date(now.getTime() - 24 * 3600_000));
      await repo.insertLogin(db, {
        stateHash: hashToken(request.state),
        bindingHash: hashToken(binding),
        organisationId: found.organisationId,
        nonce: request.nonce,
        codeVerifierBox: box.encrypt(request.codeVerifier),
        remember: rememberMe,
        expiresAt: new Date(now.getTime() + SSO_LOGIN_TTL_MS),
        createdAt: now,
      });
      return { authorizationUrl: request.url, binding };
    },

    /**
     * callback: the provider sent the browser back. Checks the state (known, unused, unexpired,
     * started in this browser), exchanges the code (PKCE) and checks the ID token (nonce), then
     * signs in the existing account of the verified e-mail, when its domain is one this
     * organisation's provider covers. Anything else is a failure, and nothing is created.
     */
    async callback(query: CallbackQuery, rawQuery: string, binding: string | undefined, client: SessionClient): Promise<CallbackOutcome> {
      try {
        if (query.state === undefined || query.state === '') throw new Refusal('state', 'no state');
        const login = await repo.claimLogin(db, hashToken(query.state), clock.now());
        if (!login) throw new Refusal('state', 'unknown, used or expired state');
        if (binding === undefined || hashToken(binding) !== login.bindingHash) throw new Refusal('state', 'started in another browser');
        if (query.error !== undefined) throw new Refusal('provider', `${query.error}: ${query.error_description ?? ''}`);
        const found = await repo.configOf(db, login.organisationId);
        if (!found) throw new Refusal('state', 'single sign-on was removed meanwhile');
        let identity: Awaited<ReturnType<typeof exchangeCode>>;
        try {
          const config = await discovery.get(clientOf(found.config)).catch(() => {
            throw new Refusal('unavailable', 'discovery failed');
          });
          const url = new URL(redirectUri);
          url.search = rawQuery;
          identity = await exchangeCode(config, url, { state: query.state, nonce: login.nonce, codeVerifier: box.decrypt(login.codeVerifierBox) });
        } catch (err) {
          if (err instanceof ExchangeError) throw new Refusal(err.failure, err.message);
          throw err;
        }
        if (!identity.emailVerified) throw new Refusal('unverified', `${identity.email} is not verified`);
        if (!found.domains.includes(domainOfEmail(identity.email))) throw new Refusal('domain', `${identity.email} is outside the organisation's domains`);
        const user = await authRepository.findUserByEmail(db, identity.email);
        if (!user || user.deletedAt) throw new Refusal('unknown', `no account for ${identity.email}`);
        if (!user.isActive || (await deps.auth.isDisabledEverywhere(user))) throw new Refusal('disabled', 'disabled account');
        // No second factor of the portal's: the provider authenticated the user (its own MFA applies).
        return { ok: true, session: await deps.auth.openSession(user, login.remember, client) };
      } catch (err) {
        if (err instanceof Refusal) return { ok: false, failure: err.failure, reason: err.reason };
        throw err;
      }
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@palisade/domain/errors';
import { mayCall, type PolicyCall } from '@palisade/domain/policy';
import { UserType, workingOrganisationId } from '@palisade/domain/user-types';
import type { Db } from '../db/client';
import { createReadMemo, type Generation } from '../db/read-memo';
import { hashToken } from '../lib/ids';
import { authRepository, type OrganisationRef, type SessionRow, type UserRow } from '../modules/auth/auth.repository';

export const SESSION_COOKIE = 'palisade_session';

/** Sessions whose lookup is remembered on PGlite (the most recently used). */
const SESSION_MEMO_MAX = 10_000;

/** The signed-in user as every service sees it. */
export interface AuthContext {
  user: UserRow;
  sessionId: string;
  /** Every organisation the user belongs to (its own, or assoc_companies). */
  organisationIds: string[];
  /** The same organisations with their names (for the switcher). */
  organisations: OrganisationRef[];
  /** The working organisation (switcher choice, else the default rule). */
  organisationId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The organisations of a user: its own for organisation users and employees, else assoc_companies. */
export function organisationsOf(user: UserRow, assoc: string[]): string[] {
  if (user.type === UserType.CONTRACTOR || user.type === UserType.AUDITOR) return assoc;
  return user.organisationId ? [user.organisationId] : [];
}

/**
 * Who may see whom (a user's account and its profile image): organisation users and auditors see
 * the accounts of their organisations; a contractor sees its organisations' users and auditors and
 * its own employees, never another contractor (they are competitors); an employee sees its
 * contractor and organisation users.
 */
export function userVisibleTo(ctx: AuthContext, user: UserRow, assoc: string[]): boolean {
  if (user.id === ctx.user.id) return true;
  if (user.deletedAt) return false;
  const sharesOrganisation = organisationsOf(user, assoc).some((o) => ctx.organisationIds.includes(o));
  switch (ctx.user.type) {
    case UserType.CONTRACTOR:
      if (user.type === UserType.EMPLOYEE) return user.contractorId === ctx.user.id;
      return sharesOrganisation && (user.type === UserType.ORGANISATION || user.type === UserType.AUDITOR);
    case UserType.EMPLOYEE:
      return user.id === ctx.user.contractorId || (sharesOrganisation && user.type === UserType.ORGANISATION);
    case UserType.ORGANISATION:
    case UserType.AUDITOR:
      return sharesOrganisation;
    default:
      return false;
  }
}

/** A GET of one of the app's pages: a path without a file extension, outside /assets. */
function isAppDocument(request: FastifyRequest): boolean {
  if (request.method !== 'GET' || request.url.startsWith('/assets/')) return false;
  const pathname = request.url.split(/[?#]/, 1)[0] ?? '';
  return !/\.[\w]+$/.test(pathname);
}

/** Reads the session cookie of every /api request into request.auth. */
export const authContextPlugin = fp(async (app: FastifyInstance, opts: { db: Db; generation: Generation; onSeen?: (session: SessionRow) => void }) => {
  app.decorateRequest('auth', null);
  const findSession = authRepository.prepareFindSession(opts.db);
  // A session read stays good until sessions, users or organisations change (db/freshness.ts):
  // most requests then make no query for their session. Its expiry is checked here, as the query
  // checks it.
  const sessions = createReadMemo<NonNullable<Awaited<ReturnType<typeof findSession>>>>(opts.generation, SESSION_MEMO_MAX);
  app.addHook('onRequest', async (request) => {
    // Every /api request; and the app's documents (a GET of a path that is not a file), whose
    // home shows a signed-in user's first paint (plugins/web-index.ts).
    if (!request.url.startsWith('/api/') && !isAppDocument(request)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const tokenHash = hashToken(token);
    const found = await sessions.get(tokenHash, () => findSession(tokenHash));
    if (!found || found.session.expiresAt <= new Date() || !found.user.isActive || found.user.deletedAt) return;
    // Its last-seen time (issue 59: written at most once a minute, sessions.service.ts).
    opts.onSeen?.(found.session);
    const organisationIds = found.organisations.map((o) => o.id);
    const chosen = found.session.organisationId;
    request.auth = {
      user: found.user,
      sessionId: found.session.id,
      organisationIds,
      organisations: found.organisations,
      organisationId:
        chosen && organisationIds.includes(chosen)
          ? chosen
          : workingOrganisationId({ cmp_id: found.user.organisationId, assoc_companies: organisationIds }),
    };
  });
});

/** The signed-in user, allowed to make the call by the policy table; else 401 or 403. */
export function authorize(request: FastifyRequest, call: PolicyCall): AuthContext {
  const auth = request.auth;
  if (!auth) throw new AppError('UNAUTHENTICATED');
  if (!mayCall(auth.user.type, call)) throw new AppError('FORBIDDEN');
  return auth;
}

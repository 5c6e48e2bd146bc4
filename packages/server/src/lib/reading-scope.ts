import { UserType } from '@palisade/domain/user-types';
import type { AuthContext } from '../plugins/auth-context';

/**
 * The organisations whose lists, dashboards and counts the caller reads. An auditor serving
 * several organisations works in one at a time (the top bar's switcher, kept in its session): its
 * lists, dashboards, leaderboards, engagement and counts follow that working organisation only
 * (issue 19). Reads and writes of one item by id (a response, its chat) stay open across every
 * organisation it serves, so a link into another one still opens. Other users read every
 * organisation they belong to (an organisation user has one).
 */
export function listableOrganisations(ctx: AuthContext): readonly string[] {
  if (ctx.user.type === UserType.AUDITOR) return ctx.organisationId ? [ctx.organisationId] : [];
  return ctx.organisationIds;
}

/** True when the caller's lists may read that organisation (listableOrganisations). */
export function mayList(ctx: AuthContext, organisationId: string): boolean {
  return listableOrganisations(ctx).includes(organisationId);
}

import type { ComponentType } from 'react';
import { homeRoute, SHELL_PREFIX, UserType, type Shell } from '@palisade/domain/user-types';
import { loadOnce } from '../lib/load-once';
import { loadShell } from './shells/load-shell';

/** Each home page's code, fetched once: by its route, and by boot.tsx on a first visit. */
export const loadHomePage: Record<Shell, () => Promise<ComponentType>> = {
  sapphire: loadOnce(() =>
    import('../features/home/pages/organisation-home-page').then((m) => m.OrganisationHomePage),
  ),
  contractor: loadOnce(() =>
    import('../features/home/pages/contractor-home-page').then((m) => m.ContractorHomePage),
  ),
  auditor: loadOnce(() =>
    import('../features/home/pages/auditor-home-page').then((m) => m.AuditorHomePage),
  ),
};

const HOME_OF: Record<Shell, string> = {
  sapphire: homeRoute(UserType.ORGANISATION),
  contractor: homeRoute(UserType.CONTRACTOR),
  auditor: homeRoute(UserType.AUDITOR),
};

const SHELLS = Object.keys(SHELL_PREFIX) as Shell[];

/** The path without a trailing slash, lower case (routes match without regard to case). */
const normal = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase();

/**
 * A deep link's code, started at once (issue 19): the shell its address belongs to and, for a
 * home, the home page, alongside the router rather than one after another. Nothing for / (the
 * sign-in page stays light) nor for addresses outside the shells. Failures are not shown here:
 * the guard and the route ask again and show theirs.
 */
export function preloadFirstPageCode(pathname: string): void {
  const path = normal(pathname);
  const shell = SHELLS.find((s) => {
    const prefix = normal(SHELL_PREFIX[s]);
    return path === prefix || path.startsWith(`${prefix}/`);
  });
  if (!shell) return;
  loadShell[shell]().catch(() => undefined);
  if (path === normal(SHELL_PREFIX[shell]) || path === normal(HOME_OF[shell])) {
    loadHomePage[shell]().catch(() => undefined);
  }
}

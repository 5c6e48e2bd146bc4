import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import { RETURN_PARAM } from '@palisade/domain/auth/return-path.rules';
import type { Language } from '@palisade/domain/i18n/catalogue';
import { homeRoute, type Shell } from '@palisade/domain/user-types';
import { Splash } from '../../components/splash';
import { noteOrganisationZone } from '../../lib/dates';
import { switchLanguage, useLanguage } from '../../lib/language';
import { errorMessage } from '../../lib/api-client';
import { showError } from '../../lib/notifier';
import { loadShell } from '../shells/load-shell';
import { EndSessionWithoutShell } from '../../features/auth/components/end-session-without-shell';
import {
  shellOfProfile,
  SignedInProfileContext,
  useMe,
  wasSignedOutOnPurpose,
} from '../../lib/session';

// One chunk per shell (shells/load-shell.ts), asked for early by boot.tsx on a deep link.
const SHELLS: Record<Shell, ComponentType> = {
  sapphire: lazy(() => loadShell.sapphire().then((component) => ({ default: component }))),
  contractor: lazy(() => loadShell.contractor().then((component) => ({ default: component }))),
  auditor: lazy(() => loadShell.auditor().then((component) => ({ default: component }))),
};

/**
 * Whether the screens are in the signed-in user's own language (true while none is chosen); when
 * not, switches them to it (LanguageRoot renders the app again in it).
 */
function useOwnLanguage(own: Language | null): boolean {
  const screens = useLanguage();
  const ready = own === null || own === screens;
  useEffect(() => {
    if (own !== null && own !== screens) switchLanguage(own, true).catch((error: unknown) => showError(errorMessage(error)));
  }, [own, screens]);
  return ready;
}

/**
 * The guard of a route group. Not signed in: to /, remembering the page asked for (?next=). An account without a web shell (or with an
 * unknown role): signed out, to /. Another type's group: to the user's own home. Without `shell`
 * (the /profile page) any signed-in user passes and gets their own shell.
 */
export function ShellGate({ shell }: { shell?: Shell }) {
  const me = useMe();
  const languageReady = useOwnLanguage(me.data?.language ?? null);
  const location = useLocation();
  if (me.isPending) return <Splash />;
  const user = me.data;
  if (!user) {
    if (wasSignedOutOnPurpose()) return <Navigate to="/" replace />;
    // The page asked for comes back after sign-in (issue 18; checked there: same site, own group).
    const next = `${location.pathname}${location.search}${location.hash}`;
    return (
      <Navigate to={`/?${new URLSearchParams({ [RETURN_PARAM]: next }).toString()}`} replace />
    );
  }
  const own = shellOfProfile(user);
  if (!own) return <EndSessionWithoutShell />;
  if (shell && shell !== own) return <Navigate to={homeRoute(user.type)} replace />;
  const ShellComponent = SHELLS[own];
  // Before any page renders a time: the organisation's zone, against which times name the user's.
  noteOrganisationZone(user.timeZone);
  // The user's own language, once chosen (issue 60): its table first, then the screens in it.
  if (!languageReady) return <Splash />;
  return (
    <SignedInProfileContext value={user}>
      <Suspense fallback={<Splash />}>
        <ShellComponent />
      </Suspense>
    </SignedInProfileContext>
  );
}

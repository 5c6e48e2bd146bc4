import { useState } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { RETURN_PARAM } from '@palisade/domain/auth/return-path.rules';
import { setUnauthenticatedHandler } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import {
  clearSession,
  markSessionEnded,
  meQueryKey,
  setSessionProfile,
  setSessionPending,
} from '../lib/session';
import { prefetchFirstPage } from './first-page-prefetch';
import { QueryProviders } from './providers';
import { AppRouter, type RouterHistory } from './app-router';
import { appRoutes } from './router';

type Instance = {
  queryClient: ReturnType<typeof createQueryClient>;
  history: RouterHistory;
};
let instance: Instance | null = null;

/**
 * What an ended session does (a 401 from any call, the realtime channel closed with 4401):
 * forget it and everything fetched under it, and return to sign-in, which says that the session
 * ended and comes back to the page after sign-in (?next=, issue 56: the checklist then sends the
 * answers kept in this browser).
 */
export function endSessionHandler(
  queryClient: Instance['queryClient'],
  router: { navigate: (to: string, options: { replace: true }) => unknown },
  here: () => string = () => `${window.location.pathname}${window.location.search}`,
): () => void {
  return () => {
    const profile = queryClient.getQueryData<Profile | null>(meQueryKey);
    // Already signed out (several calls failed at once): the first one took the user to sign-in,
    // with the page to come back to, which this one would replace with the sign-in page itself.
    if (profile === null) return;
    const page = here();
    markSessionEnded(profile?._id ?? null);
    clearSession(queryClient);
    const next = page === '/' ? '' : `?${new URLSearchParams({ [RETURN_PARAM]: page }).toString()}`;
    void router.navigate(`/${next}`, { replace: true });
  };
}

/**
 * One query client and one browser history per page load, made when the app first renders rather
 * than when this module loads: the history reads the address bar as it is then (boot.tsx may have
 * moved it).
 */
function appInstance(): Instance {
  if (instance) return instance;
  const queryClient = createQueryClient();
  // v5Compat: the listener hears every move (push and replace too), as BrowserRouter's does.
  const history = createBrowserHistory({ v5Compat: true });
  setUnauthenticatedHandler(
    endSessionHandler(queryClient, { navigate: (to) => history.replace(to) }),
  );
  instance = { queryClient, history };
  return instance;
}

/**
 * The routed app (every screen but the first sign-in page). `profile`, when boot.tsx already
 * knows who is signed in, is stored as the session so nobody asks the server again; `session`,
 * the session call boot.tsx started for a deep link, becomes the session query, and once it
 * answers the first page's data is asked for while its code still loads (issue 19).
 */
export function App({ profile, session }: { profile?: Profile; session?: Promise<Profile | null> }) {
  const [{ queryClient, history }] = useState(() => {
    const app = appInstance();
    if (profile) setSessionProfile(app.queryClient, profile);
    else if (session) {
      setSessionPending(app.queryClient, session);
      const pathname = window.location.pathname;
      session.then(
        (me) => {
          if (me) prefetchFirstPage(app.queryClient, pathname, me);
        },
        () => undefined,
      );
    }
    return app;
  });
  return (
    <QueryProviders queryClient={queryClient}>
      <AppRouter history={history} routes={appRoutes} />
    </QueryProviders>
  );
}

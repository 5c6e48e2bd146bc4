import { startTransition, useEffect, useLayoutEffect, useState, type ComponentType, type MouseEvent } from 'react';
import Link from '@mui/material/Link';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { coreMessages } from '@palisade/domain/messages-core';
import { RETURN_PARAM, returnPath } from '@palisade/domain/auth/return-path.rules';
import { homeRoute, isUserType, shellOf } from '@palisade/domain/user-types';
import { Splash } from '../components/splash';
import type { LoginForm as LoginFormComponent } from '../features/auth/components/login-form';
import { errorMessage } from '../lib/api-client';
import { fetchMe } from '../lib/fetch-me';
import { dismissFirstPaint, firstPaintShown } from '../lib/first-paint';
import { loadOnce } from '../lib/load-once';
import { showError } from '../lib/notifier';
import { preloadFirstPageCode } from './first-page-code';
import { loadShell } from './shells/load-shell';

/**
 * The sign-in form's code: only / needs it, so it is not in the entry that every deep link loads
 * (issue 13); the server names it as a modulepreload link in /'s document (web-index.ts), so it
 * arrives with the entry, not after it.
 */
const loadLoginForm = loadOnce(() =>
  import('../features/auth/components/login-form').then((module) => module.LoginForm),
);

type AppComponent = ComponentType<{ profile?: Profile; session?: Promise<Profile | null> }>;

/** The routed app's code (router, query library, shells), fetched once. */
const loadApp = loadOnce(() => import('./app').then((module): AppComponent => module.App));

/** Starts the code of the shell the profile works in (none for types without a web shell). */
function preloadShell(profile: Profile | null): void {
  const shell = profile && isUserType(profile.type) ? shellOf(profile.type) : null;
  // A failure here is not shown: the guard asks again when it renders, and shows that one.
  if (shell) loadShell[shell]().catch(() => undefined);
}

/**
 * At / with a user of a shell signed in: the page the app's sign-in page would lead them to (the
 * address asked for while signed out, when it is in their group, else their home), which the app
 * then starts at, with its code fetched meanwhile, instead of loading the sign-in page only to leave
 * it. Null elsewhere, and for users without a shell (the sign-in page signs them out).
 */
function destinationFromSignIn(profile: Profile): string | null {
  if (window.location.pathname !== '/' || !isUserType(profile.type) || !shellOf(profile.type)) return null;
  const next = new URLSearchParams(window.location.search).get(RETURN_PARAM);
  return returnPath(next, profile.type) ?? homeRoute(profile.type);
}

/**
 * A deep link's session call and code (its shell, a home page), started with the app's code
 * rather than after it (issue 19): the app hands the session's promise to the query cache, and
 * the user's own shell starts as soon as it answers (the address may name another's).
 */
function askSession(): Promise<Profile | null> {
  // The session call first: it then gets one of the browser's few connections before the code.
  const session = fetchMe();
  preloadFirstPageCode(window.location.pathname);
  session.then(preloadShell, () => undefined);
  return session;
}

type BootState =
  /** At /: asking the server whether somebody is signed in. */
  | { kind: 'probing' }
  /** At /, signed out: the sign-in form, without the router. */
  | { kind: 'login'; LoginForm: typeof LoginFormComponent }
  /**
   * Fetching the app; `profile` when the user is known to be signed in, else (a deep link) the
   * session call already under way.
   */
  | { kind: 'loading'; profile?: Profile; session?: Promise<Profile | null> }
  | { kind: 'app'; App: AppComponent; profile?: Profile; session?: Promise<Profile | null> };

/** A plain left click, which the page handles itself (others open a tab, as links do). */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The first screen of a visit. At / (the sign-in page, the first screen of nearly every visit) it
 * shows the sign-in form with only React, the theme and the form's own code; the router, the query
 * library and the shells load when the user has signed in or goes elsewhere. Any other address
 * loads the routed app at once.
 */
export function Boot() {
  const [state, setState] = useState<BootState>(() =>
    window.location.pathname === '/'
      ? { kind: 'probing' }
      : { kind: 'loading', session: askSession() },
  );

  useEffect(() => {
    let live = true;
    /** The sign-in form, once its code is here (a failure is shown; the splash stays). */
    const showLogin = () =>
      loadLoginForm().then(
        (LoginForm) => {
          if (live) setState({ kind: 'login', LoginForm });
        },
        (error: unknown) => showError(errorMessage(error)),
      );
    if (state.kind === 'probing') {
      // The form's code with the session call, not after it; unless the server drew the home
      // (a live session, whose user will not see the form).
      if (!firstPaintShown()) loadLoginForm().catch(() => undefined);
      fetchMe().then(
        (profile) => {
          if (!live) return;
          if (profile) setState({ kind: 'loading', profile });
          else void showLogin();
        },
        (error: unknown) => {
          // The server did not answer: the form is still the right screen; the error is shown.
          showError(errorMessage(error));
          if (live) void showLogin();
        },
      );
    } else if (state.kind === 'loading') {
      const { profile, session } = state;
      const destination = profile ? destinationFromSignIn(profile) : null;
      if (profile) preloadShell(profile);
      if (destination) preloadFirstPageCode(destination);
      loadApp().then(
        (App) => {
          if (!live) return;
          // Only now: should the code not arrive, the sign-in form comes back at / (below).
          if (destination) window.history.replaceState(null, '', destination);
          // A transition: the routed app's first render is the largest of a visit, made in
          // slices that leave the browser free between them (issue 25: total blocking time).
          startTransition(() => setState({ kind: 'app', App, profile, session }));
        },
        (error: unknown) => {
          // The app's code did not arrive: the error is shown; at / the form comes back to retry.
          showError(errorMessage(error));
          if (live && window.location.pathname === '/') void showLogin();
        },
      );
    }
    return () => {
      live = false;
    };
  }, [state]);

  // The sign-in form replaces a first paint made for a session that has since ended.
  useLayoutEffect(() => {
    if (state.kind === 'login') dismissFirstPaint();
  }, [state.kind]);

  switch (state.kind) {
    case 'app':
      return <state.App profile={state.profile} session={state.session} />;
    case 'login':
      return (
        <state.LoginForm
          onSignedIn={(profile) => setState({ kind: 'loading', profile })}
          forgotLink={
            <Link
              href="/Forgot_Password"
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                window.history.pushState(null, '', '/Forgot_Password');
                setState({ kind: 'loading' });
              }}
            >
              {coreMessages.auth.forgotPasswordLink}
            </Link>
          }
        />
      );
    default:
      return <Splash />;
  }
}

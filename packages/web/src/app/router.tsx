import { Suspense } from 'react';
import { matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import { Splash } from '../components/splash';
import { ShellGate } from './guards/shell-gate';
import { auditorRoutes, contractorRoutes, sapphireRoutes } from './route-groups';
import { page, routeCode, RouteErrorBoundary } from './route-page';

/**
 * Every route of the app. The public pages are small lazy chunks of their own; each shell and
 * each screen inside it is loaded only when visited.
 */
export const appRoutes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={<Splash />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    ),
    children: [
      {
        index: true,
        ...page(() => import('../features/auth/pages/login-page').then((m) => m.LoginPage)),
      },
      {
        path: 'Forgot_Password',
        ...page(() =>
          import('../features/auth/pages/forgot-password-page').then((m) => m.ForgotPasswordPage),
        ),
      },
      {
        path: 'reset_password',
        ...page(() =>
          import('../features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage),
        ),
      },
      { path: 'register', element: <Navigate to="/" replace /> },
      {
        // The link of every notification mail (issue 22): works signed out.
        path: 'unsubscribe',
        ...page(() =>
          import('../features/notifications/pages/unsubscribe-page').then((m) => m.UnsubscribePage),
        ),
      },
      {
        // Public by the spec, but it shows the signed-in user: inside their own shell, else to /.
        path: 'profile',
        element: <ShellGate />,
        children: [
          {
            index: true,
            ...page(() =>
              import('../features/profile/pages/profile-page').then((m) => m.ProfilePage),
            ),
          },
        ],
      },
      {
        path: '404',
        ...page(() => import('../components/not-found-page').then((m) => m.NotFoundPage)),
      },
      { path: 'sapphire', element: <ShellGate shell="sapphire" />, children: sapphireRoutes },
      {
        path: 'atgl/Contractor',
        element: <ShellGate shell="contractor" />,
        children: contractorRoutes,
      },
      { path: 'auditor', element: <ShellGate shell="auditor" />, children: auditorRoutes },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

/**
 * How long after a shell's first page the menu's pages' code starts loading in the background if
 * the user has made no input before (app-shell.tsx).
 */
export const MENU_PRELOAD_DELAY_MS = 10_000;

/**
 * Fetches the code of the routes at these paths without going there (issue 19: the side menu's
 * pages, once the first page is up, so a move through the menu waits for its data only). A
 * failure is not shown: the route asks again when visited, and shows that one.
 */
export function preloadRouteCode(paths: readonly string[]): void {
  for (const path of paths) {
    for (const { route } of matchRoutes(appRoutes, path) ?? []) {
      routeCode(route)?.().catch(() => undefined);
    }
  }
}

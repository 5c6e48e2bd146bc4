import { createBrowserRouter, matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import { Splash } from '../components/splash';
import { ShellGate } from './guards/shell-gate';
import { RouteError } from './route-error';
import { auditorRoutes, contractorRoutes, sapphireRoutes } from './route-groups';

/**
 * Every route of the app. The public pages are small lazy chunks of their own; each shell and
 * each screen inside it is loaded only when visited.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Splash />,
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/auth/pages/login-page')).LoginPage,
        }),
      },
      {
        path: 'Forgot_Password',
        lazy: async () => ({
          Component: (await import('../features/auth/pages/forgot-password-page'))
            .ForgotPasswordPage,
        }),
      },
      {
        path: 'reset_password',
        lazy: async () => ({
          Component: (await import('../features/auth/pages/reset-password-page')).ResetPasswordPage,
        }),
      },
      { path: 'register', element: <Navigate to="/" replace /> },
      {
        // The link of every notification mail (issue 22): works signed out.
        path: 'unsubscribe',
        lazy: async () => ({
          Component: (await import('../features/notifications/pages/unsubscribe-page'))
            .UnsubscribePage,
        }),
      },
      {
        // Public by the spec, but it shows the signed-in user: inside their own shell, else to /.
        path: 'profile',
        element: <ShellGate />,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/profile/pages/profile-page')).ProfilePage,
            }),
          },
        ],
      },
      {
        path: '404',
        lazy: async () => ({
          Component: (await import('../components/not-found-page')).NotFoundPage,
        }),
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

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

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
      if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
    }
  }
}

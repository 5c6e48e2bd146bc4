import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders routes inside the app's providers (theme, query client, Error dialog, Success helper),
 * starting at a path, or at a location with its history state.
 */
export function renderRoutes(routes: RouteObject[], initialPath: InitialEntry = '/') {
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** Renders one element at `path`, with a marker element for every other path it may go to. */
export function renderPage(element: ReactNode, path = '/') {
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  );
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { setUnauthenticatedHandler } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { clearSession } from './lib/session';

const queryClient = createQueryClient();
const router = createAppRouter();

// An expired session on any call: forget it and return to sign-in.
setUnauthenticatedHandler(() => {
  clearSession(queryClient);
  void router.navigate('/', { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

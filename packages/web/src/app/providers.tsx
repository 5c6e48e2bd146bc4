import type { ComponentType, ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { loadOnce } from '../lib/load-once';
import { useNotifier } from '../lib/notifier';
import { useCodeWhenNeeded } from '../lib/use-code-on-demand';
import { BaseProviders } from './base-providers';

const loadSuccessSnackbar = loadOnce(() =>
  import('../components/success-snackbar').then((module): ComponentType => module.SuccessSnackbar),
);

/**
 * The Success helper's snackbar, whose code (MUI's Snackbar and Alert) loads with the first
 * confirmation rather than with every first page (issue 13). Should that load fail (the server is
 * gone), the change was still made; the next confirmation tries again.
 */
function SuccessSnackbarHost() {
  const { success } = useNotifier();
  const Snackbar = useCodeWhenNeeded(loadSuccessSnackbar, success !== null, () => undefined);
  return Snackbar ? <Snackbar /> : null;
}

/**
 * Server state and the Success helper, inside BaseProviders. The date pickers'
 * LocalizationProvider is deliberately not here: it would pull MUI X into every screen's code;
 * the screens with pickers wrap themselves.
 */
export function QueryProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <SuccessSnackbarHost />
    </QueryClientProvider>
  );
}

/** Both, as the running app has them (tests render pages inside this). */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <BaseProviders>
      <QueryProviders queryClient={queryClient}>{children}</QueryProviders>
    </BaseProviders>
  );
}

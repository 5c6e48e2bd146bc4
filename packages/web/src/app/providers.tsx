import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SuccessSnackbar } from '../components/success-snackbar';
import { BaseProviders } from './base-providers';

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
      <SuccessSnackbar />
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

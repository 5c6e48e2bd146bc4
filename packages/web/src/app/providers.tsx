import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ErrorDialog } from '../components/error-dialog';
import { SuccessSnackbar } from '../components/success-snackbar';
import { theme } from '../theme/theme';

/**
 * Theme, server state, and the app-wide Error dialog and Success helper. The date pickers'
 * LocalizationProvider is deliberately not here: it would pull MUI X into the sign-in page's
 * code; the screens with pickers wrap themselves.
 */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <ErrorDialog />
        <SuccessSnackbar />
      </ThemeProvider>
    </QueryClientProvider>
  );
}

import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from './api-client';
import { showError, showSuccess } from './notifier';
import { isAbortError } from './uploads';

/** What a query or mutation may tell the central handlers. */
export interface CallMeta extends Record<string, unknown> {
  /** false when the page shows this call's errors itself (or they are not errors to the user). */
  errorDialog?: boolean;
  /** A mutation's success text, shown through the Success helper. */
  successMessage?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: Error;
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

/** Client errors will not change on retry; network failures and 5xx may. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The app's QueryClient: every failed query or mutation opens the Error dialog unless its meta
 * says errorDialog: false; a mutation's meta.successMessage goes to the Success helper.
 */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorDialog !== false) showError(errorMessage(error));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        // An upload stopped because the user left the page: what they asked for, not an error.
        if (isAbortError(error)) return;
        if (mutation.meta?.errorDialog !== false) showError(errorMessage(error));
      },
      onSuccess: (_data, _variables, _context, mutation) => {
        const text = mutation.meta?.successMessage;
        if (text) showSuccess(text);
      },
    }),
    defaultOptions: {
      queries: {
        retry: options.retry === false ? false : shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

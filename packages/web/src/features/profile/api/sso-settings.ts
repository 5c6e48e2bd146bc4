import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveSsoConfigInput, SsoSettingsReply, TestSsoConfigInput, TestSsoReply } from '@palisade/domain/sso/sso.schema';
import { ssoMessages } from '@palisade/domain/sso/sso.messages';
import { ApiError, apiCall } from '../../../lib/api-client';

const ssoKey = (companyId: string) => ['sso', 'settings', companyId] as const;

/** POST /api/sso/getConfig: the organisation's single sign-on (never the secret) and the redirect address. */
export function useSsoSettings(companyId: string) {
  return useQuery({
    queryKey: ssoKey(companyId),
    queryFn: ({ signal }) => apiCall<SsoSettingsReply>('/api/sso/getConfig', { companyId }, { signal }),
  });
}

/**
 * POST /api/sso/testConfig: "Test sign-in". A failed check is a reply, not an error: the card lists
 * the checks.
 */
export function useTestSso() {
  return useMutation({
    mutationFn: (input: TestSsoConfigInput) => apiCall<TestSsoReply>('/api/sso/testConfig', input),
  });
}

/** The checks of a refused save (400 with the failing test in data), else null. */
export function checksOfRefusal(error: unknown): TestSsoReply | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const data = error.data;
  return typeof data === 'object' && data !== null && 'checks' in data && Array.isArray(data.checks) ? (data as TestSsoReply) : null;
}

/** Every change answers with the settings, which replace the cached ones; a 409 reads them again. */
function useSsoWrite<I extends { companyId: string }>(path: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => apiCall<SsoSettingsReply>(path, input),
    meta: { successMessage },
    onSuccess: (reply, input) => queryClient.setQueryData(ssoKey(input.companyId), reply),
    onError: async (error, input) => {
      if (error instanceof ApiError && error.status === 409) await queryClient.invalidateQueries({ queryKey: ssoKey(input.companyId) });
    },
  });
}

/** POST /api/sso/saveConfig: tested by the server first; based on the version (null: the first). */
export const useSaveSso = () => useSsoWrite<SaveSsoConfigInput>('/api/sso/saveConfig', ssoMessages.saved);

/** POST /api/sso/deleteConfig */
export const useDeleteSso = () => useSsoWrite<{ companyId: string; version: number }>('/api/sso/deleteConfig', ssoMessages.removed);

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecuritySettings } from '@palisade/domain/auth/two-factor.schema';
import { twoFactorMessages } from '@palisade/domain/auth/two-factor.messages';
import { apiCall } from '../../../lib/api-client';

/** The organisation's sign-in rules (issue 59): its admin's Settings page. */
const key = ['security-settings'] as const;

/** GET /api/organisation/getSecuritySettings */
export function getSecuritySettings(signal?: AbortSignal): Promise<SecuritySettings> {
  return apiCall<SecuritySettings>('/api/organisation/getSecuritySettings', undefined, {
    method: 'GET',
    signal,
  });
}

export function useSecuritySettings() {
  return useQuery(
    queryOptions({ queryKey: key, queryFn: ({ signal }) => getSecuritySettings(signal) }),
  );
}

/** POST /api/organisation/updateSecuritySettings {requireTwoFactor, version}; a stale version reloads. */
export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SecuritySettings) =>
      apiCall<SecuritySettings>('/api/organisation/updateSecuritySettings', input),
    meta: { successMessage: twoFactorMessages.settingsSaved },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@palisade/domain/auth/two-factor.schema';
import { twoFactorMessages } from '@palisade/domain/auth/two-factor.messages';
import { apiCall } from '../../../lib/api-client';

/** One's own second factor (issue 59): the Account page's card. */
const key = ['two-factor'] as const;

/** GET /api/auth/twoFactor */
export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiCall<TwoFactorStatus>('/api/auth/twoFactor', undefined, { method: 'GET', signal });
}

export function useTwoFactorStatus() {
  return useQuery(
    queryOptions({ queryKey: key, queryFn: ({ signal }) => getTwoFactorStatus(signal) }),
  );
}

/** POST /api/auth/twoFactor/start: a new secret to scan. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: () => apiCall<TwoFactorSetup>('/api/auth/twoFactor/start', {}),
  });
}

/** POST /api/auth/twoFactor/confirm {code}: on, with the recovery codes (shown once). */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string }) =>
      apiCall<RecoveryCodes>('/api/auth/twoFactor/confirm', input),
    meta: { successMessage: twoFactorMessages.turnedOn },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** POST /api/auth/twoFactor/disable {code} */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string }) => apiCall<null>('/api/auth/twoFactor/disable', input),
    meta: { successMessage: twoFactorMessages.turnedOff },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** POST /api/auth/verifyResetCode: whose link this is; 400 when malformed, expired or used. */
export function verifyResetCode(oobCode: string, signal?: AbortSignal): Promise<{ email: string }> {
  return apiCall<{ email: string }>('/api/auth/verifyResetCode', { oobCode }, { signal });
}

/**
 * Checks the link once when the reset page opens. The page shows its own text on failure, so the
 * central dialog stays out of it.
 */
export function useVerifyResetCode(oobCode: string) {
  return useQuery({
    queryKey: ['auth', 'verifyResetCode', oobCode],
    queryFn: ({ signal }) => verifyResetCode(oobCode, signal),
    enabled: oobCode.length > 0,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    meta: { errorDialog: false },
  });
}

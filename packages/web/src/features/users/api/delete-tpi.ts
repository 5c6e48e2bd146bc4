import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersMessages } from '@palisade/domain/messages/users';
import { apiCall } from '../../../lib/api-client';
import { auditorKeys } from './account-types';

/** POST /api/tpi/deleteTpi {tpiId} */
export function deleteTpi(tpiId: string): Promise<{ _id: string }> {
  return apiCall<{ _id: string }>('/api/tpi/deleteTpi', { tpiId });
}

export function useDeleteAuditor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTpi,
    meta: { successMessage: usersMessages.auditorDeleted },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditorKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersMessages } from '@palisade/domain/messages/users';
import { apiCall } from '../../../lib/api-client';
import { companyKeys } from './account-types';

/** POST /api/contractor/deleteContractor {contractorId} */
export function deleteContractor(contractorId: string): Promise<{ _id: string }> {
  return apiCall<{ _id: string }>('/api/contractor/deleteContractor', { contractorId });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContractor,
    meta: { successMessage: usersMessages.companyDeleted },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateContractorInput } from '@palisade/domain/users/accounts.schema';
import { usersMessages } from '@palisade/domain/messages/users';
import { apiCall } from '../../../lib/api-client';
import { companyKeys, type Company, type Created } from './account-types';

/** POST /api/contractor/createContractor: a new company; the server mails the invitation. */
export function createContractor(input: CreateContractorInput): Promise<Created<Company>> {
  return apiCall<Created<Company>>('/api/contractor/createContractor', input);
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContractor,
    meta: { successMessage: usersMessages.companyAdded },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

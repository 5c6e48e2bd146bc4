import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditContractorInput } from '@palisade/domain/users/accounts.schema';
import { usersMessages } from '@palisade/domain/messages/users';
import { apiCall } from '../../../lib/api-client';
import { companyKeys, type Company } from './account-types';

/** POST /api/contractor/editContractor {contractorId, updateData}: the changed fields. */
export function editContractor(input: EditContractorInput): Promise<Company> {
  return apiCall<Company>('/api/contractor/editContractor', input);
}

export function useEditCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editContractor,
    meta: { successMessage: usersMessages.companyEdited },
    onSuccess: async (company) => {
      queryClient.setQueryData(companyKeys.one(company._id), company);
      await queryClient.invalidateQueries({ queryKey: companyKeys.list() });
    },
  });
}

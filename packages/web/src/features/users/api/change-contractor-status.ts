import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersMessages } from '@palisade/domain/messages/users';
import { apiCall } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/notifier';
import { companyKeys, type Company } from './account-types';

/** POST /api/contractor/changeContractorAccStatus {contractorId, disable} */
export function changeContractorStatus(input: {
  contractorId: string;
  disable: boolean;
}): Promise<Company> {
  return apiCall<Company>('/api/contractor/changeContractorAccStatus', input);
}

export function useChangeCompanyStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeContractorStatus,
    onSuccess: async (company) => {
      showSuccess(usersMessages.companyToggled(company.isActive));
      queryClient.setQueryData(companyKeys.one(company._id), company);
      await queryClient.invalidateQueries({ queryKey: companyKeys.list() });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditTpiInput } from '@palisade/domain/users/accounts.schema';
import { usersMessages } from '@palisade/domain/messages/users';
import { apiCall } from '../../../lib/api-client';
import { auditorKeys, type Auditor } from './account-types';

/** POST /api/tpi/editTpi {tpiId, updateData}: the changed fields of an auditor. */
export function editTpi(input: EditTpiInput): Promise<Auditor> {
  return apiCall<Auditor>('/api/tpi/editTpi', input);
}

export function useEditAuditor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTpi,
    meta: { successMessage: usersMessages.auditorEdited },
    onSuccess: async (auditor) => {
      queryClient.setQueryData(auditorKeys.one(auditor._id), auditor);
      await queryClient.invalidateQueries({ queryKey: auditorKeys.list() });
    },
  });
}

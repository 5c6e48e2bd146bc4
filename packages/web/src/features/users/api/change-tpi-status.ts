import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersMessages } from '@palisade/domain/messages/users';
import { apiCall } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/notifier';
import { auditorKeys, type Auditor } from './account-types';

/** POST /api/tpi/changeTpiAccStatus {tpiId, disable}: disable true turns the account off. */
export function changeTpiStatus(input: { tpiId: string; disable: boolean }): Promise<Auditor> {
  return apiCall<Auditor>('/api/tpi/changeTpiAccStatus', input);
}

export function useChangeAuditorStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTpiStatus,
    onSuccess: async (auditor) => {
      showSuccess(usersMessages.auditorToggled(auditor.isActive));
      queryClient.setQueryData(auditorKeys.one(auditor._id), auditor);
      await queryClient.invalidateQueries({ queryKey: auditorKeys.list() });
    },
  });
}

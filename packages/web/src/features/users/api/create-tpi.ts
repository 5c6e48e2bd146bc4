import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTpiInput } from '@palisade/domain/users/accounts.schema';
import { usersMessages } from '@palisade/domain/messages/users';
import { apiCall } from '../../../lib/api-client';
import { auditorKeys, type Auditor, type Created } from './account-types';

/** POST /api/tpi/createTpi: a new auditor; the server mails the invitation. */
export function createTpi(input: CreateTpiInput): Promise<Created<Auditor>> {
  return apiCall<Created<Auditor>>('/api/tpi/createTpi', input);
}

export function useCreateAuditor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTpi,
    meta: { successMessage: usersMessages.auditorAdded },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditorKeys.all }),
  });
}

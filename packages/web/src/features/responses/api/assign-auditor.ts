import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orgAuditorMessages } from '@palisade/domain/responses/org-auditor.messages';
import type { AssignAuditorInput } from '@palisade/domain/responses/assignment.schema';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { apiCall } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/notifier';
import { invalidateResponseLists, setResponse } from './keys';

/** An auditor as the assignment's select reads it (POST /api/tpi/getTpisByCompanyId). */
export interface AuditorOption {
  _id: string;
  name: string;
  isActive: boolean;
}

/** POST /api/tpi/getTpisByCompanyId {companyId}: the organisation's auditors. */
export function useAuditorOptions(companyId: string) {
  return useQuery({
    queryKey: ['responses', 'auditors', companyId] as const,
    queryFn: ({ signal }) =>
      apiCall<AuditorOption[]>('/api/tpi/getTpisByCompanyId', { companyId }, { signal }),
    enabled: companyId !== '',
    staleTime: 60_000,
  });
}

/** POST /api/assessment/responses/assignAuditor {responseId, auditorId | null} (organisation; issue 19). */
export function assignAuditor(input: AssignAuditorInput): Promise<ResponseReply> {
  return apiCall<ResponseReply>('/api/assessment/responses/assignAuditor', input);
}

export function useAssignAuditor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignAuditor,
    onSuccess: async (data) => {
      // The server's success text, built from the reply.
      const assigned = data.assignedAuditor ?? null;
      showSuccess(
        assigned ? orgAuditorMessages.assigned(assigned.name) : orgAuditorMessages.unassigned,
      );
      setResponse(queryClient, data);
      await Promise.all([
        invalidateResponseLists(queryClient),
        // The organisation's overview lists responses under the assessments' keys.
        queryClient.invalidateQueries({ queryKey: ['assessments', 'responses'] }),
      ]);
    },
  });
}

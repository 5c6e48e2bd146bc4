import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { apiCall } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/**
 * POST /api/assessment/deleteAssessment {assessmentId}: an assessment no contractor has started
 * (409 "can't be deleted" otherwise: the Error dialog shows it, and the lists are read again).
 */
export function deleteAssessment(assessmentId: string): Promise<{ _id: string }> {
  return apiCall<{ _id: string }>('/api/assessment/deleteAssessment', { assessmentId });
}

export function useDeleteAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssessment,
    meta: { successMessage: assessmentMessages.deleted },
    onSettled: async (_data, _error, assessmentId) => {
      queryClient.removeQueries({ queryKey: assessmentKeys.detail(assessmentId) });
      await queryClient.invalidateQueries({ queryKey: assessmentKeys.list() });
    },
  });
}

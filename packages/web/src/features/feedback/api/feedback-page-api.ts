import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbacksPage } from '@palisade/domain/feedback/feedback.schema';
import { feedbackMessages } from '@palisade/domain/messages/feedback';
import { apiCall } from '../../../lib/api-client';
import { feedbackKeys } from '../../../components/feedback/feedback-api';

/** POST /api/feedback/getFeedbacksByCompanyId: one page (from 1), newest first, and the count of all. */
export function getFeedbacksByCompanyId(
  input: { companyId: string; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<FeedbacksPage> {
  return apiCall<FeedbacksPage>('/api/feedback/getFeedbacksByCompanyId', input, { signal });
}

/** The page on screen; the previous one stays shown while the next loads. */
export function useFeedbackPage(companyId: string | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: feedbackKeys.page(companyId ?? '', page, pageSize),
    queryFn: ({ signal }) =>
      getFeedbacksByCompanyId({ companyId: companyId ?? '', page, pageSize }, signal),
    enabled: companyId !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/feedback/deleteFeedback {feedbackId} */
export function deleteFeedback(feedbackId: string): Promise<{ feedbackId: string }> {
  return apiCall<{ feedbackId: string }>('/api/feedback/deleteFeedback', { feedbackId });
}

export function useDeleteFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeedback,
    meta: { successMessage: feedbackMessages.deleted },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Feedback } from '@palisade/domain/feedback/feedback.schema';
import { feedbackMessages } from '@palisade/domain/messages/feedback';
import { apiCall } from '../../lib/api-client';
import { apiUpload, namesOf } from '../../lib/uploads';

/** Query keys of the feedback lists (the organisation's Feedback page reads them). */
export const feedbackKeys = {
  all: ['feedback'] as const,
  page: (companyId: string, page: number, pageSize: number) =>
    ['feedback', companyId, page, pageSize] as const,
};

export interface FeedbackInput {
  /** The feedback's own id, made when the dialog opens and kept for its retries (DECISIONS.md). */
  id: string;
  feedbackText: string;
  files: readonly File[];
}

/**
 * POST /api/feedback/createFeedback, multipart: the text and the files. The author and the
 * organisation are the session's. Shared by the three homes' Give Feedback button.
 */
export function createFeedback(input: FeedbackInput): Promise<Feedback> {
  const form = new FormData();
  // The id first: the server names the files' folder after it.
  form.append('id', input.id);
  form.append('feedbackText', input.feedbackText);
  for (const f of input.files) form.append('attachments', f, f.name);
  if (input.files.length === 0) return apiCall<Feedback>('/api/feedback/createFeedback', form);
  return apiUpload<Feedback>('/api/feedback/createFeedback', form, {
    name: namesOf(input.files),
    scope: feedbackUploadScope(input.id),
  });
}

/** The progress scope of one feedback's files (its own id, made when the dialog opens). */
export function feedbackUploadScope(id: string): string {
  return `feedback:${id}`;
}

export function useCreateFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFeedback,
    meta: { successMessage: feedbackMessages.added },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}

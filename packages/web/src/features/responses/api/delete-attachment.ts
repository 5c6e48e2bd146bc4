import { useMutation, useQueryClient } from '@tanstack/react-query';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import type {
  DeleteAttachmentInput,
  ResponseReply,
} from '@palisade/domain/responses/response.schema';
import { apiCall } from '../../../lib/api-client';
import { invalidateResponseLists, setResponse } from './keys';

/**
 * POST /api/assessment/responses/deleteAttachment {responseId, sectionId, questionId, filePath}:
 * removes the file from the question's saved answer (when there) and from storage.
 */
export function deleteAttachment(input: DeleteAttachmentInput): Promise<ResponseReply> {
  return apiCall<ResponseReply>('/api/assessment/responses/deleteAttachment', input);
}

export function useDeleteAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttachment,
    meta: { successMessage: responseScreensMessages.fileDeleted },
    onSuccess: async (response) => {
      setResponse(queryClient, response);
      await invalidateResponseLists(queryClient);
    },
  });
}

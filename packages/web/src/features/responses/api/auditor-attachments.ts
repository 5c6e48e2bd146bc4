import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewMessages } from '@palisade/domain/messages/review';
import type {
  DeleteAuditorAttachmentInput,
  ResponseReply,
  UploadAuditorAttachmentInput,
} from '@palisade/domain/responses/response.schema';
import { apiCall } from '../../../lib/api-client';
import { setResponse } from './keys';

/**
 * POST /api/assessment/responses/uploadAuditorAttachment?responseId=…&questionId=… (issue 56):
 * multipart, one field `file` (checklist types, ≤ 10 MB); the reply is the response.
 */
export function uploadAuditorAttachment({
  responseId,
  questionId,
  file,
}: UploadAuditorAttachmentInput & { file: File }): Promise<ResponseReply> {
  const form = new FormData();
  form.append('file', file);
  const query = new URLSearchParams({ responseId, questionId });
  return apiCall<ResponseReply>(
    `/api/assessment/responses/uploadAuditorAttachment?${query.toString()}`,
    form,
  );
}

/** POST /api/assessment/responses/deleteAuditorAttachment {responseId, questionId, filePath}: the reply is the response. */
export function deleteAuditorAttachment(
  input: DeleteAuditorAttachmentInput,
): Promise<ResponseReply> {
  return apiCall<ResponseReply>('/api/assessment/responses/deleteAuditorAttachment', input);
}

/**
 * The response as the reply has it goes into the cache: the checklist's menus show the change at
 * once, and the judgements being typed (the form keeps its own values) stay as they are.
 */
export function useUploadAuditorAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAuditorAttachment,
    meta: { successMessage: reviewMessages.auditorFileAttached },
    onSuccess: (response) => setResponse(queryClient, response),
  });
}

export function useDeleteAuditorAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAuditorAttachment,
    meta: { successMessage: reviewMessages.auditorFileDeleted },
    onSuccess: (response) => setResponse(queryClient, response),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadAttachmentReply } from '@palisade/domain/responses/response.schema';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { apiUpload } from '../../../lib/uploads';
import { setAttachedFile } from './keys';

export interface UploadAttachmentInput {
  responseId: string;
  /** The response section's _id. */
  sectionId: string;
  /** The question the file joins at once (else the next Save attaches it). */
  questionId?: string;
  /** Where its progress shows (attachmentUploadScope of the question it was chosen for). */
  scope: string;
  file: File;
}

/** The progress scope of the uploads chosen for one question of a response. */
export function attachmentUploadScope(responseId: string, questionId: string): string {
  return `attachment:${responseId}:${questionId}`;
}

/**
 * POST /api/assessment/responses/uploadAttachment?responseId=…&sectionId=…: multipart, one field
 * `file` (checklist types, ≤ 10 MB). The record joins a question's answer with the next Save.
 */
export function uploadAttachment({
  responseId,
  sectionId,
  questionId,
  scope,
  file,
}: UploadAttachmentInput): Promise<UploadAttachmentReply> {
  const form = new FormData();
  form.append('file', file);
  const query = new URLSearchParams({
    responseId,
    sectionId,
    ...(questionId ? { questionId } : {}),
  });
  return apiUpload<UploadAttachmentReply>(
    `/api/assessment/responses/uploadAttachment?${query.toString()}`,
    form,
    { name: file.name, scope },
  );
}

export function useUploadAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAttachment,
    meta: { successMessage: responseScreensMessages.fileAttachedNow },
    onSuccess: (file, input) => {
      // Joined to its question on the server: the cached question takes the file and its version.
      const { questionVersion, ...record } = file;
      if (questionVersion !== undefined && input.questionId !== undefined) {
        setAttachedFile(queryClient, { responseId: input.responseId, questionId: input.questionId }, record, questionVersion);
      }
    },
  });
}

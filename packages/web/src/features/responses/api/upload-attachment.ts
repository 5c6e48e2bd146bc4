import { useMutation } from '@tanstack/react-query';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { messages } from '@palisade/domain/messages';
import { apiCall } from '../../../lib/api-client';

export interface UploadAttachmentInput {
  responseId: string;
  /** The response section's _id. */
  sectionId: string;
  file: File;
}

/**
 * POST /api/assessment/responses/uploadAttachment?responseId=…&sectionId=…: multipart, one field
 * `file` (checklist types, ≤ 10 MB). The record joins a question's answer with the next Save.
 */
export function uploadAttachment({
  responseId,
  sectionId,
  file,
}: UploadAttachmentInput): Promise<FileRecord> {
  const form = new FormData();
  form.append('file', file);
  const query = new URLSearchParams({ responseId, sectionId });
  return apiCall<FileRecord>(
    `/api/assessment/responses/uploadAttachment?${query.toString()}`,
    form,
  );
}

export function useUploadAttachment() {
  return useMutation({
    mutationFn: uploadAttachment,
    meta: { successMessage: messages.responseScreens.fileAttached },
  });
}

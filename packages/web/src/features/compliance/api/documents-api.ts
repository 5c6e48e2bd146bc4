import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DocumentHistoryReply,
  DocumentVersion,
  ReviewDocumentInput,
} from '@palisade/domain/compliance/compliance.schema';
import { complianceMessages } from '@palisade/domain/compliance/compliance.messages';
import { apiCall } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/notifier';
import { apiUpload } from '../../../lib/uploads';
import { complianceKeys } from './keys';

/**
 * POST /api/compliance/getDocumentHistory: one contractor's versions of one requirement, newest
 * first. The organisation and its auditors name the contractor; a contractor reads its own (null).
 */
export function useDocumentHistory(requirementId: string, contractorId: string | null) {
  return useQuery({
    queryKey: complianceKeys.history(requirementId, contractorId),
    queryFn: ({ signal }) =>
      apiCall<DocumentHistoryReply>(
        '/api/compliance/getDocumentHistory',
        { requirementId, ...(contractorId ? { contractorId } : {}) },
        { signal },
      ),
  });
}

/** The progress scope of a requirement's upload dialog. */
export function documentUploadScope(requirementId: string): string {
  return `compliance:${requirementId}`;
}

/** The upload's text fields as the form has checked them (uploadDocumentFieldsSchema's output). */
export interface UploadDocumentInput {
  fields: {
    id: string;
    requirementId: string;
    issueDate: string;
    /** null when the requirement does not expire. */
    expiryDate: string | null;
    reference: string;
  };
  file: File;
}

/**
 * POST /api/compliance/uploadDocument: multipart, the text fields first and then the file part
 * `file` (the server reads the fields before it streams the file).
 */
export function uploadDocument({ fields, file }: UploadDocumentInput): Promise<DocumentVersion> {
  const form = new FormData();
  form.append('id', fields.id);
  form.append('requirementId', fields.requirementId);
  form.append('issueDate', fields.issueDate);
  if (fields.expiryDate) form.append('expiryDate', fields.expiryDate);
  if (fields.reference) form.append('reference', fields.reference);
  form.append('file', file);
  return apiUpload<DocumentVersion>('/api/compliance/uploadDocument', form, {
    name: file.name,
    scope: documentUploadScope(fields.requirementId),
  });
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    meta: { successMessage: complianceMessages.documentUploaded },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complianceKeys.all }),
  });
}

/** POST /api/compliance/reviewDocument: accept, or reject with a remark; the success text names which. */
export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewDocumentInput) =>
      apiCall<DocumentVersion>('/api/compliance/reviewDocument', input),
    onSuccess: async (_saved, input) => {
      showSuccess(
        input.decision === 'ACCEPTED'
          ? complianceMessages.documentAccepted
          : complianceMessages.documentRejected,
      );
      await queryClient.invalidateQueries({ queryKey: complianceKeys.all });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: complianceKeys.all }),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DocumentsReply,
  DocViewReply,
  PolicyDocument,
} from '@palisade/domain/documents/document.schema';
import { documentsMessages } from '@palisade/domain/messages/documents';
import { apiCall } from '../../lib/api-client';
import { apiUpload, namesOf } from '../../lib/uploads';

/**
 * The policy document calls (/api/document/…). They live with the shared Recent Policy Updates
 * card because the organisation's and the contractor's homes both show it, and features do not
 * import each other.
 */
export const documentKeys = {
  all: ['documents'] as const,
  list: (companyId: string, viewers: boolean) => ['documents', companyId, viewers] as const,
};

/** POST /api/document/getDocumentsByCompanyId[?viewers=true]: newest first, and the audience count. */
export function getDocumentsByCompanyId(
  companyId: string,
  viewers: boolean,
  signal?: AbortSignal,
): Promise<DocumentsReply> {
  return apiCall<DocumentsReply>(
    `/api/document/getDocumentsByCompanyId${viewers ? '?viewers=true' : ''}`,
    { companyId },
    { signal },
  );
}

/** The documents' query, for their lists and for a first visit's prefetch (app/first-page-prefetch). */
export function documentsQuery(companyId: string, viewers: boolean) {
  return queryOptions({
    queryKey: documentKeys.list(companyId, viewers),
    queryFn: ({ signal }) => getDocumentsByCompanyId(companyId, viewers, signal),
  });
}

export function useDocuments(companyId: string | null, viewers: boolean) {
  return useQuery({ ...documentsQuery(companyId ?? '', viewers), enabled: companyId !== null });
}

export interface DocumentFormInput {
  title: string;
  description: string;
  /** New files to attach. */
  files: readonly File[];
}

function formOf(input: DocumentFormInput, extra: Array<[string, string]> = []): FormData {
  const form = new FormData();
  // The fields first, then the files: the server streams each file as it comes.
  for (const [k, v] of extra) form.append(k, v);
  form.append('title', input.title);
  form.append('description', input.description);
  for (const f of input.files) form.append('attachments', f, f.name);
  return form;
}

/**
 * POST /api/document/createDocument, multipart: the document's own id (made when the dialog opens,
 * kept for its retries: DECISIONS.md), title, description and the files.
 */
export function createDocument(input: DocumentFormInput & { id: string }): Promise<PolicyDocument> {
  return send('/api/document/createDocument', formOf(input, [['id', input.id]]), input.files, input.id);
}

/** The progress scope of one document's files: its id (a new one's own id, made when the dialog opens). */
export function documentUploadScope(documentId: string): string {
  return `document:${documentId}`;
}

/** A document's form: with its progress when it carries files (issue 56), else a plain call. */
function send(
  path: string,
  form: FormData,
  files: readonly File[],
  documentId: string,
): Promise<PolicyDocument> {
  if (files.length === 0) return apiCall<PolicyDocument>(path, form);
  return apiUpload<PolicyDocument>(path, form, {
    name: namesOf(files),
    scope: documentUploadScope(documentId),
  });
}

/** POST /api/document/editDocument, multipart: the document, its text, the kept files' paths and new files. */
export function editDocument(
  input: DocumentFormInput & { documentId: string; keep: readonly string[] },
): Promise<PolicyDocument> {
  return send(
    '/api/document/editDocument',
    formOf(input, [
      ['documentId', input.documentId],
      ...input.keep.map((k): [string, string] => ['keep', k]),
    ]),
    input.files,
    input.documentId,
  );
}

/** POST /api/document/deleteDocument {documentId} */
export function deleteDocument(documentId: string): Promise<{ documentId: string }> {
  return apiCall<{ documentId: string }>('/api/document/deleteDocument', { documentId });
}

/** POST /api/document/recordDocView {documentId}: the signed-in reader opened it. */
export function recordDocView(documentId: string): Promise<DocViewReply> {
  return apiCall<DocViewReply>('/api/document/recordDocView', { documentId });
}

export function useCreateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDocument,
    meta: { successMessage: documentsMessages.created },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export function useEditDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editDocument,
    meta: { successMessage: documentsMessages.edited },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    meta: { successMessage: documentsMessages.deleted },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

/** Records a reader's opening; the list is read again only when this call recorded a new view. */
export function useRecordDocView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordDocView,
    onSuccess: (reply) =>
      reply.recorded ? queryClient.invalidateQueries({ queryKey: documentKeys.all }) : undefined,
  });
}

import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { DOCUMENT_VIEWER_PAGE_SIZES } from '@palisade/domain/documents/document.rules';
import type {
  DocumentsReply,
  DocumentViewersPage,
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
  list: (companyId: string, manage: boolean) => ['documents', companyId, manage] as const,
  viewers: (documentId: string, page: number, pageSize: number) =>
    ['documents', 'viewers', documentId, { page, pageSize }] as const,
};

/**
 * POST /api/document/getDocumentsByCompanyId: newest first, with the read figures, and the
 * audience count. Never with ?viewers=true (every viewer of every document in one reply): the
 * popup asks for its document's viewers a page at a time (getDocumentViewers, issue 63).
 */
export function getDocumentsByCompanyId(
  companyId: string,
  signal?: AbortSignal,
): Promise<DocumentsReply> {
  return apiCall<DocumentsReply>(
    '/api/document/getDocumentsByCompanyId',
    { companyId },
    { signal },
  );
}

/**
 * The documents' query, for their lists and for a first visit's prefetch (app/first-page-prefetch);
 * `manage` (the organisation's card) keys it apart from a reader's.
 */
export function documentsQuery(companyId: string, manage: boolean) {
  return queryOptions({
    queryKey: documentKeys.list(companyId, manage),
    queryFn: ({ signal }) => getDocumentsByCompanyId(companyId, signal),
  });
}

export function useDocuments(companyId: string | null, manage: boolean) {
  return useQuery({ ...documentsQuery(companyId ?? '', manage), enabled: companyId !== null });
}

/** A page size of a document's viewers. */
export type ViewerPageSize = (typeof DOCUMENT_VIEWER_PAGE_SIZES)[number];

/** POST /api/document/getDocumentViewers: one page (from 1) of a document's viewers, newest first. */
export function getDocumentViewers(
  input: { documentId: string; page: number; pageSize: ViewerPageSize },
  signal?: AbortSignal,
): Promise<DocumentViewersPage> {
  return apiCall<DocumentViewersPage>('/api/document/getDocumentViewers', input, { signal });
}

/** The viewers' page on screen; the previous one stays shown while the next loads. */
export function useDocumentViewers(documentId: string, page: number, pageSize: ViewerPageSize) {
  return useQuery({
    queryKey: documentKeys.viewers(documentId, page, pageSize),
    queryFn: ({ signal }) => getDocumentViewers({ documentId, page, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
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
  return send(
    '/api/document/createDocument',
    formOf(input, [['id', input.id]]),
    input.files,
    input.id,
  );
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

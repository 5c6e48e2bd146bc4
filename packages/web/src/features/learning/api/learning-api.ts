import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTICES_TOPIC } from '@palisade/domain/constants';
import type {
  LearningCategories,
  LearningDoc,
  LearningGraph,
  LearningTable,
  NoticeViewReply,
  StorageReference,
  TopicDocsReply,
} from '@palisade/domain/learning/learning.schema';
import { apiCall } from '../../../lib/api-client';
import { apiUpload } from '../../../lib/uploads';

/** The learning and notice calls of the Learning page (issue 15). */
export const learningKeys = {
  all: ['learning'] as const,
  table: (q: TableQuery) => ['learning', 'table', q] as const,
  graph: (companyId: string, year: number) => ['learning', 'graph', companyId, year] as const,
  library: (companyId: string) => ['learning', 'library', companyId] as const,
  categories: (companyId: string) => ['learning', 'categories', companyId] as const,
  notices: (companyId: string) => ['learning', 'notices', companyId] as const,
};

export interface TableQuery {
  role: 'company' | 'contractor';
  companyId: string;
  page: number;
  pageSize: number;
  search: string;
}

/** GET /api/{role}/fetchLearningTable: a page of employees with seconds and completed modules. */
export function useLearningTable(q: TableQuery | null) {
  return useQuery({
    queryKey: learningKeys.table(q ?? { role: 'company', companyId: '', page: 1, pageSize: 10, search: '' }),
    queryFn: ({ signal }) => {
      const query = q as TableQuery;
      const params = new URLSearchParams({ cmp_id: query.companyId, page: String(query.page), pageSize: String(query.pageSize) });
      if (query.search !== '') params.set('search', query.search);
      return apiCall<LearningTable>(`/api/${query.role}/fetchLearningTable?${params.toString()}`, undefined, { method: 'GET', signal });
    },
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/company/fetchLearningGraph: seconds and hours per month of a year. */
export function useLearningGraph(companyId: string | null, year: number) {
  return useQuery({
    queryKey: learningKeys.graph(companyId ?? '', year),
    queryFn: ({ signal }) =>
      apiCall<LearningGraph>(`/api/company/fetchLearningGraph?cmp_id=${encodeURIComponent(companyId ?? '')}&year=${year}`, undefined, { method: 'GET', signal }),
    enabled: companyId !== null,
  });
}

/** GET /api/learning/getLearningDocs: the learning library. */
export function useLearningDocs(companyId: string | null) {
  return useQuery({
    queryKey: learningKeys.library(companyId ?? ''),
    queryFn: ({ signal }) => apiCall<LearningDoc[]>(`/api/learning/getLearningDocs?cmp_id=${encodeURIComponent(companyId ?? '')}`, undefined, { method: 'GET', signal }),
    enabled: companyId !== null,
  });
}

/** GET /api/company/getLearningCategories (the organisation's Upload Learning). */
export function useLearningCategories(companyId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: learningKeys.categories(companyId ?? ''),
    queryFn: ({ signal }) =>
      apiCall<LearningCategories>(`/api/company/getLearningCategories?cmp_id=${encodeURIComponent(companyId ?? '')}`, undefined, { method: 'GET', signal }),
    enabled: companyId !== null && enabled,
  });
}

/** POST /api/company/addLearningCategory */
export function useAddLearningCategory(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: 'category' | 'subcategory'; name: string }) =>
      apiCall<LearningCategories>('/api/company/addLearningCategory', { companyId, ...input }),
    onSuccess: (data) => client.setQueryData(learningKeys.categories(companyId), data),
  });
}

/** What the upload modals send: the document, and the chosen file (none for a Youtube link). */
export interface UploadInput {
  /** A notice's own id, made when the dialog opens and kept for its retries (DECISIONS.md). */
  id: string;
  companyId: string;
  /** null: a notice. */
  topic: string | null;
  document: {
    title: string;
    desc: string;
    totaltime: number;
    rewards: number;
    type: number;
    subcat: string;
    filename: string;
    item_url: string;
  };
  file: File | null;
}

/**
 * company/uploadLearning or notice/createNotice, then the file to the storage reference they
 * answer (POST multipart to its uploadUrl).
 */
export async function uploadDocument(input: UploadInput): Promise<StorageReference> {
  const ref =
    input.topic === null
      ? await apiCall<StorageReference>('/api/notice/createNotice', { id: input.id, cmp_id: input.companyId, document: input.document })
      : await apiCall<StorageReference>('/api/company/uploadLearning', { cmp_id: input.companyId, topic: input.topic, document: input.document });
  if (ref.uploadUrl && input.file) {
    const form = new FormData();
    form.append('file', input.file, input.file.name);
    await apiUpload<LearningDoc>(ref.uploadUrl, form, {
      name: input.file.name,
      scope: documentUploadScope(input.id),
    });
  }
  return ref;
}

/** The progress scope of the file of one upload dialog's document (its id, made when it opens). */
export function documentUploadScope(id: string): string {
  return `learning:${id}`;
}

export function useUploadDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSettled: () => client.invalidateQueries({ queryKey: learningKeys.all }),
  });
}

/** POST /api/company/getLearningTopicDocs {companyId, topic: Notices}: the notices and usersCount. */
export function useNotices(companyId: string | null) {
  return useQuery({
    queryKey: learningKeys.notices(companyId ?? ''),
    queryFn: ({ signal }) => apiCall<TopicDocsReply>('/api/company/getLearningTopicDocs', { companyId, topic: NOTICES_TOPIC }, { signal }),
    enabled: companyId !== null,
  });
}

/** POST /api/notice/recordNoticeView */
export function useRecordNoticeView(companyId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (noticeId: string) => apiCall<NoticeViewReply>('/api/notice/recordNoticeView', { noticeId }),
    onSuccess: () => client.invalidateQueries({ queryKey: learningKeys.notices(companyId ?? '') }),
  });
}

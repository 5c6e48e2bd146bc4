import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  ChatMessage,
  GetMessagesReply,
  MarkReadReply,
  UnreadCountsReply,
} from '@palisade/domain/chat/chat.schema';
import { CHAT_PAGE_DEFAULT } from '@palisade/domain/constants';
import { apiCall } from '../../lib/api-client';
import { apiUpload } from '../../lib/uploads';

/**
 * The chat calls (POST /api/chat/…). They live with the shared chat components because every
 * checklist (contractor, auditor, organisation) shows the same chat, and features do not import
 * each other.
 */
export const chatKeys = {
  all: ['chat'] as const,
  unread: (responseId: string) => ['chat', 'unread', responseId] as const,
  messages: (responseId: string, questionId: string) =>
    ['chat', 'messages', responseId, questionId] as const,
};

export interface RoomRef {
  responseId: string;
  /** The response question's _id. */
  questionId: string;
}

/** POST /api/chat/getMessages: a page of the room's history, oldest first; marks it read. */
export function getMessages(
  input: RoomRef & { before?: string; limit?: number },
  signal?: AbortSignal,
): Promise<GetMessagesReply> {
  return apiCall<GetMessagesReply>('/api/chat/getMessages', input, { signal });
}

/**
 * The room's history while the dialog is open. Page 0 is the newest; each next page is older
 * (before = the oldest message held). Not kept once the dialog closes: every opening reads again,
 * which is also what marks the room read.
 */
export function useChatMessages({ responseId, questionId }: RoomRef) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(responseId, questionId),
    queryFn: ({ pageParam, signal }) =>
      getMessages(
        pageParam
          ? { responseId, questionId, before: pageParam, limit: CHAT_PAGE_DEFAULT }
          : { responseId, questionId, limit: CHAT_PAGE_DEFAULT },
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? (last.messages[0]?._id ?? undefined) : undefined),
    gcTime: 0,
    staleTime: Infinity,
  });
}

/** Every message of the loaded pages, oldest first. */
export function historyOf(data: InfiniteData<GetMessagesReply> | undefined): ChatMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.messages);
}

export interface SendChatInput extends RoomRef {
  /** The message's own id, made once per message composed and kept for its retries (DECISIONS.md). */
  id: string;
  message: string;
  file: File | null;
}

/** POST /api/chat/sendMessage, multipart: id, responseId, questionId, message and an optional file. */
export function sendChatMessage({
  id,
  responseId,
  questionId,
  message,
  file,
}: SendChatInput): Promise<ChatMessage> {
  const form = new FormData();
  // The id first: the server names the file's folder after it.
  form.append('id', id);
  form.append('responseId', responseId);
  form.append('questionId', questionId);
  form.append('message', message);
  // The file goes last: the server reads the text fields before it streams the file.
  if (!file) return apiCall<ChatMessage>('/api/chat/sendMessage', form);
  form.append('file', file);
  return apiUpload<ChatMessage>('/api/chat/sendMessage', form, {
    name: file.name,
    scope: chatUploadScope({ responseId, questionId }),
  });
}

/** The progress scope of a file sent in one question's chat. */
export function chatUploadScope(room: RoomRef): string {
  return `chat:${room.responseId}:${room.questionId}`;
}

export function useSendChatMessage() {
  return useMutation({ mutationFn: sendChatMessage });
}

/** POST /api/chat/markRead. */
export function markRead(input: RoomRef): Promise<MarkReadReply> {
  return apiCall<MarkReadReply>('/api/chat/markRead', input);
}

/** Marks a room read in the background: a failure only leaves a badge, not worth a dialog. */
export function useMarkRead() {
  return useMutation({ mutationFn: markRead, meta: { errorDialog: false } });
}

/** POST /api/chat/getUnreadCounts: questionId → messages from others not read yet. */
export function getUnreadCounts(responseId: string, signal?: AbortSignal) {
  return apiCall<UnreadCountsReply>('/api/chat/getUnreadCounts', { responseId }, { signal });
}

/**
 * The unread counts of a response: one call per checklist page however many buttons read it.
 * A failure shows no Error dialog: the badges are a hint, and the page reports its own errors.
 */
export function useUnreadCounts(responseId: string) {
  return useQuery({
    queryKey: chatKeys.unread(responseId),
    queryFn: ({ signal }) => getUnreadCounts(responseId, signal),
    enabled: responseId !== '',
    meta: { errorDialog: false },
  });
}

/** Sets one question's unread count in the cached counts (when loaded). */
export function setUnread(
  queryClient: QueryClient,
  { responseId, questionId }: RoomRef,
  next: (count: number) => number,
): void {
  queryClient.setQueryData<UnreadCountsReply>(chatKeys.unread(responseId), (old) =>
    old ? { ...old, [questionId]: next(old[questionId] ?? 0) } : old,
  );
}

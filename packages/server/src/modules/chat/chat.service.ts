import { chatRoomId, isChatOpen } from '@palisade/domain/chat/chat.rules';
import type { ChatMessage, GetMessagesReply, UnreadCountsReply } from '@palisade/domain/chat/chat.schema';
import { CHAT_RESUME_MAX } from '@palisade/domain/constants';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import type { ChatBus } from '../../realtime/bus';
import type { FilesService } from '../files/files.service';
import { mayRead } from '../responses/response-access';
import { createChatSending, type ChatRoomTarget } from './chat-sending';
import { presentChatMessage } from './chat.presenter';
import { chatRepository, type ChatResponseRef } from './chat.repository';

const m = messages.chat;
/** How many just-sent messages an instance keeps for its own deliveries. */
const JUST_SENT_MAX = 1000;

export interface ChatDeps {
  db: Db;
  files: FilesService;
  bus: ChatBus;
  /** The time a message is sent at (its created_at, one millisecond past its response's newest when not later). */
  clock: Clock;
}

/**
 * Realtime chat per question (issue 6; foundation-and-contractor §2 to §4, company-and-auditor
 * §2.5, §7). One room per (contractor, response question), created with its first message. Who
 * may read the response may use its rooms (mayRead); anyone else gets 404, so that whether it
 * exists is not told. Messages may be sent in every response status but COMPLETED, where the
 * chat is read-only (409; DECISIONS.md States).
 *
 * A message's created_at rises strictly within its response (one millisecond past the newest),
 * so that "newer than since" resumes a reconnecting client without loss or repeat. New messages
 * reach the sockets through the bus: pg_notify in the insert's transaction on PostgreSQL, an
 * emitter after the commit on PGlite.
 *
 * Chat writes are not copied into the audit log: a message row is itself who, what and when,
 * and it is never changed. Sending (a message and its file) is chat-sending.ts; this file reads.
 */
export function createChatService(deps: ChatDeps) {
  const { db } = deps;
  // Messages this instance just stored, by id: its own sockets get them without a read.
  const justSent = new Map<string, ChatMessage>();
  const remember = (message: ChatMessage) => {
    justSent.set(message._id, message);
    if (justSent.size > JUST_SENT_MAX) {
      const oldest = justSent.keys().next();
      if (!oldest.done) justSent.delete(oldest.value);
    }
  };

  /** The response, when the caller may use its rooms; else 404. */
  async function access(ctx: AuthContext, responseId: string): Promise<ChatResponseRef> {
    const response = await chatRepository.findResponse(db, responseId);
    if (!response || !mayRead(ctx, response)) throw new AppError('NOT_FOUND', messages.responses.notFound, { field: 'responseId' });
    return response;
  }

  /** The response and the room of one of its questions (one read); 404 when either is not the caller's. */
  async function room(ctx: AuthContext, responseId: string, questionId: string): Promise<ChatRoomTarget> {
    const found = await chatRepository.findResponseWithQuestion(db, responseId, questionId);
    if (!found || !mayRead(ctx, found.response)) throw new AppError('NOT_FOUND', messages.responses.notFound, { field: 'responseId' });
    const { response, question } = found;
    if (!question) throw new AppError('NOT_FOUND', m.questionNotFound, { field: 'questionId' });
    return { response, question, roomId: chatRoomId(response.contractorId, question.id) };
  }

  const sending = createChatSending({ ...deps, room, remember });


  return {
    mayUseChat: mayRead,
    ...sending,

    /** getMessages: a page of the room, oldest first, older than `before`; marks the room read. */
    async getMessages(ctx: AuthContext, input: { responseId: string; questionId: string; before?: string | undefined; limit: number }): Promise<GetMessagesReply> {
      const { roomId, response } = await room(ctx, input.responseId, input.questionId);
      let before: { createdAt: Date; id: string } | undefined;
      if (input.before !== undefined) {
        before = await chatRepository.messagePosition(db, roomId, input.before);
        if (!before) throw new AppError('BAD_REQUEST', m.beforeNotFound, { field: 'before' });
      }
      const rows = await chatRepository.pageNewestFirst(db, roomId, input.limit + 1, before);
      const hasMore = rows.length > input.limit;
      const page = rows.slice(0, input.limit).reverse();
      await chatRepository.markRead(db, roomId, ctx.user.id);
      return { roomId, messages: page.map(presentChatMessage), hasMore, readOnly: !isChatOpen(response.status) };
    },

    /** markRead: the caller has read the room up to its newest message. */
    async markRead(ctx: AuthContext, input: { responseId: string; questionId: string }): Promise<{ roomId: string }> {
      const { roomId } = await room(ctx, input.responseId, input.questionId);
      await chatRepository.markRead(db, roomId, ctx.user.id);
      return { roomId };
    },

    /** getUnreadCounts: per question of the response, messages of others the caller has not read. */
    async unreadCounts(ctx: AuthContext, responseId: string): Promise<UnreadCountsReply> {
      const response = await access(ctx, responseId);
      const rows = await chatRepository.unreadCounts(db, response.id, ctx.user.id);
      return Object.fromEntries(rows.filter((r) => r.unread > 0).map((r) => [r.questionId, r.unread]));
    },

    /** True when the caller may follow the response's rooms on the realtime channel. */
    async maySubscribe(ctx: AuthContext, responseId: string): Promise<boolean> {
      const response = await chatRepository.findResponse(db, responseId);
      return response !== undefined && mayRead(ctx, response);
    },

    /** The messages of a response newer than `since`, oldest first (a reconnecting client). */
    async messagesSince(responseId: string, since: Date): Promise<ChatMessage[]> {
      return (await chatRepository.responseMessagesSince(db, responseId, since, CHAT_RESUME_MAX)).map(presentChatMessage);
    },

    /** Of these sessions, those still live: a socket whose session ended is closed. */
    async liveSessions(ids: readonly string[]): Promise<Set<string>> {
      return new Set(await chatRepository.liveSessions(db, ids));
    },

    /** A new message as sockets receive it; null when it is gone. */
    async forDelivery(messageId: string): Promise<ChatMessage | null> {
      const own = justSent.get(messageId);
      if (own) return own;
      const row = await chatRepository.loadMessage(db, messageId);
      return row ? presentChatMessage(row) : null;
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;

import { z } from 'zod';
import { clientIdField } from '../client-id';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_DEFAULT, CHAT_PAGE_MAX } from '../constants';
import { chatMessages } from '../messages/chat';
import { idField } from '../users/users.schema';

const m = chatMessages;

/**
 * Realtime chat per question (foundation-and-contractor §2, §3, §4; company-and-auditor §2.5, §3,
 * §7): one room per (contractor, response question), id `${contractorId}_${questionId}`. The
 * server validates the calls and the socket frames with these; the web reads the reply types.
 */

/** Who wrote a message, as the spec names the three sides. */
export const CHAT_SENDER_TYPES = ['ORGANIZATION', 'COMPANY', 'AUDITOR'] as const;
export type ChatSenderType = (typeof CHAT_SENDER_TYPES)[number];

/** A file sent with a message (spec §3: filePath, contentType, fileName, fileSize). */
export const chatDocumentSchema = z.object({
  fileName: z.string(),
  filePath: z.string(),
  /** The authorized download link, /api/files/{id}/{name}. */
  fileLink: z.string(),
  fileSize: z.number().int().nonnegative(),
  contentType: z.string(),
});
export type ChatDocument = z.infer<typeof chatDocumentSchema>;

/** A message as every reply and socket frame carries it. */
export const chatMessageSchema = z.object({
  _id: z.string(),
  roomId: z.string(),
  responseId: z.string(),
  /** The response question's `_id`. */
  questionId: z.string(),
  /** The text; '' when only a file was sent. */
  message: z.string(),
  fromId: z.string(),
  fromType: z.enum(CHAT_SENDER_TYPES),
  fromName: z.string(),
  /** URL of the sender's profile image (/api/files/…), null when it has none. */
  fromImage: z.string().nullable(),
  /** ISO date and time. */
  createdAt: z.string(),
  document: chatDocumentSchema.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A room of a response: which response and which question of it. */
const roomRefShape = {
  responseId: idField('responseId'),
  questionId: idField('questionId'),
};

/** POST /chat/getMessages: a page of a room's history, oldest first; marks the room read. */
export const getMessagesSchema = z.object({
  ...roomRefShape,
  /** A message `_id`: only messages older than it. */
  before: idField('before').optional(),
  limit: z
    .number({ error: m.limit })
    .int(m.limit)
    .min(1, m.limit)
    .max(CHAT_PAGE_MAX, m.limit)
    .default(CHAT_PAGE_DEFAULT),
});
export type GetMessagesInput = z.input<typeof getMessagesSchema>;

export const getMessagesReplySchema = z.object({
  roomId: z.string(),
  /** Oldest first. */
  messages: z.array(chatMessageSchema),
  /** True when older messages remain (ask again with before = messages[0]._id). */
  hasMore: z.boolean(),
  /** True once the response is COMPLETED: the chat is read, no longer written (issue 19). */
  readOnly: z.boolean().optional(),
});
export type GetMessagesReply = z.infer<typeof getMessagesReplySchema>;

/**
 * POST /chat/sendMessage, multipart/form-data: these text fields and an optional single `file`.
 * Whether text or a file is there is checked by the server once the parts are read (m.empty).
 */
export const sendMessageFieldsSchema = z.object({
  ...roomRefShape,
  /** The message's own id, made by the composer for this message (DECISIONS.md: the same id twice stores one). */
  id: clientIdField,
  message: z
    .string({ error: m.messageText })
    .max(CHAT_MESSAGE_MAX_LENGTH, m.tooLong)
    .default('')
    .transform((s) => s.trim()),
});
export type SendMessageFields = z.input<typeof sendMessageFieldsSchema>;

/** The Send rule of the chat dialog: text or a file (spec §5). */
export function canSendChat(text: string, hasFile: boolean): boolean {
  return hasFile || text.trim().length > 0;
}

/** POST /chat/markRead */
export const markReadSchema = z.object(roomRefShape);
export type MarkReadInput = z.input<typeof markReadSchema>;
export const markReadReplySchema = z.object({ roomId: z.string() });
export type MarkReadReply = z.infer<typeof markReadReplySchema>;

/** POST /chat/getUnreadCounts: per question of the response, messages from others not yet read. */
export const getUnreadCountsSchema = z.object({ responseId: idField('responseId') });
export type GetUnreadCountsInput = z.input<typeof getUnreadCountsSchema>;
/** questionId → count; questions with none may be left out. */
export const unreadCountsReplySchema = z.record(z.string(), z.number().int().nonnegative());
export type UnreadCountsReply = z.infer<typeof unreadCountsReplySchema>;

// ------------------------------------------------------------------------- realtime frames
/** What a client sends on /api/realtime. */
export const realtimeClientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe'),
    responseId: idField('responseId'),
    /** createdAt (ISO) of the last message the client has: the server sends every newer one. */
    since: z.iso.datetime({ offset: true, error: m.sinceInvalid }).optional(),
  }),
  z.object({ type: z.literal('unsubscribe'), responseId: idField('responseId') }),
  z.object({ type: z.literal('ping') }),
]);
export type RealtimeClientFrame = z.infer<typeof realtimeClientFrameSchema>;

/** What the server sends on /api/realtime. */
export const realtimeServerFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), responseId: z.string() }),
  z.object({ type: z.literal('message'), message: chatMessageSchema }),
  /** A refused subscribe (responseId set) or an unreadable frame (responseId null). */
  z.object({ type: z.literal('error'), responseId: z.string().nullable(), message: z.string() }),
  z.object({ type: z.literal('pong') }),
  /** The user's notifications changed (issue 22): its unread count now. */
  z.object({ type: z.literal('notifications'), unread: z.number().int() }),
]);
export type RealtimeServerFrame = z.infer<typeof realtimeServerFrameSchema>;

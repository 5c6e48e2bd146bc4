import type { ChatMessage } from '@palisade/domain/chat/chat.schema';
import type { ChatMessageRecord } from './chat.repository';

/** A message as replies and socket frames carry it; the sender's image is its current one. */
export function presentChatMessage(r: ChatMessageRecord): ChatMessage {
  return {
    _id: r.id,
    roomId: r.roomId,
    responseId: r.responseId,
    questionId: r.questionId,
    message: r.message,
    fromId: r.fromId,
    fromType: r.fromType,
    fromName: r.fromName,
    fromImage: r.fromImage?.fileLink ?? null,
    createdAt: r.createdAt.toISOString(),
    document: r.document,
  };
}

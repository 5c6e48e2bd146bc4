import { ResponseStatus } from '../statuses';
import { CHAT_ATTACHMENT_ROOT, CHAT_INCOMING_ROOT } from '../constants';
import { UserType } from '../user-types';
import type { ChatSenderType } from './chat.schema';

/** A room's id: the contractor's id joined to the response question's id (spec §3). */
export function chatRoomId(contractorId: string, questionId: string): string {
  return `${contractorId}_${questionId}`;
}

/** How a message names its sender's side; null for types that have no chat (operator, employee). */
export function chatSenderType(type: number): ChatSenderType | null {
  switch (type) {
    case UserType.ORGANISATION:
      return 'ORGANIZATION';
    case UserType.CONTRACTOR:
      return 'COMPANY';
    case UserType.AUDITOR:
      return 'AUDITOR';
    default:
      return null;
  }
}

/** Where a message's file is stored: chat_rooms/{room}/messages/{messageId}/attachments (spec §4). */
export function chatAttachmentFolder(roomId: string, messageId: string): string {
  return `${CHAT_ATTACHMENT_ROOT}/${roomId}/messages/${messageId}/attachments`;
}

/** Where a message's file waits while the fields naming its room have not arrived yet. */
export function chatIncomingFolder(messageId: string): string {
  return `${CHAT_INCOMING_ROOT}/${messageId}`;
}

/** The chat of a response takes messages in every status but COMPLETED, where it is read-only (DECISIONS.md States). */
export function isChatOpen(status: ResponseStatus): boolean {
  return status !== ResponseStatus.COMPLETED;
}

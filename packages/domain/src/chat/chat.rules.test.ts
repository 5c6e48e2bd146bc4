import { describe, expect, it } from 'vitest';
import { UserType } from '../user-types';
import { chatAttachmentFolder, chatIncomingFolder, chatRoomId, chatSenderType } from './chat.rules';
import { canSendChat, getMessagesSchema, realtimeClientFrameSchema, sendMessageFieldsSchema } from './chat.schema';
import { messages } from '../messages';

describe('chat rules', () => {
  it('names rooms, senders and attachment folders as the spec does', () => {
    expect(chatRoomId('c1', 'q9')).toBe('c1_q9');
    expect(chatSenderType(UserType.ORGANISATION)).toBe('ORGANIZATION');
    expect(chatSenderType(UserType.CONTRACTOR)).toBe('COMPANY');
    expect(chatSenderType(UserType.AUDITOR)).toBe('AUDITOR');
    expect(chatSenderType(UserType.EMPLOYEE)).toBeNull();
    expect(chatSenderType(UserType.OPERATOR)).toBeNull();
    expect(chatAttachmentFolder('c1_q9', 'm1')).toBe('chat_rooms/c1_q9/messages/m1/attachments');
    // A file sent before the fields naming its room waits outside chat_rooms.
    expect(chatIncomingFolder('m1')).toBe('incoming/chat/m1');
  });

  it('lets Send go with text or a file, not with neither', () => {
    expect(canSendChat('', false)).toBe(false);
    expect(canSendChat('   ', false)).toBe(false);
    expect(canSendChat('', true)).toBe(true);
    expect(canSendChat('hi', false)).toBe(true);
  });
});

describe('chat schemas', () => {
  it('pages 50 by default, 1 to 100', () => {
    expect(getMessagesSchema.parse({ responseId: 'r', questionId: 'q' }).limit).toBe(50);
    for (const limit of [0, 101, 1.5]) expect(getMessagesSchema.safeParse({ responseId: 'r', questionId: 'q', limit }).error?.issues[0]?.message).toBe(messages.chat.limit);
  });

  it('trims the text and caps it at 2000 characters', () => {
    expect(sendMessageFieldsSchema.parse({ responseId: 'r', questionId: 'q', message: '  hi ' }).message).toBe('hi');
    expect(sendMessageFieldsSchema.parse({ responseId: 'r', questionId: 'q' }).message).toBe('');
    expect(sendMessageFieldsSchema.safeParse({ responseId: 'r', questionId: 'q', message: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe(messages.chat.tooLong);
  });

  it('reads the three client frames; since is an ISO date', () => {
    expect(realtimeClientFrameSchema.parse({ type: 'subscribe', responseId: 'r', since: '2026-01-01T10:00:00.000Z' })).toMatchObject({ type: 'subscribe' });
    expect(realtimeClientFrameSchema.parse({ type: 'ping' })).toEqual({ type: 'ping' });
    expect(realtimeClientFrameSchema.safeParse({ type: 'subscribe', responseId: 'r', since: 'yesterday' }).error?.issues[0]?.message).toBe(messages.chat.sinceInvalid);
    expect(realtimeClientFrameSchema.safeParse({ type: 'shout' }).success).toBe(false);
  });
});

import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ChatDocument, ChatSenderType } from '@palisade/domain/chat/chat.schema';
import { createdAt } from './columns';
import { organisations, users } from './accounts';
import { assessments } from './assessments';
import { responses, responseSections, responseQuestions } from './responses';

/**
 * A conversation about one question of a contractor's response, id `${contractorId}_${questionId}`
 * (spec §3), created with its first message. Who may read it follows the response: its
 * contractor, the organisation's users and the organisation's auditors.
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: text('id').primaryKey(),
    responseId: text('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id),
    /** The response section of the question. */
    sectionId: text('section_id')
      .notNull()
      .references(() => responseSections.id, { onDelete: 'cascade' }),
    /** The response question (its `_id` in replies). */
    questionId: text('question_id')
      .notNull()
      .references(() => responseQuestions.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    contractorId: text('contractor_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('chat_rooms_response_idx').on(t.responseId)],
);

/**
 * A message of a room. Its sender's name and side are kept as they were; created_at rises
 * strictly within a response (chat.service), so that a reconnecting client resumes after the
 * last one it has without loss or repeat.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    responseId: text('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    fromId: text('from_id')
      .notNull()
      .references(() => users.id),
    fromType: text('from_type').$type<ChatSenderType>().notNull(),
    fromName: text('from_name').notNull(),
    /** '' when only a file was sent. */
    message: text('message').notNull().default(''),
    document: jsonb('document').$type<ChatDocument>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_room_idx').on(t.roomId, t.createdAt, t.id),
    index('chat_messages_response_idx').on(t.responseId, t.createdAt),
    // The chat digest sweep (issue 22) reads the messages of the last day older than ten minutes.
    index('chat_messages_created_idx').on(t.createdAt),
  ],
);

/** How far each reader has read a room (unread counts are the newer messages of others). */
export const chatReads = pgTable(
  'chat_reads',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);

/** How far each reader's unread messages of a room were told in a digest. */
export const chatDigests = pgTable(
  'chat_digests',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'chat_digests_pk', columns: [t.roomId, t.userId] })],
);

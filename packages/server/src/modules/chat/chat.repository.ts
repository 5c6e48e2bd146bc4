import { and, asc, count, desc, eq, gt, inArray, isNull, max, ne, or, sql } from 'drizzle-orm';
import type { ChatDocument, ChatSenderType } from '@palisade/domain/chat/chat.schema';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import type { ResponseStatus } from '@palisade/domain/statuses';
import type { DbOrTx } from '../../db/client';
import { namedStatement } from '../../db/named-statement';
import { chatMessages, chatReads, chatRooms, responseQuestions, responses, sessions, users } from '../../db/schema';
import { auditRepository } from '../audit/audit.repository';

/** The PostgreSQL channel on which every instance hears of new messages (payload: the message id). */
export const CHAT_CHANNEL = 'chat_messages';

/** What the access rules need of a response. */
export interface ChatResponseRef {
  id: string;
  assessmentId: string;
  contractorId: string;
  organisationId: string;
  /** COMPLETED makes its chat read-only (DECISIONS.md States). */
  status: ResponseStatus;
}

/** A message with what its reply shape needs besides its row. */
export interface ChatMessageRecord {
  id: string;
  roomId: string;
  responseId: string;
  questionId: string;
  fromId: string;
  fromType: ChatSenderType;
  fromName: string;
  message: string;
  document: ChatDocument | null;
  createdAt: Date;
  /** The sender's current profile image. */
  fromImage: FileRecord | null;
}

export type ChatRoomInsert = typeof chatRooms.$inferInsert;
export type ChatMessageInsert = typeof chatMessages.$inferInsert;

/** The chat.sendMessage audit entry of a message: what it names (the text is the room's to read). */
export interface MessageAudit {
  after: { responseId: string; questionId: string; file: string | null };
}

const p = (name: string) => sql.placeholder(name);

/**
 * findResponseWithQuestion's statement, named (namedStatement: each connection plans it once): it
 * runs for every message sent and every room opened.
 */
const responseWithQuestionStatement = namedStatement<ChatResponseRef & { questionId: string | null; sectionId: string | null }>(
  'chat_response_with_question',
  sql`select r.id, r.assessment_id as "assessmentId", r.contractor_id as "contractorId", r.organisation_id as "organisationId",
      r.status, q.id as "questionId", q.response_section_id as "sectionId"
    from ${responses} r
    left join ${responseQuestions} q on q.id = ${p('questionId')} and q.response_id = r.id
    where r.id = ${p('responseId')}
    limit 1`,
);

/**
 * insertMessageWithRoom's statement, named: a message sent is the chat's most frequent write. Its
 * writes join `open`, the response locked in a status that takes messages: none happens, and the
 * statement returns no row, when the response is in one of `closed` or gone. A message id already
 * stored (a repeated send, DECISIONS.md) writes nothing either: its row has a null created_at.
 */
const insertMessageStatement = namedStatement<{ created_at: Date | string | null }>(
  'chat_insert_message',
  sql`with open as materialized (
      select r.id from ${responses} r where r.id = ${p('responseId')} and r.status <> all(${p('closed')}::text[]) for key share of r
    ), room as (
      insert into ${chatRooms} (id, response_id, assessment_id, section_id, question_id, organisation_id, contractor_id, created_at)
      select ${p('roomId')}, ${p('responseId')}, ${p('assessmentId')}, ${p('sectionId')}, ${p('questionId')}, ${p('organisationId')},
        ${p('contractorId')}, ${p('at')}::timestamptz
      from open
      where not exists (select 1 from ${chatMessages} where id = ${p('messageId')})
      on conflict (id) do nothing
    ),
    msg as (
      insert into ${chatMessages} (id, room_id, response_id, from_id, from_type, from_name, message, document, created_at)
      select ${p('messageId')}, ${p('roomId')}, ${p('responseId')}, ${p('fromId')}, ${p('fromType')}, ${p('fromName')}, ${p('message')},
        ${p('document')}::jsonb,
        greatest(${p('at')}::timestamptz,
          (select max(created_at) + interval '1 millisecond' from ${chatMessages} where response_id = ${p('responseId')}))
      from open
      on conflict (id) do nothing
      returning created_at
    ),
    mark as (
      insert into ${chatReads} (room_id, user_id, last_read_at)
      select ${p('roomId')}, ${p('fromId')}, created_at from msg
      on conflict (room_id, user_id) do update set last_read_at = greatest(${chatReads}.last_read_at, excluded.last_read_at)
    ),
    logged as (
      ${auditRepository.appendSelectSql(
        {
          actorId: sql`${p('fromId')}::text`,
          organisationId: sql`${p('organisationId')}::text`,
          action: 'chat.sendMessage',
          entity: sql`'chat_message'`,
          entityId: sql`${p('messageId')}::text`,
          before: sql`null::jsonb`,
          after: sql`${p('auditAfter')}::jsonb`,
        },
        sql`from msg`,
      )}
    )
    select msg.created_at,
      case when ${p('notify')}::boolean and msg.created_at is not null then pg_notify(${p('channel')}::text, ${p('messageId')}::text) end as notified
    from open left join msg on true`,
);

/** The columns of a ChatMessageRecord, joined from the room (question) and the sender (image). */
function selectMessages(db: DbOrTx) {
  return db
    .select({
      id: chatMessages.id,
      roomId: chatMessages.roomId,
      responseId: chatMessages.responseId,
      questionId: chatRooms.questionId,
      fromId: chatMessages.fromId,
      fromType: chatMessages.fromType,
      fromName: chatMessages.fromName,
      message: chatMessages.message,
      document: chatMessages.document,
      createdAt: chatMessages.createdAt,
      fromImage: users.profileImage,
    })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .leftJoin(users, eq(users.id, chatMessages.fromId));
}

type SelectedMessage = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

function toRecord(row: SelectedMessage): ChatMessageRecord {
  return { ...row, document: row.document ?? null, fromImage: row.fromImage ?? null };
}

export const chatRepository = {
  async findResponse(db: DbOrTx, id: string): Promise<ChatResponseRef | undefined> {
    const rows = await db
      .select({
        id: responses.id,
        assessmentId: responses.assessmentId,
        contractorId: responses.contractorId,
        organisationId: responses.organisationId,
        status: responses.status,
      })
      .from(responses)
      .where(eq(responses.id, id))
      .limit(1);
    return rows[0];
  },

  /** The response, and its question when that question is of it (one read). */
  async findResponseWithQuestion(
    db: DbOrTx,
    responseId: string,
    questionId: string,
  ): Promise<{ response: ChatResponseRef; question: { id: string; sectionId: string } | null } | undefined> {
    const row = (await responseWithQuestionStatement(db, { responseId, questionId }))[0];
    if (!row) return undefined;
    const { questionId: qid, sectionId, ...response } = row;
    return { response, question: qid !== null && sectionId !== null ? { id: qid, sectionId } : null };
  },

  /**
   * A new message in one statement (so one transaction, without a round trip for BEGIN and
   * COMMIT): the room when it is the first message, the message one millisecond past the newest
   * of its response when the clock has not moved on, the sender's read mark, its audit entry, and,
   * with `notify`, pg_notify, heard by the other instances only once the statement commits.
   * Returns created_at; 'closed', with nothing written, when the response's status is one of
   * `closed` or the response is gone; 'taken', with nothing written, when a message with this id
   * is already stored (a repeated send, or another's id). The status is read under the lock the message's foreign key
   * takes anyway (FOR KEY SHARE): a change of status, which locks the response FOR UPDATE, waits
   * for the message, or the message for it and then sees the new status.
   */
  async insertMessageWithRoom(
    db: DbOrTx,
    room: Omit<ChatRoomInsert, 'createdAt'>,
    message: Omit<ChatMessageInsert, 'createdAt' | 'roomId' | 'responseId'> & { at: Date },
    notify: boolean,
    audit: MessageAudit,
    closed: readonly ResponseStatus[],
  ): Promise<Date | 'closed' | 'taken'> {
    const rows = await insertMessageStatement(db, {
      ...room,
      closed: `{${closed.join(',')}}`,
      roomId: room.id,
      at: message.at.toISOString(),
      messageId: message.id,
      fromId: message.fromId,
      fromType: message.fromType,
      fromName: message.fromName,
      message: message.message ?? '',
      document: message.document ? JSON.stringify(message.document) : null,
      notify,
      channel: CHAT_CHANNEL,
      auditAfter: JSON.stringify(audit.after),
    });
    const row = rows[0];
    if (!row) return 'closed';
    return row.created_at === null ? 'taken' : new Date(row.created_at);
  },

  /** Creates the room with its first message; a room that exists is left as it is. */
  async ensureRoom(db: DbOrTx, room: ChatRoomInsert): Promise<void> {
    await db.insert(chatRooms).values(room).onConflictDoNothing({ target: chatRooms.id });
  },

  async insertMessage(db: DbOrTx, row: ChatMessageInsert): Promise<void> {
    await db.insert(chatMessages).values(row);
  },

  async loadMessage(db: DbOrTx, id: string): Promise<ChatMessageRecord | undefined> {
    const rows = await selectMessages(db).where(eq(chatMessages.id, id)).limit(1);
    const row = rows[0];
    return row ? toRecord(row) : undefined;
  },

  /** Where a message sits in its room's order, for paging; undefined when it is not of that room. */
  async messagePosition(db: DbOrTx, roomId: string, id: string): Promise<{ createdAt: Date; id: string } | undefined> {
    const rows = await db
      .select({ createdAt: chatMessages.createdAt, id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, id), eq(chatMessages.roomId, roomId)))
      .limit(1);
    return rows[0];
  },

  /** Up to `limit` messages of a room older than `before` (or the newest), newest first. */
  async pageNewestFirst(db: DbOrTx, roomId: string, limit: number, before?: { createdAt: Date; id: string }): Promise<ChatMessageRecord[]> {
    const older = before
      ? sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id})`
      : undefined;
    const rows = await selectMessages(db)
      .where(and(eq(chatMessages.roomId, roomId), older))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(limit);
    return rows.map(toRecord);
  },

  /** Messages of every room of a response newer than a time, oldest first (resume). */
  async responseMessagesSince(db: DbOrTx, responseId: string, since: Date, limit: number): Promise<ChatMessageRecord[]> {
    const rows = await selectMessages(db)
      .where(and(eq(chatMessages.responseId, responseId), gt(chatMessages.createdAt, since)))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
      .limit(limit);
    return rows.map(toRecord);
  },

  /** Moves the reader's mark to the room's newest message (never back); nothing when it has none. */
  async markRead(db: DbOrTx, roomId: string, userId: string): Promise<void> {
    const [newest] = await db.select({ at: max(chatMessages.createdAt) }).from(chatMessages).where(eq(chatMessages.roomId, roomId));
    if (!newest?.at) return;
    await chatRepository.setReadMark(db, roomId, userId, newest.at);
  },

  /** Moves the reader's mark to a time (never back). */
  async setReadMark(db: DbOrTx, roomId: string, userId: string, at: Date): Promise<void> {
    await db
      .insert(chatReads)
      .values({ roomId, userId, lastReadAt: at })
      .onConflictDoUpdate({
        target: [chatReads.roomId, chatReads.userId],
        set: { lastReadAt: sql`greatest(${chatReads.lastReadAt}, excluded.last_read_at)` },
      });
  },

  /** Of these sessions, those still live (not ended or expired, of an active user). */
  async liveSessions(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(sessions.id, [...ids]), gt(sessions.expiresAt, sql`now()`), eq(users.isActive, true), isNull(users.deletedAt)));
    return rows.map((r) => r.id);
  },

  /** Per question of a response: messages of others newer than the reader's mark (only non-zero). */
  async unreadCounts(db: DbOrTx, responseId: string, userId: string): Promise<Array<{ questionId: string; unread: number }>> {
    return db
      .select({ questionId: chatRooms.questionId, unread: count() })
      .from(chatMessages)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
      .leftJoin(chatReads, and(eq(chatReads.roomId, chatMessages.roomId), eq(chatReads.userId, userId)))
      .where(
        and(
          eq(chatMessages.responseId, responseId),
          ne(chatMessages.fromId, userId),
          or(isNull(chatReads.lastReadAt), gt(chatMessages.createdAt, chatReads.lastReadAt)),
        ),
      )
      .groupBy(chatRooms.questionId);
  },
};

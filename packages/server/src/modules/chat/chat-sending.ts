import type { Readable } from 'node:stream';
import {
  chatAttachmentFolder,
  chatIncomingFolder,
  chatSenderType,
  isChatOpen,
} from '@palisade/domain/chat/chat.rules';
import type { ChatMessage, ChatSenderType } from '@palisade/domain/chat/chat.schema';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import { RESPONSE_STATUSES } from '@palisade/domain/statuses';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../../db/client';
import { createOnce, IdAlreadyStored } from '../../lib/create-once';
import type { AuthContext } from '../../plugins/auth-context';
import type { StagedUpload } from '../files/files.service';
import { presentChatMessage } from './chat.presenter';
import { chatRepository, type ChatResponseRef } from './chat.repository';
import { mayRead } from '../responses/response-access';
import type { ChatDeps } from './chat.service';

const m = messages.chat;

/** A file sent with a message, as the route hands it over. */
export interface ChatIncomingFile {
  fileName: string;
  stream: Readable;
  truncated: () => boolean;
}

/**
 * A message's file in the store, checked but not recorded (readable by no one): under its room's
 * folder when the fields came first, else under chatIncomingFolder until the message is recorded.
 */
export interface ChatStagedFile {
  /** The id the message gets (its file's folder is named after it). */
  messageId: string;
  /** The room whose folder holds it; null while it waits in the incoming folder. */
  roomId: string | null;
  upload: StagedUpload;
}

interface RoomRef {
  responseId: string;
  questionId: string;
}

/**
 * What never changes of a room: its response's contractor, organisation and assessment, its
 * question's section, its id. A message is written from these; the insert checks the status.
 */
interface RoomFacts {
  response: Omit<ChatResponseRef, 'status'>;
  question: { id: string; sectionId: string };
  roomId: string;
}

/** A room as a message is sent to it: its facts, and its response's status as read. */
export interface ChatRoomTarget extends RoomFacts {
  response: ChatResponseRef;
}

/** A message as sendMessage wrote it. */
interface Stored {
  target: RoomFacts & { fromType: ChatSenderType };
  id: string;
  document: ChatMessage['document'];
  createdAt: Date;
}

/** How many rooms' targets an instance keeps (sendMessage). */
const KEPT_TARGETS_MAX = 10_000;

/** The statuses in which a response's rooms take no message (isChatOpen). */
const CHAT_CLOSED_STATUSES = RESPONSE_STATUSES.filter((s) => !isChatOpen(s));

const targetKey = (ref: RoomRef) => `${ref.responseId}:${ref.questionId}`;

/**
 * Sending to a question's chat (chat.service.ts): a message's file staged as it arrives, and the
 * message with it. `room` finds the caller's room (404 otherwise); `remember` keeps a message sent
 * for this instance's own deliveries.
 */
export function createChatSending(
  deps: ChatDeps & {
    room: (ctx: AuthContext, responseId: string, questionId: string) => Promise<ChatRoomTarget>;
    remember: (message: ChatMessage) => void;
  },
) {
  const { db, files, bus, clock, room, remember } = deps;

  // The fixed facts of the rooms this instance has sent to: a room's next message is sent in one
  // round trip, whose insert checks the one thing that changes, the response's status.
  const targets = new LRUCache<string, RoomFacts>({ max: KEPT_TARGETS_MAX });

  /**
   * The message written (with its room when it is the first, the file's record when there is
   * one); 'closed', with nothing written, when the response's status no longer takes messages
   * or the response is gone; 'taken' when a message with this id is already stored (the file's
   * record, if any, is the caller's transaction's to roll back).
   */
  async function store(
    tx: DbOrTx,
    ctx: AuthContext,
    input: { message: string },
    target: RoomFacts & { fromType: ChatSenderType },
    file: StagedUpload | null,
    id: string,
  ): Promise<Stored | 'closed' | 'taken'> {
    const { response, question, roomId, fromType } = target;
    const record = file
      ? await files.record(
          file,
          {
            ownerId: response.contractorId,
            organisationId: response.organisationId,
            staffOnly: true,
          },
          tx,
        )
      : null;
    const document = record
      ? {
          fileName: record.fileName,
          filePath: record.filePath,
          fileLink: record.fileLink,
          fileSize: record.fileSize,
          contentType: record.fileType,
        }
      : null;
    // The room (first message), the message, the sender's read mark, pg_notify and the audit entry
    // in one statement (its own transaction when there is no file: no BEGIN and COMMIT round trips).
    const createdAt = await chatRepository.insertMessageWithRoom(
      tx,
      {
        id: roomId,
        responseId: response.id,
        assessmentId: response.assessmentId,
        sectionId: question.sectionId,
        questionId: question.id,
        organisationId: response.organisationId,
        contractorId: response.contractorId,
      },
      {
        id,
        fromId: ctx.user.id,
        fromType,
        fromName: ctx.user.name,
        message: input.message,
        document,
        at: clock.now(),
      },
      bus.mode === 'database',
      // The text is the room's to read; the log names the message, where it was sent and its file.
      {
        after: {
          responseId: response.id,
          questionId: question.id,
          file: document?.fileName ?? null,
        },
      },
      CHAT_CLOSED_STATUSES,
    );
    return createdAt instanceof Date ? { target, id, document, createdAt } : createdAt;
  }

  /** The room the caller may send to: 403 for a type without chat, 404, 409 when read-only. */
  async function sendable(
    ctx: AuthContext,
    ref: RoomRef,
  ): Promise<ChatRoomTarget & { fromType: ChatSenderType }> {
    const fromType = chatSenderType(ctx.user.type);
    if (!fromType) throw new AppError('FORBIDDEN');
    const target = await room(ctx, ref.responseId, ref.questionId);
    // A COMPLETED response is read-only for all, its chat too (DECISIONS.md States).
    if (!isChatOpen(target.response.status))
      throw new AppError('CONFLICT', messages.orgAuditor.chatReadOnly);
    return { ...target, fromType };
  }

  /** A message just stored: its reply, kept for this instance's sockets and published on the bus. */
  function announce(ctx: AuthContext, input: { message: string }, stored: Stored): ChatMessage {
    const { target, id, document, createdAt } = stored;
    const sent = presentChatMessage({
      id,
      roomId: target.roomId,
      responseId: target.response.id,
      questionId: target.question.id,
      fromId: ctx.user.id,
      fromType: target.fromType,
      fromName: ctx.user.name,
      message: input.message,
      document,
      createdAt,
      fromImage: ctx.user.profileImage ?? null,
    });
    remember(sent);
    if (bus.mode === 'process') bus.publish(id);
    return sent;
  }

  return {
    /**
     * A message's file, streamed into the store as it arrives, whatever the order of the form's
     * parts: when the fields naming the room came first (`ref`), the caller's right to send there
     * is checked first and the file goes to its room's folder; else it waits in the incoming
     * folder. It is checked like an answer attachment (type by name and bytes, 10 MB) and not
     * recorded: sendMessage records it with the message, discardFile removes it. `messageId` names
     * its folder: the message's id when the form's id came first (createIds).
     */
    async stageFile(
      ctx: AuthContext,
      file: ChatIncomingFile,
      ref: RoomRef | null,
      messageId: string,
    ): Promise<ChatStagedFile> {
      let roomId: string | null = null;
      if (ref) {
        try {
          roomId = (await sendable(ctx, ref)).roomId;
        } catch (err) {
          // The bytes are not wanted: let them drain so that the reply goes out at once.
          file.stream.resume();
          throw err;
        }
      }
      const folder = roomId
        ? chatAttachmentFolder(roomId, messageId)
        : chatIncomingFolder(messageId);
      const upload = await files.stage({
        fileName: file.fileName,
        stream: file.stream,
        truncated: file.truncated,
        kind: 'checklist',
        folder,
      });
      return { messageId, roomId, upload };
    },

    /** Removes a staged file whose message is not sent (a refused form). */
    async discardFile(staged: ChatStagedFile): Promise<void> {
      await files.discard(staged.upload).catch(() => undefined);
    },

    /**
     * sendMessage: text, a file (staged by stageFile), or both; all or nothing. The file ends up
     * under chat_rooms/{room}/messages/{messageId}/attachments and is recorded with the message in
     * one transaction; it is readable through /api/files by the room's readers only: it is
     * recorded as the room's contractor's, for the organisation's staff (its users and auditors).
     * Refused, the staged file is removed. `id` is the message's, the client's when it sent one: a
     * repeat of the same user's send is answered with the message the first stored, with no
     * second realtime frame, and its file is removed; another user's id is 409 (createOnce).
     */
    async sendMessage(
      ctx: AuthContext,
      input: { responseId: string; questionId: string; message: string },
      staged: ChatStagedFile | null,
      id: string,
    ): Promise<ChatMessage> {
      let upload = staged?.upload ?? null;
      const create = async (): Promise<ChatMessage> => {
        let stored: Stored | undefined;
        // A text to a room whose target this instance has read: the rules run on what it keeps,
        // and the insert checks the status (one round trip). Refused there, the full way below
        // reads again and decides.
        const key = targetKey(input);
        const kept = staged ? undefined : targets.get(key);
        const fromType = chatSenderType(ctx.user.type);
        if (kept && fromType && input.message.length > 0 && mayRead(ctx, kept.response)) {
          const written = await store(db, ctx, input, { ...kept, fromType }, null, id);
          if (written === 'taken') throw new IdAlreadyStored();
          if (written !== 'closed') stored = written;
        }
        if (!stored) {
          const target = await sendable(ctx, input);
          const { id: responseId, assessmentId, contractorId, organisationId } = target.response;
          targets.set(key, {
            response: { id: responseId, assessmentId, contractorId, organisationId },
            question: target.question,
            roomId: target.roomId,
          });
          if (input.message.length === 0 && !staged)
            throw new AppError('BAD_REQUEST', m.empty, { field: 'message' });
          // A file that came before the fields waits in the incoming folder (or under an id of its
          // own when the form's id came after it): it moves to its message's folder.
          if (upload) upload = await files.moveStaged(upload, chatAttachmentFolder(target.roomId, id));
          const file = upload;
          // The file's record first, in a transaction with the message, when there is a file. The
          // response closed between the read and the insert: nothing is written.
          const closedMeanwhile = () => new AppError('CONFLICT', messages.orgAuditor.chatReadOnly);
          const written = file
            ? await db.transaction(async (tx) => {
                const inserted = await store(tx, ctx, input, target, file, id);
                if (inserted === 'closed') throw closedMeanwhile();
                // Rolls the file's record back with the transaction.
                if (inserted === 'taken') throw new IdAlreadyStored();
                return inserted;
              })
            : await store(db, ctx, input, target, null, id);
          if (written === 'closed') throw closedMeanwhile();
          if (written === 'taken') throw new IdAlreadyStored();
          stored = written;
        }
        return announce(ctx, input, stored);
      };
      const first = async () => {
        const row = await chatRepository.loadMessage(db, id);
        return row && { creatorId: row.fromId, reply: presentChatMessage(row) };
      };
      try {
        const { reply, repeat } = await createOnce(ctx.user.id, create, first);
        if (repeat && upload) await files.discard(upload).catch(() => undefined);
        return reply;
      } catch (err) {
        if (upload) await files.discard(upload).catch(() => undefined);
        throw err;
      }
    },
  };
}

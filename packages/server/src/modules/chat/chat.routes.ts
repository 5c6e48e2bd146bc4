import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  getMessagesSchema,
  getUnreadCountsSchema,
  markReadSchema,
  sendMessageFieldsSchema,
} from '@palisade/domain/chat/chat.schema';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { authorize, type AuthContext } from '../../plugins/auth-context';
import type { Services } from '../../services';
import type { ChatIncomingFile, ChatService } from './chat.service';

/** The text fields a sendMessage form may carry (others are ignored). */
const SEND_FIELDS = new Set(['responseId', 'questionId', 'message']);

/**
 * sendMessage's multipart form: the fields, and at most one `file`. When the fields come first
 * (as the web client sends them) the file is streamed into the store once they are checked; a
 * file that comes before them is held in memory (at most 10 MB) until they are read.
 */
async function sendFromMultipart(request: FastifyRequest, ctx: AuthContext, chat: ChatService) {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', messages.chat.multipart);
  const fields: Record<string, string> = {};
  let early: { fileName: string; bytes: Buffer; truncated: boolean } | null = null;
  let sent: Awaited<ReturnType<ChatService['sendMessage']>> | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (SEND_FIELDS.has(part.fieldname) && typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    // A second file is ignored; so is an empty file input (no name), as a form without a choice sends.
    if (sent || early || part.filename === '') {
      part.file.resume();
      continue;
    }
    if (fields.responseId !== undefined && fields.questionId !== undefined) {
      const stream = part.file;
      const file: ChatIncomingFile = { fileName: part.filename, stream, truncated: () => stream.truncated };
      let input: ReturnType<typeof validate<typeof sendMessageFieldsSchema>>;
      try {
        input = validate(sendMessageFieldsSchema, fields);
      } catch (err) {
        stream.resume();
        throw err;
      }
      sent = await chat.sendMessage(ctx, input, file);
    } else {
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      early = { fileName: part.filename, bytes: Buffer.concat(chunks), truncated: part.file.truncated };
    }
  }
  if (sent) return sent;
  const input = validate(sendMessageFieldsSchema, fields);
  const held = early;
  const file: ChatIncomingFile | null = held
    ? { fileName: held.fileName, stream: Readable.from([held.bytes]), truncated: () => held.truncated }
    : null;
  return chat.sendMessage(ctx, input, file);
}

/**
 * Realtime chat per question (issue 6): history, sending (text and an optional file), read marks
 * and unread counts. Live delivery is on the realtime channel (src/realtime). Files are read
 * through /api/files/:id.
 */
export async function chatRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { chat } = opts.services;

  app.post('/chat/getMessages', async (request) => {
    const ctx = authorize(request, 'chat.getMessages');
    const input = validate(getMessagesSchema, request.body);
    return ok(await chat.getMessages(ctx, input));
  });

  app.post('/chat/sendMessage', async (request) => {
    const ctx = authorize(request, 'chat.sendMessage');
    return ok(await sendFromMultipart(request, ctx, chat), messages.chat.sent);
  });

  app.post('/chat/markRead', async (request) => {
    const ctx = authorize(request, 'chat.markRead');
    const input = validate(markReadSchema, request.body);
    return ok(await chat.markRead(ctx, input), messages.chat.read);
  });

  app.post('/chat/getUnreadCounts', async (request) => {
    const ctx = authorize(request, 'chat.getUnreadCounts');
    const { responseId } = validate(getUnreadCountsSchema, request.body);
    return ok(await chat.unreadCounts(ctx, responseId));
  });
}

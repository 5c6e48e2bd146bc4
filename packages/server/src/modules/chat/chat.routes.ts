import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  getMessagesSchema,
  getUnreadCountsSchema,
  markReadSchema,
  sendMessageFieldsSchema,
} from '@palisade/domain/chat/chat.schema';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import { createIds } from '../../lib/create-once';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { authorize, type AuthContext } from '../../plugins/auth-context';
import type { Services } from '../../services';
import type { ChatIncomingFile, ChatStagedFile } from './chat-sending';
import type { ChatService } from './chat.service';

/** The text fields a sendMessage form may carry (others are ignored). */
const SEND_FIELDS = new Set(['id', 'responseId', 'questionId', 'message']);

/** What @fastify/multipart throws at a second file (the form takes one: app.ts). */
const FILES_LIMIT = 'FST_FILES_LIMIT';

/**
 * sendMessage's multipart form: the fields (the client-made message `id` among them, DECISIONS.md),
 * and at most one `file`. The file is streamed into the
 * store as it arrives, whatever the order of the parts (chat.stageFile): when the fields came
 * first they are checked first, so that a refused message is not stored at all. The message is
 * recorded once the whole form is read, so that a form refused anywhere (a second file, a bad
 * field) records nothing and leaves no stored file.
 */
async function sendFromMultipart(request: FastifyRequest, ctx: AuthContext, chat: ChatService) {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', messages.chat.multipart);
  const fields: Record<string, string> = {};
  const ids = createIds();
  let staged: ChatStagedFile | null = null;
  let input: ReturnType<typeof validate<typeof sendMessageFieldsSchema>>;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (SEND_FIELDS.has(part.fieldname) && typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      // An empty file input (no name), as a form without a choice sends, is no file.
      if (part.filename === '') {
        part.file.resume();
        continue;
      }
      const stream = part.file;
      const file: ChatIncomingFile = { fileName: part.filename, stream, truncated: () => stream.truncated };
      let ref: { responseId: string; questionId: string } | null = null;
      if (fields.responseId !== undefined && fields.questionId !== undefined) {
        try {
          ref = validate(sendMessageFieldsSchema, fields);
        } catch (err) {
          stream.resume();
          throw err;
        }
      }
      staged = await chat.stageFile(ctx, file, ref, ids.folder(fields.id));
    }
    input = validate(sendMessageFieldsSchema, fields);
  } catch (err) {
    if (staged) await chat.discardFile(staged);
    if (err instanceof Error && 'code' in err && err.code === FILES_LIMIT) throw new AppError('PAYLOAD_TOO_LARGE', messages.chat.oneFile, { field: 'file' });
    throw err;
  }
  return chat.sendMessage(ctx, input, staged, ids.row(input.id));
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

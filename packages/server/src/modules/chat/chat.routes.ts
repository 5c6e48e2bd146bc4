import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  chatMessageSchema,
  getMessagesReplySchema,
  getMessagesSchema,
  getUnreadCountsSchema,
  markReadReplySchema,
  markReadSchema,
  sendMessageFieldsSchema,
  unreadCountsReplySchema,
} from '@palisade/domain/chat/chat.schema';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import { createIds } from '../../lib/create-once';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import type { AuthContext } from '../../plugins/auth-context';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
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
export async function chatRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { chat } = opts.services;

  app.post(
    '/chat/getMessages',
    { schema: { body: getMessagesSchema, response: replyOf(getMessagesReplySchema) }, config: { policy: 'chat.getMessages' } },
    async (request) => ok(await chat.getMessages(signedIn(request), request.body)),
  );

  app.post(
    '/chat/sendMessage',
    {
      schema: { response: replyOf(chatMessageSchema) },
      config: {
        policy: 'chat.sendMessage',
        openapi: {
          multipart: { fields: sendMessageFieldsSchema, files: { name: 'file', max: 1, required: false, description: 'An optional file, up to 10 MB' } },
        },
      },
    },
    async (request) => ok(await sendFromMultipart(request, signedIn(request), chat), messages.chat.sent),
  );

  app.post(
    '/chat/markRead',
    { schema: { body: markReadSchema, response: replyOf(markReadReplySchema) }, config: { policy: 'chat.markRead' } },
    async (request) => ok(await chat.markRead(signedIn(request), request.body), messages.chat.read),
  );

  app.post(
    '/chat/getUnreadCounts',
    { schema: { body: getUnreadCountsSchema, response: replyOf(unreadCountsReplySchema) }, config: { policy: 'chat.getUnreadCounts' } },
    async (request) => ok(await chat.unreadCounts(signedIn(request), request.body.responseId)),
  );
}

import type { FastifyInstance } from 'fastify';
import { FEEDBACK_ATTACHMENTS_MAX } from '@palisade/domain/constants';
import {
  allFeedbacksReplySchema,
  createFeedbackFieldsSchema,
  deleteFeedbackReplySchema,
  deleteFeedbackSchema,
  feedbackSchema,
  feedbacksPageSchema,
  getFeedbacksByCompanyIdSchema,
} from '@palisade/domain/feedback/feedback.schema';
import { isAllowedExtension } from '@palisade/domain/files/file.rules';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';
import { createIds } from '../../lib/create-once';
import { discard, one, readUploadForm } from '../../lib/upload-form';

const m = messages.feedback;

/**
 * Feedback (issue 16). createFeedback is a multipart form: the client-made `id` (first, so that
 * the files' folder is named after it), feedbackText and up to FEEDBACK_ATTACHMENTS_MAX files named
 * `attachments`. Files are read through /api/files/:id.
 */
export async function feedbackRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { feedback } = opts.services;

  app.post(
    '/feedback/createFeedback',
    {
      schema: { response: replyOf(feedbackSchema) },
      config: {
        policy: 'feedback.createFeedback',
        openapi: {
          multipart: {
            fields: createFeedbackFieldsSchema,
            files: { name: 'attachments', max: FEEDBACK_ATTACHMENTS_MAX, required: false, description: 'Optional image, PDF or document files' },
          },
        },
      },
    },
    async (request) => {
      const ctx = signedIn(request);
      const ids = createIds();
      const form = await readUploadForm(request, {
        fields: new Set(['id', 'feedbackText']),
        maxFiles: FEEDBACK_ATTACHMENTS_MAX,
        tooMany: m.tooManyFiles(FEEDBACK_ATTACHMENTS_MAX),
        refuseName: (name) => (isAllowedExtension(name, 'feedback') ? null : messages.files.unsupported),
        store: (file, fields) => feedback.storeFile(ctx, ids.folder(one(fields, 'id')), file),
        remove: feedback.removeFile,
      });
      let input: ReturnType<typeof validate<typeof createFeedbackFieldsSchema>>;
      try {
        input = validate(createFeedbackFieldsSchema, {
          id: one(form.fields, 'id'),
          feedbackText: one(form.fields, 'feedbackText'),
        });
      } catch (err) {
        await discard(form.uploads, feedback.removeFile);
        throw err;
      }
      return ok(await feedback.createFeedback(ctx, ids.row(input.id), input, form.uploads), m.added);
    },
  );

  app.post(
    '/feedback/getFeedbacksByCompanyId',
    { schema: { body: getFeedbacksByCompanyIdSchema, response: replyOf(feedbacksPageSchema) }, config: { policy: 'feedback.getFeedbacksByCompanyId' } },
    async (request) => ok(await feedback.feedbackOf(signedIn(request), request.body)),
  );

  app.get(
    '/feedback/getAllFeedbacks',
    { schema: { response: replyOf(allFeedbacksReplySchema) }, config: { policy: 'feedback.getAllFeedbacks' } },
    async (request) => ok(await feedback.allFeedback(signedIn(request))),
  );

  app.post(
    '/feedback/deleteFeedback',
    { schema: { body: deleteFeedbackSchema, response: replyOf(deleteFeedbackReplySchema) }, config: { policy: 'feedback.deleteFeedback' } },
    async (request) => ok(await feedback.deleteFeedback(signedIn(request), request.body.feedbackId), m.deleted),
  );
}

import type { FastifyInstance } from 'fastify';
import { FEEDBACK_ATTACHMENTS_MAX } from '@palisade/domain/constants';
import {
  createFeedbackFieldsSchema,
  deleteFeedbackSchema,
  getFeedbacksByCompanyIdSchema,
} from '@palisade/domain/feedback/feedback.schema';
import { isAllowedExtension } from '@palisade/domain/files/file.rules';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { authorize } from '../../plugins/auth-context';
import type { Services } from '../../services';
import { createIds } from '../../lib/create-once';
import { discard, one, readUploadForm } from '../../lib/upload-form';

const m = messages.feedback;

/**
 * Feedback (issue 16). createFeedback is a multipart form: the client-made `id` (first, so that
 * the files' folder is named after it), feedbackText and up to FEEDBACK_ATTACHMENTS_MAX files named
 * `attachments`. Files are read through /api/files/:id.
 */
export async function feedbackRoutes(
  app: FastifyInstance,
  opts: { services: Services },
): Promise<void> {
  const { feedback } = opts.services;

  app.post('/feedback/createFeedback', async (request) => {
    const ctx = authorize(request, 'feedback.createFeedback');
    const ids = createIds();
    const form = await readUploadForm(request, {
      fields: new Set(['id', 'feedbackText']),
      maxFiles: FEEDBACK_ATTACHMENTS_MAX,
      tooMany: m.tooManyFiles(FEEDBACK_ATTACHMENTS_MAX),
      refuseName: (name) =>
        isAllowedExtension(name, 'feedback') ? null : messages.files.unsupported,
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
  });

  app.post('/feedback/getFeedbacksByCompanyId', async (request) => {
    const ctx = authorize(request, 'feedback.getFeedbacksByCompanyId');
    const input = validate(getFeedbacksByCompanyIdSchema, request.body);
    return ok(await feedback.feedbackOf(ctx, input));
  });

  app.get('/feedback/getAllFeedbacks', async (request) => {
    const ctx = authorize(request, 'feedback.getAllFeedbacks');
    return ok(await feedback.allFeedback(ctx));
  });

  app.post('/feedback/deleteFeedback', async (request) => {
    const ctx = authorize(request, 'feedback.deleteFeedback');
    const { feedbackId } = validate(deleteFeedbackSchema, request.body);
    return ok(await feedback.deleteFeedback(ctx, feedbackId), m.deleted);
  });
}

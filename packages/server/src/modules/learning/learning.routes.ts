import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addLearningCategorySchema,
  learningCategoriesQuerySchema,
  learningDocsQuerySchema,
  learningGraphQuerySchema,
  learningRoleSchema,
  learningTableQuerySchema,
  recordProgressSchema,
  uploadLearningSchema,
} from '@palisade/domain/learning/learning.schema';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { authorize } from '../../plugins/auth-context';
import type { Services } from '../../services';
import { singleFile } from '../../lib/upload-form';

const m = messages.learning;
/** The learning document a file is uploaded for. */
export const docParamsSchema = z.object({ docId: z.string().trim().min(1, 'docId is required').max(100, 'docId is invalid') });

/**
 * Learning content and reports (issue 15). uploadLearning answers the storage reference; the file
 * is then POSTed to /learning/uploadFile/:docId. Files are read through /api/files/:id
 * (videos with range requests).
 */
export async function learningRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { learning, learningReports } = opts.services;

  app.post('/company/uploadLearning', async (request) => {
    const ctx = authorize(request, 'learning.uploadLearning');
    const input = validate(uploadLearningSchema, request.body);
    return ok(await learning.uploadLearning(ctx, input), m.learningUploaded);
  });

  app.post('/learning/uploadFile/:docId', async (request) => {
    const ctx = authorize(request, 'learning.uploadFile');
    const { docId } = validate(docParamsSchema, request.params);
    const file = await singleFile(request, { multipart: m.multipart, required: m.fileRequired });
    return ok(await learning.uploadFile(ctx, docId, file), m.fileUploaded);
  });

  app.get('/company/getLearningCategories', async (request) => {
    const ctx = authorize(request, 'learning.getLearningCategories');
    const { cmp_id } = validate(learningCategoriesQuerySchema, request.query);
    return ok(await learning.categories(ctx, cmp_id));
  });

  app.post('/company/addLearningCategory', async (request) => {
    const ctx = authorize(request, 'learning.addLearningCategory');
    const input = validate(addLearningCategorySchema, request.body);
    return ok(await learning.addCategory(ctx, input), input.kind === 'subcategory' ? m.subCategoryAdded : m.categoryAdded);
  });

  app.get('/learning/getLearningDocs', async (request) => {
    const ctx = authorize(request, 'learning.getLearningDocs');
    const { cmp_id } = validate(learningDocsQuerySchema, request.query);
    return ok(await learning.library(ctx, cmp_id));
  });

  app.get('/:role/fetchLearningTable', async (request) => {
    const { role } = validate(learningRoleSchema, request.params);
    const ctx = authorize(request, role === 'company' ? 'learning.fetchLearningTableCompany' : 'learning.fetchLearningTableContractor');
    const q = validate(learningTableQuerySchema, request.query);
    return ok(await learningReports.table(ctx, role, q));
  });

  app.get('/company/fetchLearningGraph', async (request) => {
    const ctx = authorize(request, 'learning.fetchLearningGraph');
    const q = validate(learningGraphQuerySchema, request.query);
    return ok(await learningReports.graph(ctx, q));
  });

  app.post('/learning/recordProgress', async (request) => {
    const ctx = authorize(request, 'learning.recordProgress');
    const input = validate(recordProgressSchema, request.body);
    return ok(await learningReports.recordProgress(ctx, input), m.progressRecorded);
  });
}

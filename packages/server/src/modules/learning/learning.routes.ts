import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addLearningCategorySchema,
  learningCategoriesQuerySchema,
  learningCategoriesSchema,
  learningDocSchema,
  learningDocsQuerySchema,
  learningDocsReplySchema,
  learningGraphQuerySchema,
  learningGraphSchema,
  learningRoleSchema,
  learningTableQuerySchema,
  learningTableSchema,
  progressReplySchema,
  recordProgressSchema,
  storageReferenceSchema,
  uploadLearningSchema,
} from '@palisade/domain/learning/learning.schema';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { authorize } from '../../plugins/auth-context';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
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
export async function learningRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { learning, learningReports } = opts.services;

  app.post(
    '/company/uploadLearning',
    { schema: { body: uploadLearningSchema, response: replyOf(storageReferenceSchema) }, config: { policy: 'learning.uploadLearning' } },
    async (request) => ok(await learning.uploadLearning(signedIn(request), request.body), m.learningUploaded),
  );

  app.post(
    '/learning/uploadFile/:docId',
    {
      schema: { params: docParamsSchema, response: replyOf(learningDocSchema) },
      config: {
        policy: 'learning.uploadFile',
        openapi: { multipart: { files: { name: 'file', max: 1, required: true, description: 'The learning file (PDF, image or video)' } } },
      },
    },
    async (request) => {
      const ctx = signedIn(request);
      const file = await singleFile(request, { multipart: m.multipart, required: m.fileRequired });
      return ok(await learning.uploadFile(ctx, request.params.docId, file), m.fileUploaded);
    },
  );

  app.get(
    '/company/getLearningCategories',
    { schema: { querystring: learningCategoriesQuerySchema, response: replyOf(learningCategoriesSchema) }, config: { policy: 'learning.getLearningCategories' } },
    async (request) => ok(await learning.categories(signedIn(request), request.query.cmp_id)),
  );

  app.post(
    '/company/addLearningCategory',
    { schema: { body: addLearningCategorySchema, response: replyOf(learningCategoriesSchema) }, config: { policy: 'learning.addLearningCategory' } },
    async (request) => {
      const input = request.body;
      return ok(await learning.addCategory(signedIn(request), input), input.kind === 'subcategory' ? m.subCategoryAdded : m.categoryAdded);
    },
  );

  app.get(
    '/learning/getLearningDocs',
    { schema: { querystring: learningDocsQuerySchema, response: replyOf(learningDocsReplySchema) }, config: { policy: 'learning.getLearningDocs' } },
    async (request) => ok(await learning.library(signedIn(request), request.query.cmp_id)),
  );

  // The policy is the role's: the route admits either before the input is read, the handler the one of its role.
  app.get(
    '/:role/fetchLearningTable',
    {
      schema: { params: learningRoleSchema, querystring: learningTableQuerySchema, response: replyOf(learningTableSchema) },
      config: { policy: ['learning.fetchLearningTableCompany', 'learning.fetchLearningTableContractor'] },
    },
    async (request) => {
      const { role } = request.params;
      const ctx = authorize(request, role === 'company' ? 'learning.fetchLearningTableCompany' : 'learning.fetchLearningTableContractor');
      return ok(await learningReports.table(ctx, role, request.query));
    },
  );

  app.get(
    '/company/fetchLearningGraph',
    { schema: { querystring: learningGraphQuerySchema, response: replyOf(learningGraphSchema) }, config: { policy: 'learning.fetchLearningGraph' } },
    async (request) => ok(await learningReports.graph(signedIn(request), request.query)),
  );

  app.post(
    '/learning/recordProgress',
    { schema: { body: recordProgressSchema, response: replyOf(progressReplySchema) }, config: { policy: 'learning.recordProgress' } },
    async (request) => ok(await learningReports.recordProgress(signedIn(request), request.body), m.progressRecorded),
  );
}

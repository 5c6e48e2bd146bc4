import type { FastifyInstance } from 'fastify';
import {
  assessmentListReplySchema,
  assessmentReplySchema,
  assessmentsByCompanyIdsReplySchema,
  createAssessmentSchema,
  deleteAssessmentReplySchema,
  deleteAssessmentSchema,
  editAssessmentSchema,
  getAssessmentByIdSchema,
  getAssessmentsByCompanyIdsSchema,
} from '@palisade/domain/assessments/assessment.schema';
import {
  categoryListReplySchema,
  categoryReplySchema,
  createAssessCategorySchema,
  editAssessCategorySchema,
  getAssessCategoriesSchema,
} from '@palisade/domain/assessments/category.schema';
import {
  bulkQuestionsReplySchema,
  createBulkQuestionsSchema,
  createQuestionSchema,
  editQuestionSchema,
  getQuestionsSchema,
  questionListReplySchema,
  questionReplySchema,
  questionsPageOf,
} from '@palisade/domain/assessments/question.schema';
import { NEW_ASSESSMENTS_PAGE_SIZES } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import { dayIn, LATEST_DAY_ZONE } from '@palisade/domain/organisations/time-zone';
import { JSON_TYPE, ok, okJson } from '../../lib/envelope';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';

/**
 * Assessment authoring (company-and-auditor §7): categories, the question bank, and assessments.
 * The contractor list of the Share dialog is contractor/getContractorsByCompanyId (accounts).
 */
export async function assessmentsRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { catalogue, assessments } = opts.services;
  const m = messages.assessment;
  // "Not before today" reads the clock's day at each check: one schema for every day. The earliest
  // day any organisation is still on (UTC-12): the service then checks the organisation's own (issue 60).
  const today = () => dayIn(opts.services.clock.now(), LATEST_DAY_ZONE);
  const createSchema = createAssessmentSchema(today);
  const editSchema = editAssessmentSchema(today);

  // ------------------------------------------------------------------------------ categories
  app.post(
    '/assessment/categories/createAssessCategory',
    { schema: { body: createAssessCategorySchema, response: replyOf(categoryReplySchema) }, config: { policy: 'categories.createAssessCategory' } },
    async (request) => ok(await catalogue.createCategory(signedIn(request), request.body), m.categoryAdded),
  );

  app.post(
    '/assessment/categories/editAssessCategoryById',
    { schema: { body: editAssessCategorySchema, response: replyOf(categoryReplySchema) }, config: { policy: 'categories.editAssessCategoryById' } },
    async (request) => {
      const { categoryId, updateData } = request.body;
      return ok(await catalogue.editCategory(signedIn(request), categoryId, updateData), m.categoryEdited);
    },
  );

  app.post(
    '/assessment/categories/getAssessCategoriesByCompanyId',
    { schema: { body: getAssessCategoriesSchema, response: replyOf(categoryListReplySchema) }, config: { policy: 'categories.getAssessCategoriesByCompanyId' } },
    async (request) => ok(await catalogue.listCategories(signedIn(request), request.body.companyId)),
  );

  // ------------------------------------------------------------------------------- questions
  app.post(
    '/assessment/questions/createQuestion',
    { schema: { body: createQuestionSchema, response: replyOf(questionReplySchema) }, config: { policy: 'questions.createQuestion' } },
    async (request) => ok(await catalogue.createQuestion(signedIn(request), request.body), m.questionAdded),
  );

  app.post(
    '/assessment/questions/editQuestion',
    { schema: { body: editQuestionSchema, response: replyOf(questionReplySchema) }, config: { policy: 'questions.editQuestion' } },
    async (request) => {
      const { questionId, updateData } = request.body;
      return ok(await catalogue.editQuestion(signedIn(request), questionId, updateData), m.editedSuccessfully);
    },
  );

  app.post(
    '/assessment/questions/createBulkQuestions',
    { schema: { body: createBulkQuestionsSchema, response: replyOf(bulkQuestionsReplySchema) }, config: { policy: 'questions.createBulkQuestions' } },
    async (request) => {
      const report = await catalogue.createBulkQuestions(signedIn(request), request.body);
      return ok(report, report.createdCount > 0 ? m.questionsImported : m.noQuestionsImported);
    },
  );

  app.post(
    '/assessment/questions/getQuestionsByCompanyId',
    { schema: { body: getQuestionsSchema, response: replyOf(questionListReplySchema) }, config: { policy: 'questions.getQuestionsByCompanyId' } },
    async (request) => {
      const ctx = signedIn(request);
      const body = request.body;
      const page = questionsPageOf(body);
      return ok(page ? await catalogue.listQuestionsPage(ctx, body.companyId, page) : await catalogue.listQuestions(ctx, body.companyId));
    },
  );

  // ----------------------------------------------------------------------------- assessments
  app.post(
    '/assessment/createAssessment',
    {
      schema: {
        description: "The due date may not be before today in the organisation's time zone.",
        body: createSchema,
        response: replyOf(assessmentReplySchema),
      },
      config: { policy: 'assessment.createAssessment' },
    },
    async (request) => ok(await assessments.create(signedIn(request), request.body), m.added),
  );

  app.post(
    '/assessment/editAssessment',
    {
      schema: {
        description: "The due date may not be before today in the organisation's time zone.",
        body: editSchema,
        response: replyOf(assessmentReplySchema),
      },
      config: { policy: 'assessment.editAssessment' },
    },
    async (request) => {
      const { assessmentId, version, updateData } = request.body;
      return ok(await assessments.edit(signedIn(request), assessmentId, updateData, version), m.edited);
    },
  );

  app.post(
    '/assessment/deleteAssessment',
    { schema: { body: deleteAssessmentSchema, response: replyOf(deleteAssessmentReplySchema) }, config: { policy: 'assessment.deleteAssessment' } },
    async (request) => ok(await assessments.remove(signedIn(request), request.body.assessmentId), m.deleted),
  );

  // The spec names no method for getAllAssessments: POST by its rule, GET like its siblings.
  app.route({
    method: ['GET', 'POST'],
    url: '/assessment/getAllAssessments',
    schema: { response: replyOf(assessmentListReplySchema) },
    config: { policy: 'assessment.getAllAssessments' },
    handler: async (request) => ok(await assessments.listOwn(signedIn(request))),
  });

  app.post(
    '/assessment/getAssessmentsByCompanyIds',
    {
      schema: { body: getAssessmentsByCompanyIdsSchema, response: replyOf(assessmentsByCompanyIdsReplySchema) },
      config: { policy: 'assessment.getAssessmentsByCompanyIds' },
    },
    async (request, reply) => {
      const ctx = signedIn(request);
      const { companyIds, include, status, sections, page, pageSize } = request.body;
      if (page === undefined && pageSize === undefined) {
        return ok(await assessments.listByOrganisations(ctx, companyIds, include, { status, sections }));
      }
      // The Assessments modal: one page and the count (issue 21).
      const paging = { page: page ?? 1, pageSize: pageSize ?? NEW_ASSESSMENTS_PAGE_SIZES[0] };
      return reply.type(JSON_TYPE).send(okJson(await assessments.pageByOrganisationsJson(ctx, companyIds, include, { status, sections }, paging)));
    },
  );

  app.post(
    '/assessment/getAssessmentById',
    { schema: { body: getAssessmentByIdSchema, response: replyOf(assessmentReplySchema) }, config: { policy: 'assessment.getAssessmentById' } },
    async (request) => {
      const { assessmentId, include } = request.body;
      return ok(await assessments.get(signedIn(request), assessmentId, include));
    },
  );
}

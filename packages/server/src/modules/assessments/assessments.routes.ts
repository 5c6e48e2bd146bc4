import type { FastifyInstance } from 'fastify';
import {
  createAssessmentSchema,
  deleteAssessmentSchema,
  editAssessmentSchema,
  getAssessmentByIdSchema,
  getAssessmentsByCompanyIdsSchema,
  isoDay,
} from '@palisade/domain/assessments/assessment.schema';
import {
  createAssessCategorySchema,
  editAssessCategorySchema,
  getAssessCategoriesSchema,
} from '@palisade/domain/assessments/category.schema';
import {
  createBulkQuestionsSchema,
  createQuestionSchema,
  editQuestionSchema,
  getQuestionsSchema,
  questionsPageOf,
} from '@palisade/domain/assessments/question.schema';
import { NEW_ASSESSMENTS_PAGE_SIZES } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import { JSON_TYPE, ok, okJson } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { authorize } from '../../plugins/auth-context';
import type { Services } from '../../services';

/** The schemas of one UTC day: "not before today" is the server's today. */
function daySchemas() {
  let day = '';
  let schemas: { create: ReturnType<typeof createAssessmentSchema>; edit: ReturnType<typeof editAssessmentSchema> } | null = null;
  return () => {
    const today = isoDay(new Date());
    if (!schemas || day !== today) {
      day = today;
      schemas = { create: createAssessmentSchema(today), edit: editAssessmentSchema(today) };
    }
    return schemas;
  };
}

/**
 * Assessment authoring (company-and-auditor §7): categories, the question bank, and assessments.
 * The contractor list of the Share dialog is contractor/getContractorsByCompanyId (accounts).
 */
export async function assessmentsRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { catalogue, assessments } = opts.services;
  const m = messages.assessment;
  const schemasOfToday = daySchemas();

  // ------------------------------------------------------------------------------ categories
  app.post('/assessment/categories/createAssessCategory', async (request) => {
    const ctx = authorize(request, 'categories.createAssessCategory');
    const input = validate(createAssessCategorySchema, request.body);
    return ok(await catalogue.createCategory(ctx, input), m.categoryAdded);
  });

  app.post('/assessment/categories/editAssessCategoryById', async (request) => {
    const ctx = authorize(request, 'categories.editAssessCategoryById');
    const { categoryId, updateData } = validate(editAssessCategorySchema, request.body);
    return ok(await catalogue.editCategory(ctx, categoryId, updateData), m.categoryEdited);
  });

  app.post('/assessment/categories/getAssessCategoriesByCompanyId', async (request) => {
    const ctx = authorize(request, 'categories.getAssessCategoriesByCompanyId');
    const { companyId } = validate(getAssessCategoriesSchema, request.body);
    return ok(await catalogue.listCategories(ctx, companyId));
  });

  // ------------------------------------------------------------------------------- questions
  app.post('/assessment/questions/createQuestion', async (request) => {
    const ctx = authorize(request, 'questions.createQuestion');
    const input = validate(createQuestionSchema, request.body);
    return ok(await catalogue.createQuestion(ctx, input), m.questionAdded);
  });

  app.post('/assessment/questions/editQuestion', async (request) => {
    const ctx = authorize(request, 'questions.editQuestion');
    const { questionId, updateData } = validate(editQuestionSchema, request.body);
    return ok(await catalogue.editQuestion(ctx, questionId, updateData), m.editedSuccessfully);
  });

  app.post('/assessment/questions/createBulkQuestions', async (request) => {
    const ctx = authorize(request, 'questions.createBulkQuestions');
    const input = validate(createBulkQuestionsSchema, request.body);
    const report = await catalogue.createBulkQuestions(ctx, input);
    return ok(report, report.createdCount > 0 ? m.questionsImported : m.noQuestionsImported);
  });

  app.post('/assessment/questions/getQuestionsByCompanyId', async (request) => {
    const ctx = authorize(request, 'questions.getQuestionsByCompanyId');
    const body = validate(getQuestionsSchema, request.body);
    const page = questionsPageOf(body);
    return ok(page ? await catalogue.listQuestionsPage(ctx, body.companyId, page) : await catalogue.listQuestions(ctx, body.companyId));
  });

  // ----------------------------------------------------------------------------- assessments
  app.post('/assessment/createAssessment', async (request) => {
    const ctx = authorize(request, 'assessment.createAssessment');
    const input = validate(schemasOfToday().create, request.body);
    return ok(await assessments.create(ctx, input), m.added);
  });

  app.post('/assessment/editAssessment', async (request) => {
    const ctx = authorize(request, 'assessment.editAssessment');
    const { assessmentId, version, updateData } = validate(schemasOfToday().edit, request.body);
    return ok(await assessments.edit(ctx, assessmentId, updateData, version), m.edited);
  });

  app.post('/assessment/deleteAssessment', async (request) => {
    const ctx = authorize(request, 'assessment.deleteAssessment');
    const { assessmentId } = validate(deleteAssessmentSchema, request.body);
    return ok(await assessments.remove(ctx, assessmentId), m.deleted);
  });

  // The spec names no method for getAllAssessments: POST by its rule, GET like its siblings.
  app.route({
    method: ['GET', 'POST'],
    url: '/assessment/getAllAssessments',
    handler: async (request) => {
      const ctx = authorize(request, 'assessment.getAllAssessments');
      return ok(await assessments.listOwn(ctx));
    },
  });

  app.post('/assessment/getAssessmentsByCompanyIds', async (request, reply) => {
    const ctx = authorize(request, 'assessment.getAssessmentsByCompanyIds');
    const { companyIds, include, status, sections, page, pageSize } = validate(getAssessmentsByCompanyIdsSchema, request.body);
    if (page === undefined && pageSize === undefined) {
      return ok(await assessments.listByOrganisations(ctx, companyIds, include, { status, sections }));
    }
    // The Assessments modal: one page and the count (issue 21).
    const paging = { page: page ?? 1, pageSize: pageSize ?? NEW_ASSESSMENTS_PAGE_SIZES[0] };
    return reply.type(JSON_TYPE).send(okJson(await assessments.pageByOrganisationsJson(ctx, companyIds, include, { status, sections }, paging)));
  });

  app.post('/assessment/getAssessmentById', async (request) => {
    const ctx = authorize(request, 'assessment.getAssessmentById');
    const { assessmentId, include } = validate(getAssessmentByIdSchema, request.body);
    return ok(await assessments.get(ctx, assessmentId, include));
  });
}

import type { FastifyInstance } from 'fastify';
import { messages } from '@palisade/domain/messages';
import {
  changeResponseStatusSchema,
  contractorScoreSchema,
  createResponseForContractorSchema,
  deleteAttachmentSchema,
  getAssessmentsByContractorIdSchema,
  getResponseByIdSchema,
  getResponsesByContractorIdSchema,
  uploadAttachmentQuerySchema,
} from '@palisade/domain/responses/response.schema';
import { reviewSectionInResponseSchema } from '@palisade/domain/responses/review.schema';
import { ResponseStatus } from '@palisade/domain/statuses';
import { JSON_TYPE, ok, okJson } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { authorize } from '../../plugins/auth-context';
import type { Services } from '../../services';
import { singleFile } from '../../lib/upload-form';

/**
 * Contractor answering (foundation-and-contractor §7): the assessments shared with a contractor,
 * its responses, starting, saving a section, submitting, scores, and answer attachments.
 * Downloads of attachments go through /api/files/:id.
 */
export async function responsesRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { responses } = opts.services;
  const R = '/assessment/responses';

  app.post('/assessment/getAssessmentsByContractorId', async (request) => {
    const ctx = authorize(request, 'assessment.getAssessmentsByContractorId');
    const { contractorId, include } = validate(getAssessmentsByContractorIdSchema, request.body);
    return ok(await responses.listAssessmentsForContractor(ctx, contractorId, include));
  });

  app.post(`${R}/getResponsesByContractorId`, async (request, reply) => {
    const ctx = authorize(request, 'responses.getResponsesByContractorId');
    const body = validate(getResponsesByContractorIdSchema, request.body);
    const { page } = body;
    const json =
      page === undefined
        ? await responses.listForContractorJson(ctx, body.contractorId, body.include)
        : await responses.pageForContractorJson(ctx, { ...body, page });
    return reply.type(JSON_TYPE).send(okJson(json));
  });

  app.post(`${R}/createResponseForContractor`, async (request) => {
    const ctx = authorize(request, 'responses.createResponseForContractor');
    const input = validate(createResponseForContractorSchema, request.body);
    const { response, created } = await responses.start(ctx, input);
    return ok(response, created ? messages.responses.started : messages.responses.alreadyStarted);
  });

  app.post(`${R}/getResponseById`, async (request, reply) => {
    const ctx = authorize(request, 'responses.getResponseById');
    const { responseId } = validate(getResponseByIdSchema, request.body);
    return reply.type(JSON_TYPE).send(okJson(await responses.getJson(ctx, responseId)));
  });

  app.post(`${R}/updateSectionInResponse`, async (request) => {
    const ctx = authorize(request, 'responses.updateSectionInResponse');
    // One schema for both sides: the contractor's answers and the auditor's judgements and score.
    const input = validate(reviewSectionInResponseSchema, request.body);
    return ok(await responses.saveSection(ctx, input), messages.assessment.responseSaved);
  });

  app.post(`${R}/changeResponseStatus`, async (request) => {
    const ctx = authorize(request, 'responses.changeResponseStatus');
    const input = validate(changeResponseStatusSchema, request.body);
    const reply = await responses.changeStatus(ctx, input);
    return ok(reply, input.status === ResponseStatus.SUBMITTED ? messages.assessment.responseSubmitted : messages.assessment.statusChanged(input.status));
  });

  app.post(`${R}/getTotalScoreForContractor`, async (request) => {
    const ctx = authorize(request, 'responses.getTotalScoreForContractor');
    const { contractorId } = validate(contractorScoreSchema, request.body);
    return ok(await responses.totalScores(ctx, contractorId));
  });

  app.post(`${R}/getESGOForContractor`, async (request) => {
    const ctx = authorize(request, 'responses.getESGOForContractor');
    const { contractorId } = validate(contractorScoreSchema, request.body);
    return ok(await responses.esgo(ctx, contractorId));
  });

  app.post(`${R}/uploadAttachment`, async (request) => {
    const ctx = authorize(request, 'responses.uploadAttachment');
    const where = validate(uploadAttachmentQuerySchema, request.query);
    const file = await singleFile(request);
    return ok(await responses.uploadAttachment(ctx, where, file), messages.responses.attachmentUploaded);
  });

  app.post(`${R}/deleteAttachment`, async (request) => {
    const ctx = authorize(request, 'responses.deleteAttachment');
    const input = validate(deleteAttachmentSchema, request.body);
    return ok(await responses.deleteAttachment(ctx, input), messages.responses.attachmentDeleted);
  });
}

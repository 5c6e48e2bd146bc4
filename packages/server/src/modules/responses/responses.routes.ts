import type { FastifyInstance } from 'fastify';
import { messages } from '@palisade/domain/messages';
import {
  changeResponseStatusSchema,
  contractorAssessmentsReplySchema,
  contractorResponsesReplySchema,
  contractorScoreSchema,
  createResponseForContractorSchema,
  deleteAttachmentSchema,
  esgoReplySchema,
  getAssessmentsByContractorIdSchema,
  getResponseByIdSchema,
  getResponsesByContractorIdSchema,
  responseReplySchema,
  scoreEntriesReplySchema,
  uploadAttachmentQuerySchema,
  uploadAttachmentReplySchema,
} from '@palisade/domain/responses/response.schema';
import { reviewSectionInResponseSchema } from '@palisade/domain/responses/review.schema';
import { ResponseStatus } from '@palisade/domain/statuses';
import { JSON_TYPE, ok, okJson } from '../../lib/envelope';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';
import { singleFile } from '../../lib/upload-form';
import { sendKeptBrotli } from '../../lib/kept-brotli-reply';

/**
 * Contractor answering (foundation-and-contractor §7): the assessments shared with a contractor,
 * its responses, starting, saving a section, submitting, scores, and answer attachments.
 * Downloads of attachments go through /api/files/:id.
 */
export async function responsesRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { responses } = opts.services;
  const R = '/assessment/responses';

  app.post(
    '/assessment/getAssessmentsByContractorId',
    { schema: { body: getAssessmentsByContractorIdSchema, response: replyOf(contractorAssessmentsReplySchema) }, config: { policy: 'assessment.getAssessmentsByContractorId' } },
    async (request) => {
      const { contractorId, include } = request.body;
      return ok(await responses.listAssessmentsForContractor(signedIn(request), contractorId, include));
    },
  );

  app.post(
    `${R}/getResponsesByContractorId`,
    { schema: { body: getResponsesByContractorIdSchema, response: replyOf(contractorResponsesReplySchema) }, config: { policy: 'responses.getResponsesByContractorId' } },
    async (request, reply) => {
      const ctx = signedIn(request);
      const body = request.body;
      const { page } = body;
      const json =
        page === undefined
          ? await responses.listForContractorJson(ctx, body.contractorId, body.include)
          : await responses.pageForContractorJson(ctx, { ...body, page });
      return reply.type(JSON_TYPE).send(okJson(json));
    },
  );

  app.post(
    `${R}/createResponseForContractor`,
    { schema: { body: createResponseForContractorSchema, response: replyOf(responseReplySchema) }, config: { policy: 'responses.createResponseForContractor' } },
    async (request) => {
      const { response, created } = await responses.start(signedIn(request), request.body);
      return ok(response, created ? messages.responses.started : messages.responses.alreadyStarted);
    },
  );

  app.post(
    `${R}/getResponseById`,
    { schema: { body: getResponseByIdSchema, response: replyOf(responseReplySchema) }, config: { policy: 'responses.getResponseById' } },
    async (request, reply) => sendKeptBrotli(request, reply, await responses.getReply(signedIn(request), request.body.responseId)),
  );

  app.post(
    `${R}/updateSectionInResponse`,
    {
      schema: {
        // One schema for both sides: the contractor's answers and the auditor's judgements and score.
        body: reviewSectionInResponseSchema,
        response: replyOf(responseReplySchema),
        description:
          "The contractor's answers, or the auditor's judgements and score. The reply is the whole response, or with reply 'sent' only the section saved with the questions sent.",
      },
      config: { policy: 'responses.updateSectionInResponse' },
    },
    async (request) => ok(await responses.saveSection(signedIn(request), request.body), messages.assessment.responseSaved),
  );

  app.post(
    `${R}/changeResponseStatus`,
    { schema: { body: changeResponseStatusSchema, response: replyOf(responseReplySchema) }, config: { policy: 'responses.changeResponseStatus' } },
    async (request) => {
      const input = request.body;
      const reply = await responses.changeStatus(signedIn(request), input);
      return ok(reply, input.status === ResponseStatus.SUBMITTED ? messages.assessment.responseSubmitted : messages.assessment.statusChanged(input.status));
    },
  );

  app.post(
    `${R}/getTotalScoreForContractor`,
    { schema: { body: contractorScoreSchema, response: replyOf(scoreEntriesReplySchema) }, config: { policy: 'responses.getTotalScoreForContractor' } },
    async (request) => ok(await responses.totalScores(signedIn(request), request.body.contractorId)),
  );

  app.post(
    `${R}/getESGOForContractor`,
    { schema: { body: contractorScoreSchema, response: replyOf(esgoReplySchema) }, config: { policy: 'responses.getESGOForContractor' } },
    async (request) => ok(await responses.esgo(signedIn(request), request.body.contractorId)),
  );

  app.post(
    `${R}/uploadAttachment`,
    {
      schema: { querystring: uploadAttachmentQuerySchema, response: replyOf(uploadAttachmentReplySchema) },
      config: {
        policy: 'responses.uploadAttachment',
        openapi: {
          multipart: { files: { name: '*', max: 1, required: true, description: 'An answer attachment, up to 10 MB; its type is checked by its bytes' } },
        },
      },
    },
    async (request) => {
      const ctx = signedIn(request);
      const file = await singleFile(request);
      return ok(await responses.uploadAttachment(ctx, request.query, file), messages.responses.attachmentUploaded);
    },
  );

  app.post(
    `${R}/deleteAttachment`,
    { schema: { body: deleteAttachmentSchema, response: replyOf(responseReplySchema) }, config: { policy: 'responses.deleteAttachment' } },
    async (request) => ok(await responses.deleteAttachment(signedIn(request), request.body), messages.responses.attachmentDeleted),
  );
}

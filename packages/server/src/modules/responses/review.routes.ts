import type { FastifyInstance } from 'fastify';
import { messages } from '@palisade/domain/messages';
import { assignAuditorSchema } from '@palisade/domain/responses/assignment.schema';
import {
  deleteAuditorAttachmentSchema,
  esgoReplySchema,
  responseReplySchema,
  uploadAuditorAttachmentQuerySchema,
} from '@palisade/domain/responses/response.schema';
import {
  companyEsgoSchema,
  companyScoresSchema,
  contractorTotalScoresReplySchema,
  editResponseSchema,
  exportResponseSchema,
  getResponsesByAssessmentIdSchema,
  getResponsesByCompanyIdsSchema,
  responsePageReplySchema,
  XLSX_CONTENT_TYPE,
} from '@palisade/domain/responses/review.schema';
import { JSON_TYPE, ok, okSharedJson } from '../../lib/envelope';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';
import { singleFile } from '../../lib/upload-form';

/**
 * The organisation's and the auditors' views of responses (company-and-auditor §7, §9): paged
 * lists, the due-date edit, organisation-wide scores and the Excel export. The auditor's section
 * save and status changes go through updateSectionInResponse and changeResponseStatus
 * (responses.routes.ts), which branch on the user type.
 */
export async function reviewRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { review, assignment, reviewAttachments } = opts.services;
  const R = '/assessment/responses';

  // The organisation-wide reads come as JSON text (cached while the data's version holds).
  app.post(
    `${R}/getResponsesByCompanyIds`,
    { schema: { body: getResponsesByCompanyIdsSchema, response: replyOf(responsePageReplySchema) }, config: { policy: 'responses.getResponsesByCompanyIds' } },
    async (request, reply) => reply.type(JSON_TYPE).send(okSharedJson(await review.listByCompanyIdsJson(signedIn(request), request.body))),
  );

  app.post(
    `${R}/getResponsesByAssessmentId`,
    { schema: { body: getResponsesByAssessmentIdSchema, response: replyOf(responsePageReplySchema) }, config: { policy: 'responses.getResponsesByAssessmentId' } },
    async (request, reply) => reply.type(JSON_TYPE).send(okSharedJson(await review.listByAssessmentJson(signedIn(request), request.body))),
  );

  app.post(
    `${R}/editResponse`,
    { schema: { body: editResponseSchema, response: replyOf(responseReplySchema) }, config: { policy: 'responses.editResponse' } },
    async (request) => ok(await review.editResponse(signedIn(request), request.body), messages.assessment.editedSuccessfully),
  );

  // Issue 19: the organisation assigns one of its auditors (or none) to a response.
  app.post(
    `${R}/assignAuditor`,
    { schema: { body: assignAuditorSchema, response: replyOf(responseReplySchema) }, config: { policy: 'responses.assignAuditor' } },
    async (request) => {
      const reply = await assignment.assignAuditor(signedIn(request), request.body);
      return ok(reply, reply.assignedAuditor ? messages.orgAuditor.assigned(reply.assignedAuditor.name) : messages.orgAuditor.unassigned);
    },
  );

  // Issue 56: an auditor's own files on a question of a response it may judge (SUBMITTED).
  app.post(
    `${R}/uploadAuditorAttachment`,
    {
      schema: {
        querystring: uploadAuditorAttachmentQuerySchema,
        response: replyOf(responseReplySchema),
        description: 'An auditor attaches a file to a question of a SUBMITTED response it may judge. The reply is the response.',
      },
      config: {
        policy: 'responses.uploadAuditorAttachment',
        openapi: {
          multipart: {
            files: { name: '*', max: 1, required: true, description: "An auditor's file on a question, up to 10 MB; its type is checked by its bytes" },
          },
        },
      },
    },
    async (request) => {
      const ctx = signedIn(request);
      const file = await singleFile(request);
      return ok(await reviewAttachments.upload(ctx, request.query, file), messages.review.auditorFileAttached);
    },
  );

  app.post(
    `${R}/deleteAuditorAttachment`,
    {
      schema: {
        body: deleteAuditorAttachmentSchema,
        description: 'An auditor removes a file it attached, while the response is SUBMITTED.',
        response: replyOf(responseReplySchema),
      },
      config: { policy: 'responses.deleteAuditorAttachment' },
    },
    async (request) => ok(await reviewAttachments.remove(signedIn(request), request.body), messages.review.auditorFileDeleted),
  );

  app.post(
    `${R}/getTotalScoresOfContrsInCompany`,
    { schema: { body: companyScoresSchema, response: replyOf(contractorTotalScoresReplySchema) }, config: { policy: 'responses.getTotalScoresOfContrsInCompany' } },
    async (request, reply) => reply.type(JSON_TYPE).send(okSharedJson(await review.contractorTotalsJson(signedIn(request), request.body.companyId))),
  );

  app.post(
    `${R}/getESGOForAllContractors`,
    { schema: { body: companyEsgoSchema, response: replyOf(esgoReplySchema) }, config: { policy: 'responses.getESGOForAllContractors' } },
    async (request, reply) => reply.type(JSON_TYPE).send(okSharedJson(await review.organisationEsgoJson(signedIn(request), request.body))),
  );

  app.post(
    `${R}/exportResponseToExcel`,
    { schema: { body: exportResponseSchema }, config: { policy: 'responses.exportResponseToExcel', openapi: { download: XLSX_CONTENT_TYPE } } },
    async (request, reply) => {
      const { fileName, bytes } = await review.exportWorkbook(signedIn(request), request.body.responseId);
      // An ASCII fallback for old clients, and the exact (UTF-8) name in filename* (RFC 6266).
      const ascii = fileName.replace(/[^\x20-\x7e]/g, '_');
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-length', bytes.length)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .send(bytes);
    },
  );
}

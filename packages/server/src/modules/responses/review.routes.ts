import type { FastifyInstance } from 'fastify';
import { messages } from '@palisade/domain/messages';
import { assignAuditorSchema } from '@palisade/domain/responses/assignment.schema';
import { deleteAuditorAttachmentSchema, uploadAuditorAttachmentQuerySchema } from '@palisade/domain/responses/response.schema';
import {
  companyEsgoSchema,
  companyScoresSchema,
  editResponseSchema,
  exportResponseSchema,
  getResponsesByAssessmentIdSchema,
  getResponsesByCompanyIdsSchema,
  XLSX_CONTENT_TYPE,
} from '@palisade/domain/responses/review.schema';
import { JSON_TYPE, ok, okSharedJson } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { authorize } from '../../plugins/auth-context';
import type { Services } from '../../services';
import { singleFile } from '../../lib/upload-form';

/**
 * The organisation's and the auditors' views of responses (company-and-auditor §7, §9): paged
 * lists, the due-date edit, organisation-wide scores and the Excel export. The auditor's section
 * save and status changes go through updateSectionInResponse and changeResponseStatus
 * (responses.routes.ts), which branch on the user type.
 */
export async function reviewRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { review, assignment, reviewAttachments } = opts.services;
  const R = '/assessment/responses';

  // The organisation-wide reads come as JSON text (cached while the data's version holds).
  app.post(`${R}/getResponsesByCompanyIds`, async (request, reply) => {
    const ctx = authorize(request, 'responses.getResponsesByCompanyIds');
    const body = validate(getResponsesByCompanyIdsSchema, request.body);
    return reply.type(JSON_TYPE).send(okSharedJson(await review.listByCompanyIdsJson(ctx, body)));
  });

  app.post(`${R}/getResponsesByAssessmentId`, async (request, reply) => {
    const ctx = authorize(request, 'responses.getResponsesByAssessmentId');
    const body = validate(getResponsesByAssessmentIdSchema, request.body);
    return reply.type(JSON_TYPE).send(okSharedJson(await review.listByAssessmentJson(ctx, body)));
  });

  app.post(`${R}/editResponse`, async (request) => {
    const ctx = authorize(request, 'responses.editResponse');
    const input = validate(editResponseSchema, request.body);
    return ok(await review.editResponse(ctx, input), messages.assessment.editedSuccessfully);
  });

  // Issue 19: the organisation assigns one of its auditors (or none) to a response.
  app.post(`${R}/assignAuditor`, async (request) => {
    const ctx = authorize(request, 'responses.assignAuditor');
    const input = validate(assignAuditorSchema, request.body);
    const reply = await assignment.assignAuditor(ctx, input);
    return ok(reply, reply.assignedAuditor ? messages.orgAuditor.assigned(reply.assignedAuditor.name) : messages.orgAuditor.unassigned);
  });

  // Issue 56: an auditor's own files on a question of a response it may judge (SUBMITTED).
  app.post(`${R}/uploadAuditorAttachment`, async (request) => {
    const ctx = authorize(request, 'responses.uploadAuditorAttachment');
    const where = validate(uploadAuditorAttachmentQuerySchema, request.query);
    const file = await singleFile(request);
    return ok(await reviewAttachments.upload(ctx, where, file), messages.review.auditorFileAttached);
  });

  app.post(`${R}/deleteAuditorAttachment`, async (request) => {
    const ctx = authorize(request, 'responses.deleteAuditorAttachment');
    const input = validate(deleteAuditorAttachmentSchema, request.body);
    return ok(await reviewAttachments.remove(ctx, input), messages.review.auditorFileDeleted);
  });

  app.post(`${R}/getTotalScoresOfContrsInCompany`, async (request, reply) => {
    const ctx = authorize(request, 'responses.getTotalScoresOfContrsInCompany');
    const { companyId } = validate(companyScoresSchema, request.body);
    return reply.type(JSON_TYPE).send(okSharedJson(await review.contractorTotalsJson(ctx, companyId)));
  });

  app.post(`${R}/getESGOForAllContractors`, async (request, reply) => {
    const ctx = authorize(request, 'responses.getESGOForAllContractors');
    const input = validate(companyEsgoSchema, request.body);
    return reply.type(JSON_TYPE).send(okSharedJson(await review.organisationEsgoJson(ctx, input)));
  });

  app.post(`${R}/exportResponseToExcel`, async (request, reply) => {
    const ctx = authorize(request, 'responses.exportResponseToExcel');
    const { responseId } = validate(exportResponseSchema, request.body);
    const { fileName, bytes } = await review.exportWorkbook(ctx, responseId);
    // An ASCII fallback for old clients, and the exact (UTF-8) name in filename* (RFC 6266).
    const ascii = fileName.replace(/[^\x20-\x7e]/g, '_');
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-length', bytes.length)
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .send(bytes);
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createRequirementSchema,
  documentHistoryReplySchema,
  documentVersionSchema,
  exportMatrixSchema,
  getDocumentHistorySchema,
  getMatrixSchema,
  getOverallStatesSchema,
  getSummarySchema,
  listMyComplianceSchema,
  listRequirementsSchema,
  matrixReplySchema,
  myComplianceReplySchema,
  overallStatesReplySchema,
  requirementSchema,
  requirementsReplySchema,
  retireRequirementSchema,
  reviewDocumentSchema,
  summaryReplySchema,
  updateRequirementSchema,
  uploadDocumentFieldsSchema,
  type DocumentVersion,
} from '@palisade/domain/compliance/compliance.schema';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import { createIds } from '../../lib/create-once';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import type { AuthContext } from '../../plugins/auth-context';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';
import type { ComplianceDocumentsService, StagedDocument } from './documents.service';
import { COMPLIANCE_CSV_CONTENT_TYPE } from './matrix.service';

const m = messages.compliance;
const P = '/compliance';
/** The text fields of the upload form (others are ignored). */
const UPLOAD_FIELDS = new Set(['id', 'requirementId', 'issueDate', 'expiryDate', 'reference']);

/**
 * The upload form: its text fields (the client-made `id` first, so that the file's folder is
 * named after it) and one file part `file`, streamed into the store as it arrives. The fields may
 * come after the file, so the upload is checked once the whole form is read; refused anywhere, it
 * leaves no stored file.
 */
async function uploadFromMultipart(request: FastifyRequest, ctx: AuthContext, documents: ComplianceDocumentsService): Promise<DocumentVersion> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', m.multipart);
  const fields: Record<string, string> = {};
  const ids = createIds();
  let file: StagedDocument | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (UPLOAD_FIELDS.has(part.fieldname) && typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.filename === '' || part.fieldname !== 'file' || file !== null) {
        part.file.resume();
        continue;
      }
      const stream = part.file;
      file = await documents.stageFile(ctx, { fileName: part.filename, stream, truncated: () => stream.truncated }, ids.folder(fields.id));
    }
  } catch (err) {
    if (file) await documents.discard(file);
    throw err;
  }
  let input: ReturnType<typeof validate<typeof uploadDocumentFieldsSchema>>;
  try {
    input = validate(uploadDocumentFieldsSchema, fields);
  } catch (err) {
    if (file) await documents.discard(file);
    throw err;
  }
  return documents.upload(ctx, ids.row(input.id), input, file);
}

/**
 * Compliance documents (issue 57): requirements, uploads and reviews, the contractor's list, the
 * organisation's matrix, its export and summary. Who may call what: domain policy.ts and
 * compliance.schema.ts; ownership is checked by the services (another organisation's ids are 404).
 */
export async function complianceRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { complianceRequirements: requirements, complianceDocuments: documents, complianceMatrix: matrix } = opts.services;

  app.post(
    `${P}/createRequirement`,
    { schema: { summary: 'Add a compliance requirement', body: createRequirementSchema, response: replyOf(requirementSchema) }, config: { policy: 'compliance.createRequirement' } },
    async (request) => {
      const ids = createIds();
      const body = request.body;
      return ok(await requirements.create(signedIn(request), ids.row(body.id), body.companyId, body), m.requirementCreated);
    },
  );

  app.post(
    `${P}/updateRequirement`,
    { schema: { summary: 'Edit a compliance requirement (based on its version)', body: updateRequirementSchema, response: replyOf(requirementSchema) }, config: { policy: 'compliance.updateRequirement' } },
    async (request) => ok(await requirements.update(signedIn(request), request.body.requirementId, request.body.version, request.body), m.requirementUpdated),
  );

  app.post(
    `${P}/retireRequirement`,
    { schema: { summary: 'Retire a compliance requirement (its history stays)', body: retireRequirementSchema, response: replyOf(requirementSchema) }, config: { policy: 'compliance.retireRequirement' } },
    async (request) => ok(await requirements.retire(signedIn(request), request.body.requirementId, request.body.version), m.requirementRetiredDone),
  );

  app.post(
    `${P}/listRequirements`,
    { schema: { summary: "The organisation's compliance requirements", body: listRequirementsSchema, response: replyOf(requirementsReplySchema) }, config: { policy: 'compliance.listRequirements' } },
    async (request) => ok(await requirements.list(signedIn(request), request.body.companyId, request.body.includeRetired)),
  );

  app.post(
    `${P}/uploadDocument`,
    {
      schema: { summary: 'Upload a version of a compliance document', response: replyOf(documentVersionSchema) },
      config: {
        policy: 'compliance.uploadDocument',
        openapi: { multipart: { fields: uploadDocumentFieldsSchema, files: { name: 'file', max: 1, required: true, description: 'The document: PDF, JPEG or PNG' } } },
      },
    },
    async (request) => ok(await uploadFromMultipart(request, signedIn(request), documents), m.documentUploaded),
  );

  app.post(
    `${P}/reviewDocument`,
    { schema: { summary: 'Accept or reject a submitted compliance document', body: reviewDocumentSchema, response: replyOf(documentVersionSchema) }, config: { policy: 'compliance.reviewDocument' } },
    async (request) => {
      const reviewed = await documents.review(signedIn(request), request.body);
      return ok(reviewed, reviewed.state === 'ACCEPTED' ? m.documentAccepted : m.documentRejected);
    },
  );

  app.post(
    `${P}/getDocumentHistory`,
    { schema: { summary: "A contractor's versions of one requirement, newest first", body: getDocumentHistorySchema, response: replyOf(documentHistoryReplySchema) }, config: { policy: 'compliance.getDocumentHistory' } },
    async (request) => ok(await documents.history(signedIn(request), request.body.requirementId, request.body.contractorId)),
  );

  app.post(
    `${P}/listMyCompliance`,
    { schema: { summary: "The signed-in contractor's requirements with their status", body: listMyComplianceSchema, response: replyOf(myComplianceReplySchema) }, config: { policy: 'compliance.listMyCompliance' } },
    async (request) => ok(await documents.listMine(signedIn(request), request.body.companyId)),
  );

  app.post(
    `${P}/getMatrix`,
    { schema: { summary: 'One page of the compliance matrix (contractors × requirements)', body: getMatrixSchema, response: replyOf(matrixReplySchema) }, config: { policy: 'compliance.getMatrix' } },
    async (request) => ok(await matrix.matrix(signedIn(request), request.body)),
  );

  app.post(
    `${P}/exportMatrix`,
    { schema: { summary: 'The filtered compliance matrix as CSV', body: exportMatrixSchema }, config: { policy: 'compliance.exportMatrix', openapi: { download: COMPLIANCE_CSV_CONTENT_TYPE } } },
    async (request, reply) => {
      const { fileName, bytes } = await matrix.exportCsv(signedIn(request), request.body);
      return reply
        .header('content-type', COMPLIANCE_CSV_CONTENT_TYPE)
        .header('content-length', bytes.length)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(bytes);
    },
  );

  app.post(
    `${P}/getSummary`,
    { schema: { summary: "The organisation's compliance counts (the home card)", body: getSummarySchema, response: replyOf(summaryReplySchema) }, config: { policy: 'compliance.getSummary' } },
    async (request) => ok(await matrix.summary(signedIn(request), request.body.companyId)),
  );

  app.post(
    `${P}/getOverallStates`,
    { schema: { summary: "Contractors' overall compliance states", body: getOverallStatesSchema, response: replyOf(overallStatesReplySchema) }, config: { policy: 'compliance.getOverallStates' } },
    async (request) => ok(await matrix.overallStates(signedIn(request), request.body.companyId, request.body.contractorIds)),
  );
}

import type { FastifyInstance } from 'fastify';
import { DOCUMENT_ATTACHMENTS_MAX } from '@palisade/domain/constants';
import {
  createDocumentFieldsSchema,
  deleteDocumentReplySchema,
  deleteDocumentSchema,
  documentsQuerySchema,
  documentsReplySchema,
  documentViewersPageSchema,
  docViewReplySchema,
  editDocumentFieldsSchema,
  getDocumentsByCompanyIdSchema,
  getDocumentViewersSchema,
  policyDocumentSchema,
  recordDocViewSchema,
} from '@palisade/domain/documents/document.schema';
import { isAllowedExtension } from '@palisade/domain/files/file.rules';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';
import { createIds } from '../../lib/create-once';
import { discard, one, readUploadForm } from '../../lib/upload-form';

const m = messages.documents;
const refuseName = (name: string) => (isAllowedExtension(name, 'policy') ? null : messages.files.wrongDocumentType);

/**
 * Policy documents (issue 16). createDocument and editDocument are multipart forms: the text
 * fields (createDocument's client-made `id` first, so that the files' folder is named after it) and
 * up to DOCUMENT_ATTACHMENTS_MAX files named `attachments`, each streamed into the store as it comes. Files are read through /api/files/:id.
 */
export async function documentsRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { documents } = opts.services;

  app.post(
    '/document/createDocument',
    {
      schema: { response: replyOf(policyDocumentSchema) },
      config: {
        policy: 'document.createDocument',
        openapi: {
          multipart: {
            fields: createDocumentFieldsSchema,
            files: { name: 'attachments', max: DOCUMENT_ATTACHMENTS_MAX, required: true, description: 'PDF, image or CSV files' },
          },
        },
      },
    },
    async (request) => {
      const ctx = signedIn(request);
      const ids = createIds();
      const form = await readUploadForm(request, {
        fields: new Set(['id', 'title', 'description']),
        maxFiles: DOCUMENT_ATTACHMENTS_MAX,
        tooMany: m.tooManyFiles(DOCUMENT_ATTACHMENTS_MAX),
        refuseName,
        store: (file, fields) => documents.storeFile(ctx, ids.folder(one(fields, 'id')), file),
        remove: documents.removeFile,
      });
      let input: ReturnType<typeof validate<typeof createDocumentFieldsSchema>>;
      try {
        input = validate(createDocumentFieldsSchema, {
          id: one(form.fields, 'id'),
          title: one(form.fields, 'title'),
          description: one(form.fields, 'description'),
        });
      } catch (err) {
        await discard(form.uploads, documents.removeFile);
        throw err;
      }
      return ok(await documents.createDocument(ctx, ids.row(input.id), input, form.uploads), m.created);
    },
  );

  app.post(
    '/document/editDocument',
    {
      schema: { response: replyOf(policyDocumentSchema) },
      config: {
        policy: 'document.editDocument',
        openapi: {
          multipart: {
            fields: editDocumentFieldsSchema,
            files: { name: 'attachments', max: DOCUMENT_ATTACHMENTS_MAX, required: false, description: 'Files added to those kept' },
          },
        },
      },
    },
    async (request) => {
      const ctx = signedIn(request);
      let folderId: string | null = null;
      const form = await readUploadForm(request, {
        fields: new Set(['documentId', 'title', 'description', 'keep']),
        maxFiles: DOCUMENT_ATTACHMENTS_MAX,
        tooMany: m.tooManyFiles(DOCUMENT_ATTACHMENTS_MAX),
        refuseName,
        store: (file) => {
          folderId ??= documents.newDocumentId();
          return documents.storeFile(ctx, folderId, file);
        },
        remove: documents.removeFile,
      });
      let input: ReturnType<typeof validate<typeof editDocumentFieldsSchema>>;
      try {
        input = validate(editDocumentFieldsSchema, {
          documentId: one(form.fields, 'documentId'),
          title: one(form.fields, 'title'),
          description: one(form.fields, 'description'),
          keep: form.fields.keep ?? [],
        });
      } catch (err) {
        await discard(form.uploads, documents.removeFile);
        throw err;
      }
      return ok(await documents.editDocument(ctx, input, form.uploads), m.edited);
    },
  );

  app.post(
    '/document/deleteDocument',
    { schema: { body: deleteDocumentSchema, response: replyOf(deleteDocumentReplySchema) }, config: { policy: 'document.deleteDocument' } },
    async (request) => ok(await documents.deleteDocument(signedIn(request), request.body.documentId), m.deleted),
  );

  app.post(
    '/document/getDocumentsByCompanyId',
    {
      schema: { body: getDocumentsByCompanyIdSchema, querystring: documentsQuerySchema, response: replyOf(documentsReplySchema) },
      config: { policy: 'document.getDocumentsByCompanyId' },
    },
    async (request) => ok(await documents.documentsOf(signedIn(request), request.body.companyId, request.query.viewers)),
  );

  app.post(
    '/document/getDocumentViewers',
    {
      schema: {
        summary: "One page of a document's viewers, newest first (the organisation's popup)",
        body: getDocumentViewersSchema,
        response: replyOf(documentViewersPageSchema),
      },
      config: { policy: 'document.getDocumentViewers' },
    },
    async (request) => {
      const { documentId, page, pageSize } = request.body;
      return ok(await documents.viewersOf(signedIn(request), documentId, page, pageSize));
    },
  );

  app.get(
    '/document/getAllDocuments',
    { schema: { response: replyOf(documentsReplySchema) }, config: { policy: 'document.getAllDocuments' } },
    async (request) => ok(await documents.allDocuments(signedIn(request))),
  );

  app.post(
    '/document/recordDocView',
    { schema: { body: recordDocViewSchema, response: replyOf(docViewReplySchema) }, config: { policy: 'document.recordDocView' } },
    async (request) => ok(await documents.recordView(signedIn(request), request.body.documentId), m.viewRecorded),
  );
}

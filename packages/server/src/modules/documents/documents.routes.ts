import type { FastifyInstance } from 'fastify';
import { DOCUMENT_ATTACHMENTS_MAX } from '@palisade/domain/constants';
import {
  createDocumentFieldsSchema,
  deleteDocumentSchema,
  documentsQuerySchema,
  editDocumentFieldsSchema,
  getDocumentsByCompanyIdSchema,
  recordDocViewSchema,
} from '@palisade/domain/documents/document.schema';
import { isAllowedExtension } from '@palisade/domain/files/file.rules';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { authorize } from '../../plugins/auth-context';
import type { Services } from '../../services';
import { createIds } from '../../lib/create-once';
import { discard, one, readUploadForm } from '../../lib/upload-form';

const m = messages.documents;
const refuseName = (name: string) =>
  isAllowedExtension(name, 'policy') ? null : messages.files.wrongDocumentType;

/**
 * Policy documents (issue 16). createDocument and editDocument are multipart forms: the text
 * fields (createDocument's client-made `id` first, so that the files' folder is named after it) and
 * up to DOCUMENT_ATTACHMENTS_MAX files named `attachments`, each streamed into the store as it comes. Files are read through /api/files/:id.
 */
export async function documentsRoutes(
  app: FastifyInstance,
  opts: { services: Services },
): Promise<void> {
  const { documents } = opts.services;

  app.post('/document/createDocument', async (request) => {
    const ctx = authorize(request, 'document.createDocument');
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
  });

  app.post('/document/editDocument', async (request) => {
    const ctx = authorize(request, 'document.editDocument');
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
  });

  app.post('/document/deleteDocument', async (request) => {
    const ctx = authorize(request, 'document.deleteDocument');
    const { documentId } = validate(deleteDocumentSchema, request.body);
    return ok(await documents.deleteDocument(ctx, documentId), m.deleted);
  });

  app.post('/document/getDocumentsByCompanyId', async (request) => {
    const ctx = authorize(request, 'document.getDocumentsByCompanyId');
    const { companyId } = validate(getDocumentsByCompanyIdSchema, request.body);
    const { viewers } = validate(documentsQuerySchema, request.query);
    return ok(await documents.documentsOf(ctx, companyId, viewers));
  });

  app.get('/document/getAllDocuments', async (request) => {
    const ctx = authorize(request, 'document.getAllDocuments');
    return ok(await documents.allDocuments(ctx));
  });

  app.post('/document/recordDocView', async (request) => {
    const ctx = authorize(request, 'document.recordDocView');
    const { documentId } = validate(recordDocViewSchema, request.body);
    return ok(await documents.recordView(ctx, documentId), m.viewRecorded);
  });
}

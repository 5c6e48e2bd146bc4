import { DOCUMENT_ATTACHMENTS_MAX, DOCUMENT_ATTACHMENT_ROOT } from '@palisade/domain/constants';
import type {
  CreateDocumentFields,
  DocumentsReply,
  DocumentViewersPage,
  DocViewReply,
  EditDocumentFields,
  PolicyDocument,
} from '@palisade/domain/documents/document.schema';
import { AppError } from '@palisade/domain/errors';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { messages } from '@palisade/domain/messages';
import { UserType } from '@palisade/domain/user-types';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createOnce, storedOrRollBack } from '../../lib/create-once';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import type { Notifier } from '../notifications/notifications.service';
import type { FilesService } from '../files/files.service';
import type { FormFile } from '../../lib/upload-form';
import { discard } from '../../lib/upload-form';
import { presentDocument, presentViewer } from './documents.presenter';
import { documentsRepository, type DocumentRow } from './documents.repository';
import { createReadMemo, NO_GENERATION, type Generation } from '../../db/read-memo';

const m = messages.documents;

export interface DocumentsDeps {
  db: Db;
  files: FilesService;
  /** Tells the organisation's contractors of a new document (issue 22). */
  notifier: Notifier;
  /** What the kept audience counts go by: users and their organisations (db/freshness.ts). */
  generation?: Generation;
  clock: Clock;
}

/**
 * Policy documents (issue 16; foundation-and-contractor §2 to §5, §7; company-and-auditor §2.2,
 * §2.9, §7; DECISIONS.md: they live in the homes' Recent Policy Updates card). The organisation
 * writes them for its working organisation; its contractors and the organisation's employees read
 * them. Another tenant's document is 404, so that whether it exists is not told.
 *
 * Files are stored under policy/{organisationId}/{documentId}/ and readable through /api/files by
 * the organisation's users, contractors and employees (not its auditors). A view is recorded once
 * per reader; the views are not copied into the audit log: a view row is itself who, what and
 * when, and it never changes.
 */
export function createDocumentsService(deps: DocumentsDeps) {
  const { db, files, clock } = deps;
  // The audience (employee_count) depends on users and user_organisations alone, whose every
  // change moves the auth generation: counted once until then, not on every list.
  const audiences = createReadMemo<number>(deps.generation ?? NO_GENERATION, 1000);
  const listWithViewers = documentsRepository.prepareListWithViewers(db);
  const listOfOrganisation = documentsRepository.prepareListOfOrganisation(db);

  /** A document of one of the caller's organisations; else 404. */
  async function owned(ctx: AuthContext, id: string): Promise<DocumentRow> {
    const found = await documentsRepository.findById(db, id);
    if (!found || !ctx.organisationIds.includes(found.organisationId))
      throw new AppError('NOT_FOUND', m.notFound, { field: 'documentId' });
    return found;
  }

  /** The organisation the caller writes for: its working organisation. */
  function writingOrganisation(ctx: AuthContext): string {
    if (!ctx.organisationId) throw new AppError('FORBIDDEN', m.noOrganisation);
    return ctx.organisationId;
  }

  const removeFile = (path: string) => files.remove(path);

  return {
    /** Where an edit form's new files go (a folder of their own). */
    newDocumentId: () => newId(),

    /** Stores one file of a document's form, readable by the organisation's readers (not its auditors). */
    storeFile(ctx: AuthContext, documentId: string, file: FormFile): Promise<FileRecord> {
      const organisationId = writingOrganisation(ctx);
      return files.upload({
        fileName: file.fileName,
        stream: file.stream,
        truncated: file.truncated,
        kind: 'policy',
        folder: `${DOCUMENT_ATTACHMENT_ROOT}/${organisationId}/${documentId}`,
        ownerId: ctx.user.id,
        organisationId,
        auditorsExcluded: true,
      });
    },

    removeFile,

    /**
     * createDocument: title, text and the stored files (at least one); in one transaction with its
     * audit entry and the contractors' notification. A repeat of the same user's create (the same
     * id) is answered with the document the first stored, nothing told again, and its files are
     * removed (createOnce).
     */
    async createDocument(
      ctx: AuthContext,
      id: string,
      input: CreateDocumentFields,
      uploads: FileRecord[],
    ): Promise<PolicyDocument> {
      try {
        const organisationId = writingOrganisation(ctx);
        if (uploads.length === 0)
          throw new AppError('BAD_REQUEST', m.allMandatory, { field: 'attachments' });
        const create = () => db.transaction(async (tx) => {
          const created = storedOrRollBack(await documentsRepository.insert(tx, {
            id,
            organisationId,
            title: input.title,
            description: input.description,
            creatorId: ctx.user.id,
            creatorType: ctx.user.type,
            creatorName: ctx.user.name,
            attachments: uploads,
          }));
          await auditRepository.append(tx, {
            actorId: ctx.user.id,
            organisationId,
            action: 'document.create',
            entity: 'policy_document',
            entityId: id,
            after: {
              title: created.title,
              description: created.description,
              attachments: uploads.map((u) => u.filePath),
            },
          });
          await deps.notifier.notify(tx, { kind: 'policy_document', organisationId, title: created.title });
          return presentDocument(created);
        });
        const first = async () => {
          const row = await documentsRepository.findById(db, id);
          return row && { creatorId: row.creatorId, reply: presentDocument(row) };
        };
        const { reply, repeat } = await createOnce(ctx.user.id, create, first);
        if (repeat) await discard(uploads, removeFile);
        return reply;
      } catch (err) {
        await discard(uploads, removeFile);
        throw err;
      }
    },

    /**
     * editDocument: new title and text; keeps the attachments named in `keep`, adds the new ones
     * and removes the others (at least one must remain).
     */
    async editDocument(
      ctx: AuthContext,
      input: EditDocumentFields,
      uploads: FileRecord[],
    ): Promise<PolicyDocument> {
      let dropped: FileRecord[] = [];
      let row: DocumentRow;
      try {
        const current = await owned(ctx, input.documentId);
        const keep = new Set(input.keep);
        const known = new Set(current.attachments.map((a) => a.filePath));
        if ([...keep].some((p) => !known.has(p)))
          throw new AppError('BAD_REQUEST', m.keepUnknown, { field: 'keep' });
        const kept = current.attachments.filter((a) => keep.has(a.filePath));
        dropped = current.attachments.filter((a) => !keep.has(a.filePath));
        const attachments = [...kept, ...uploads];
        if (attachments.length === 0)
          throw new AppError('BAD_REQUEST', m.allMandatory, { field: 'attachments' });
        if (attachments.length > DOCUMENT_ATTACHMENTS_MAX)
          throw new AppError('BAD_REQUEST', m.tooManyFiles(DOCUMENT_ATTACHMENTS_MAX), {
            field: 'attachments',
          });
        row = await db.transaction(async (tx) => {
          const updated = await documentsRepository.update(
            tx,
            current.id,
            { title: input.title, description: input.description, attachments },
            clock.now(),
          );
          await auditRepository.append(tx, {
            actorId: ctx.user.id,
            organisationId: current.organisationId,
            action: 'document.edit',
            entity: 'policy_document',
            entityId: current.id,
            before: {
              title: current.title,
              description: current.description,
              attachments: current.attachments.map((a) => a.filePath),
            },
            after: {
              title: updated.title,
              description: updated.description,
              attachments: attachments.map((a) => a.filePath),
            },
          });
          return updated;
        });
      } catch (err) {
        await discard(uploads, removeFile);
        throw err;
      }
      await discard(dropped, removeFile);
      const [listed] = await documentsRepository.listFor(
        db,
        [row.organisationId],
        ctx.user.id,
        row.id,
      );
      return presentDocument(listed ?? row);
    },

    /** deleteDocument: the document, its views and its files. */
    async deleteDocument(ctx: AuthContext, documentId: string): Promise<{ documentId: string }> {
      const current = await owned(ctx, documentId);
      await db.transaction(async (tx) => {
        await documentsRepository.delete(tx, current.id);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: current.organisationId,
          action: 'document.delete',
          entity: 'policy_document',
          entityId: current.id,
          before: {
            title: current.title,
            description: current.description,
            attachments: current.attachments.map((a) => a.filePath),
          },
        });
      });
      await discard(current.attachments, removeFile);
      return { documentId: current.id };
    },

    /**
     * getDocumentsByCompanyId: the organisation's documents, newest first, with the read figures;
     * the viewers themselves only for the organisation's users (contractors are competitors and
     * do not see who else read).
     */
    async documentsOf(
      ctx: AuthContext,
      companyId: string,
      withViewers: boolean,
    ): Promise<DocumentsReply> {
      if (!ctx.organisationIds.includes(companyId))
        throw new AppError('NOT_FOUND', messages.assessment.organisationNotFound(companyId), {
          field: 'companyId',
        });
      if (!withViewers || ctx.user.type !== UserType.ORGANISATION) {
        const rows = await listOfOrganisation(companyId, ctx.user.id);
        return { data: rows.map((r) => presentDocument(r)), employee_count: await audienceOf([companyId]) };
      }
      // The organisation's documents with their viewers: one prepared statement.
      const listed = await listWithViewers(companyId, ctx.user.id);
      return { data: listed.map((l) => presentDocument(l.row, l.viewers)), employee_count: await audienceOf([companyId]) };
    },

    /**
     * getDocumentViewers: one page of a document's viewers, newest first, for the organisation
     * whose document it is (another organisation's document is not found).
     */
    async viewersOf(ctx: AuthContext, documentId: string, page: number, pageSize: number): Promise<DocumentViewersPage> {
      const doc = await owned(ctx, documentId);
      const { rows, total } = await documentsRepository.viewersPage(db, doc.id, pageSize, (page - 1) * pageSize);
      return { viewers: rows.map(presentViewer), total, page, pageSize };
    },

    /** getAllDocuments: the documents of every organisation the caller belongs to or serves. */
    async allDocuments(ctx: AuthContext): Promise<DocumentsReply> {
      return list(ctx, ctx.organisationIds);
    },

    /** recordDocView: the signed-in reader opened the document; recorded once. */
    async recordView(ctx: AuthContext, documentId: string): Promise<DocViewReply> {
      const doc = await owned(ctx, documentId);
      const { viewedAt, recorded } = await documentsRepository.recordView(db, {
        documentId: doc.id,
        userId: ctx.user.id,
        viewerType: ctx.user.type,
        viewerName: ctx.user.name,
      });
      return { documentId: doc.id, viewed_at: viewedAt.toISOString(), recorded };
    },
  };

  /** How many people can read these organisations' documents (employee_count). */
  async function audienceOf(organisationIds: readonly string[]): Promise<number> {
    return (await audiences.get([...organisationIds].sort().join(','), () => documentsRepository.audienceCount(db, organisationIds))) ?? 0;
  }

  /** The documents with their read figures, without viewers. */
  async function list(ctx: AuthContext, organisationIds: readonly string[]): Promise<DocumentsReply> {
    const rows = await documentsRepository.listFor(db, organisationIds, ctx.user.id);
    return { data: rows.map((r) => presentDocument(r)), employee_count: await audienceOf(organisationIds) };
  }
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;

import {
  LEARNING_DEFAULT_CATEGORIES,
  LEARNING_DEFAULT_SUBCATEGORIES,
  LEARNING_FILE_ROOT,
  NOTICES_TOPIC,
} from '@palisade/domain/constants';
import { AppError } from '@palisade/domain/errors';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { DocType, fileFitsType, uploadKindOf, type DocType as DocTypeT } from '@palisade/domain/learning/learning.rules';
import {
  categoryNameSchema,
  type LearningCategories,
  type LearningDoc,
  type LearningDocumentInput,
  type StorageReference,
} from '@palisade/domain/learning/learning.schema';
import { messages } from '@palisade/domain/messages';
import type { Db } from '../../db/client';
import { createOnce, storedOrRollBack } from '../../lib/create-once';
import { newId } from '../../lib/ids';
import { validate } from '../../lib/validate';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import type { FilesService } from '../files/files.service';
import type { Notifier } from '../notifications/notifications.service';
import type { FormFile } from '../../lib/upload-form';
import { presentLearningDoc } from './learning.presenter';
import { learningRepository, type LearningDocRow } from './learning.repository';

const m = messages.learning;

export interface LearningDeps {
  db: Db;
  files: FilesService;
  /** Tells the audience of a new notice once it is listed (issue 22). */
  notifier: Notifier;
}

/** The organisation named by a body or query, if the caller belongs to it or serves it; else 404. */
export function ownOrganisation(ctx: AuthContext, organisationId: string, field = 'cmp_id'): string {
  if (!ctx.organisationIds.includes(organisationId))
    throw new AppError('NOT_FOUND', messages.assessment.organisationNotFound(organisationId), { field });
  return organisationId;
}

/**
 * Learning content (issue 15; foundation-and-contractor §2, §3, §5, §7; company-and-auditor §2.9;
 * DECISIONS.md). The organisation uploads documents in two steps: uploadLearning records the
 * document and answers the storage reference; the file is then POSTed to it (uploadFile), its
 * bytes checked against the document's type, and the document becomes ready (listed). A Youtube
 * link is ready at once. Notices (topic Notices) are created the same way by notices.service.
 * Learning reports (table, hours, progress) are in learning-reports.service.ts.
 */
export function createLearningService(deps: LearningDeps) {
  const { db, files } = deps;

  async function categoriesOf(organisationId: string): Promise<LearningCategories> {
    const added = await learningRepository.addedCategories(db, organisationId);
    return {
      categories: [...LEARNING_DEFAULT_CATEGORIES, ...added.filter((a) => a.kind === 'category').map((a) => a.name)],
      subcategories: [...LEARNING_DEFAULT_SUBCATEGORIES, ...added.filter((a) => a.kind === 'subcategory').map((a) => a.name)],
    };
  }

  const known = (name: string, list: readonly string[]) => list.find((l) => l.toLowerCase() === name.trim().toLowerCase());

  /**
   * Where a document's file is to be uploaded: none for a Youtube link, and no upload URL once its
   * file has arrived (a repeated create answered after the first's upload).
   */
  const referenceOf = (row: LearningDocRow): StorageReference =>
    row.type === DocType.YOUTUBE
      ? { _id: row.id, storagePath: null, uploadUrl: null }
      : { _id: row.id, storagePath: `${LEARNING_FILE_ROOT}/${row.organisationId}/${row.id}/`, uploadUrl: row.ready ? null : `/api/learning/uploadFile/${row.id}` };

  /**
   * Records a document (not ready while its file is to come) with its audit entry; the storage
   * reference. With a client-made id (notices), a repeat of the same user's create is answered
   * with the document the first stored, and nothing is told again (createOnce).
   */
  async function createDocument(
    ctx: AuthContext,
    organisationId: string,
    topic: string,
    doc: LearningDocumentInput,
    clientId?: string,
  ): Promise<{ row: LearningDocRow; reference: StorageReference }> {
    const id = clientId ?? newId();
    const type = doc.type;
    const youtube = type === DocType.YOUTUBE;
    const create = () => db.transaction(async (tx) => {
      const created = storedOrRollBack(await learningRepository.insertDocument(tx, {
        id,
        organisationId,
        topic,
        subcat: doc.subcat,
        title: doc.title,
        description: doc.desc,
        type,
        rewards: Math.round(doc.rewards),
        totalTime: Math.round(doc.totaltime),
        fileName: youtube ? '' : doc.filename,
        itemUrl: youtube ? doc.item_url : '',
        ready: youtube,
        creatorId: ctx.user.id,
        creatorType: ctx.user.type,
        creatorName: ctx.user.name,
      }));
      await auditRepository.append(tx, {
        actorId: ctx.user.id,
        organisationId,
        action: topic === NOTICES_TOPIC ? 'notice.create' : 'learning.upload',
        entity: 'learning_document',
        entityId: id,
        after: { topic, subcat: doc.subcat, title: doc.title, type, rewards: created.rewards, totaltime: created.totalTime, item_url: created.itemUrl, filename: created.fileName },
      });
      // A notice is told once listed: a link at once, a file once it has arrived (uploadFile).
      if (topic === NOTICES_TOPIC && youtube) {
        await deps.notifier.notify(tx, { kind: 'notice', organisationId, title: created.title, exceptUserId: ctx.user.id });
      }
      return created;
    });
    const first = async () => {
      const row = await learningRepository.findDocument(db, id);
      return row && { creatorId: row.creatorId, reply: row };
    };
    const { reply: row } = await createOnce(ctx.user.id, create, first);
    return { row, reference: referenceOf(row) };
  }

  return {
    createDocument,

    /** GET company/getLearningCategories: the defaults, then the ones the organisation added. */
    async categories(ctx: AuthContext, cmpId: string): Promise<LearningCategories> {
      return categoriesOf(ownOrganisation(ctx, cmpId));
    },

    /** POST company/addLearningCategory: letters, digits and spaces, ≥ 3 characters, no duplicate. */
    async addCategory(ctx: AuthContext, input: { companyId: string; kind: 'category' | 'subcategory'; name: string }): Promise<LearningCategories> {
      const organisationId = ownOrganisation(ctx, input.companyId, 'companyId');
      const sub = input.kind === 'subcategory';
      const name = validate(categoryNameSchema(input.kind), input.name);
      const current = await categoriesOf(organisationId);
      const exists = new AppError('CONFLICT', sub ? m.subCategoryExists : m.categoryExists, { field: 'name' });
      if (known(name, sub ? current.subcategories : current.categories) || (!sub && known(name, [NOTICES_TOPIC]))) throw exists;
      const inserted = await db.transaction(async (tx) => {
        const id = newId();
        const ok = await learningRepository.insertCategory(tx, { id, organisationId, kind: input.kind, name });
        if (ok)
          await auditRepository.append(tx, { actorId: ctx.user.id, organisationId, action: 'learning.addCategory', entity: 'learning_category', entityId: id, after: { kind: input.kind, name } });
        return ok;
      });
      if (!inserted) throw exists;
      return categoriesOf(organisationId);
    },

    /** POST company/uploadLearning: a document under a known category and sub-category; the storage reference. */
    async uploadLearning(ctx: AuthContext, input: { cmp_id: string; topic: string; document: LearningDocumentInput }): Promise<StorageReference> {
      const organisationId = ownOrganisation(ctx, input.cmp_id);
      if (input.topic.toLowerCase() === NOTICES_TOPIC.toLowerCase()) throw new AppError('BAD_REQUEST', m.topicReserved, { field: 'topic' });
      const current = await categoriesOf(organisationId);
      const topic = known(input.topic, current.categories);
      if (!topic) throw new AppError('BAD_REQUEST', m.unknownCategory, { field: 'topic' });
      let subcat = '';
      if (input.document.subcat !== '') {
        subcat = known(input.document.subcat, current.subcategories) ?? '';
        if (!subcat) throw new AppError('BAD_REQUEST', m.unknownSubCategory, { field: 'document.subcat' });
      }
      const { reference } = await createDocument(ctx, organisationId, topic, { ...input.document, subcat });
      return reference;
    },

    /**
     * POST learning/uploadFile/:docId (multipart, field `file`): the file of a document its caller
     * created, once; its name must fit the type and its bytes the name (the files service checks
     * bytes and the 10 MB cap). Another's or another tenant's document is 404.
     */
    async uploadFile(ctx: AuthContext, docId: string, file: FormFile): Promise<LearningDoc> {
      const doc = await learningRepository.findDocument(db, docId);
      if (!doc || !ctx.organisationIds.includes(doc.organisationId) || doc.creatorId !== ctx.user.id) {
        file.stream.resume();
        throw new AppError('NOT_FOUND', m.notFound, { field: 'docId' });
      }
      const type = doc.type as DocTypeT;
      const kind = uploadKindOf(type);
      if (kind === null) {
        file.stream.resume();
        throw new AppError('BAD_REQUEST', m.noFileForLink, { field: 'file' });
      }
      if (doc.ready) {
        file.stream.resume();
        throw new AppError('CONFLICT', m.fileAlreadyUploaded, { field: 'file' });
      }
      if (!fileFitsType(file.fileName, type)) {
        file.stream.resume();
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', m.wrongFileType, { field: 'file' });
      }
      const record: FileRecord = await files.upload({
        fileName: file.fileName,
        stream: file.stream,
        truncated: file.truncated,
        kind,
        folder: `${LEARNING_FILE_ROOT}/${doc.organisationId}/${doc.id}`,
        ownerId: ctx.user.id,
        organisationId: doc.organisationId,
        auditorsExcluded: true,
      });
      const updated = await db
        .transaction(async (tx) => {
          const row = await learningRepository.attachFile(tx, doc.id, { file: record, fileName: record.fileName });
          if (!row) throw new AppError('CONFLICT', m.fileAlreadyUploaded, { field: 'file' });
          await auditRepository.append(tx, {
            actorId: ctx.user.id,
            organisationId: doc.organisationId,
            action: 'learning.uploadFile',
            entity: 'learning_document',
            entityId: doc.id,
            after: { file: record.filePath, size: record.fileSize },
          });
          if (row.topic === NOTICES_TOPIC) {
            await deps.notifier.notify(tx, { kind: 'notice', organisationId: doc.organisationId, title: row.title, exceptUserId: row.creatorId });
          }
          return row;
        })
        .catch(async (err: unknown) => {
          await files.remove(record.filePath).catch(() => undefined);
          throw err;
        });
      return presentLearningDoc(updated, ctx.user);
    },

    /** GET learning/getLearningDocs: the learning library of an organisation (every topic but Notices). */
    async library(ctx: AuthContext, cmpId: string): Promise<LearningDoc[]> {
      const rows = await learningRepository.listDocuments(db, [ownOrganisation(ctx, cmpId)], null);
      return rows.map((r) => presentLearningDoc(r, ctx.user));
    },
  };
}
export type LearningService = ReturnType<typeof createLearningService>;

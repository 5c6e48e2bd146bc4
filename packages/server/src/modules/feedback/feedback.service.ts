import { FEEDBACK_ATTACHMENT_ROOT } from '@palisade/domain/constants';
import { AppError } from '@palisade/domain/errors';
import type {
  CreateFeedbackFields,
  Feedback,
  FeedbacksPage,
} from '@palisade/domain/feedback/feedback.schema';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { messages } from '@palisade/domain/messages';
import { UserType } from '@palisade/domain/user-types';
import type { Db } from '../../db/client';
import { createOnce, storedOrRollBack } from '../../lib/create-once';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import { discard, type FormFile } from '../../lib/upload-form';
import type { FilesService } from '../files/files.service';
import { feedbackRepository, type FeedbackRow } from './feedback.repository';

const m = messages.feedback;

export interface FeedbackDeps {
  db: Db;
  files: FilesService;
}

/** A feedback as replies name it (company-and-auditor §3). */
export function presentFeedback(row: FeedbackRow): Feedback {
  return {
    _id: row.id,
    created_at: row.createdAt.toISOString(),
    feedbackText: row.feedbackText,
    attachments: row.attachments,
    userUid: row.authorId,
    userType: row.authorType,
    userInfo: { name: row.authorName, email: row.authorEmail },
    cmp_id: row.organisationId,
    cmp_name: row.companyName,
  };
}

/**
 * Feedback (issue 16; foundation-and-contractor §2, §3, §5, §7; company-and-auditor §2.9, §7).
 * Anyone on a web home gives feedback to its working organisation; the author and the
 * organisation come from the session, whatever the body says. The organisation reads and
 * deletes it; another organisation's feedback is 404. Files are stored under
 * feedback/{userId}/{feedbackId}/ (per-user paths, spec §3) and readable through /api/files by
 * the author and the organisation's own users only.
 */
export function createFeedbackService(deps: FeedbackDeps) {
  const { db, files } = deps;
  const feedbackPage = feedbackRepository.preparePage(db);
  const removeFile = (path: string) => files.remove(path);

  function givingTo(ctx: AuthContext): string {
    if (!ctx.organisationId) throw new AppError('FORBIDDEN', m.noOrganisation);
    return ctx.organisationId;
  }

  /** The author's company as the Feedback page shows it: the contractor's or auditor's firm, else the organisation. */
  function companyOf(ctx: AuthContext, organisationId: string): string {
    if (ctx.user.type === UserType.CONTRACTOR || ctx.user.type === UserType.AUDITOR)
      return ctx.user.name;
    return ctx.organisations.find((o) => o.id === organisationId)?.name ?? ctx.user.name;
  }

  async function owned(ctx: AuthContext, id: string): Promise<FeedbackRow> {
    const found = await feedbackRepository.findById(db, id);
    if (!found || !ctx.organisationIds.includes(found.organisationId))
      throw new AppError('NOT_FOUND', m.notFound, { field: 'feedbackId' });
    return found;
  }

  return {
    removeFile,

    /** Stores one file of a feedback form: readable by its author and the organisation's users. */
    storeFile(ctx: AuthContext, feedbackId: string, file: FormFile): Promise<FileRecord> {
      return files.upload({
        fileName: file.fileName,
        stream: file.stream,
        truncated: file.truncated,
        kind: 'feedback',
        folder: `${FEEDBACK_ATTACHMENT_ROOT}/${ctx.user.id}/${feedbackId}`,
        ownerId: ctx.user.id,
        organisationId: givingTo(ctx),
        staffOnly: true,
        auditorsExcluded: true,
      });
    },

    /**
     * createFeedback: the text and the stored files, in one transaction with its audit entry. A
     * repeat of the same user's create (the same id) is answered with the feedback the first
     * stored, and its files are removed (createOnce).
     */
    async createFeedback(
      ctx: AuthContext,
      id: string,
      input: CreateFeedbackFields,
      uploads: FileRecord[],
    ): Promise<Feedback> {
      try {
        const organisationId = givingTo(ctx);
        const create = () => db.transaction(async (tx) => {
          const created = storedOrRollBack(await feedbackRepository.insert(tx, {
            id,
            organisationId,
            authorId: ctx.user.id,
            authorType: ctx.user.type,
            authorName: ctx.user.contactPersonName ?? ctx.user.name,
            authorEmail: ctx.user.email,
            companyName: companyOf(ctx, organisationId),
            feedbackText: input.feedbackText,
            attachments: uploads,
          }));
          await auditRepository.append(tx, {
            actorId: ctx.user.id,
            organisationId,
            action: 'feedback.create',
            entity: 'feedback',
            entityId: id,
            after: {
              feedbackText: created.feedbackText,
              attachments: uploads.map((u) => u.filePath),
            },
          });
          return presentFeedback(created);
        });
        const first = async () => {
          const row = await feedbackRepository.findById(db, id);
          return row && { creatorId: row.authorId, reply: presentFeedback(row) };
        };
        const { reply, repeat } = await createOnce(ctx.user.id, create, first);
        if (repeat) await discard(uploads, removeFile);
        return reply;
      } catch (err) {
        await discard(uploads, removeFile);
        throw err;
      }
    },

    /** getFeedbacksByCompanyId: one page of the organisation's feedback, newest first. */
    async feedbackOf(
      ctx: AuthContext,
      input: { companyId: string; page: number; pageSize: number },
    ): Promise<FeedbacksPage> {
      if (!ctx.organisationIds.includes(input.companyId)) {
        throw new AppError('NOT_FOUND', messages.assessment.organisationNotFound(input.companyId), {
          field: 'companyId',
        });
      }
      const { rows, total } = await feedbackPage({
        organisationId: input.companyId,
        page: input.page,
        pageSize: input.pageSize,
      });
      return { data: rows.map(presentFeedback), total };
    },

    /** getAllFeedbacks: every feedback of the caller's organisations, newest first. */
    async allFeedback(ctx: AuthContext): Promise<Feedback[]> {
      return (await feedbackRepository.allOf(db, ctx.organisationIds)).map(presentFeedback);
    },

    /** deleteFeedback: the feedback and its files. */
    async deleteFeedback(ctx: AuthContext, feedbackId: string): Promise<{ feedbackId: string }> {
      const current = await owned(ctx, feedbackId);
      await db.transaction(async (tx) => {
        await feedbackRepository.delete(tx, current.id);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: current.organisationId,
          action: 'feedback.delete',
          entity: 'feedback',
          entityId: current.id,
          before: presentFeedback(current),
        });
      });
      await discard(current.attachments, removeFile);
      return { feedbackId: current.id };
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;

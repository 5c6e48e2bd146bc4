import { AUDITOR_ATTACHMENT_ROOT, AUDITOR_ATTACHMENTS_MAX } from '@palisade/domain/constants';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import type { AuditorFileRecord, ResponseReply } from '@palisade/domain/responses/response.schema';
import { notJudgeableReason } from '@palisade/domain/responses/review.rules';
import type { ResponseStatus } from '@palisade/domain/statuses';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import type { FilesService, UploadOwner } from '../files/files.service';
import type { IncomingFile } from './response-attachments.service';
import { presentResponse } from './responses.presenter';
import { responsesRepository, type ResponseQuestionRow, type ResponseRow } from './responses.repository';

const m = messages.responses;
const r = messages.review;

/** The 409 for an auditor's file while it may not judge (judging is SUBMITTED-only: DECISIONS.md, States). */
function notAttachable(status: ResponseStatus): AppError | null {
  switch (notJudgeableReason(status)) {
    case 'pending':
      return new AppError('CONFLICT', r.attachPending);
    case 'reassessment':
      return new AppError('CONFLICT', r.attachReassessment);
    case 'completed':
      return new AppError('CONFLICT', r.attachCompleted);
    case null:
      return null;
  }
}

/** Where an auditor's files on a question are kept: review/{responseId}/{questionId}. */
function folderOf(responseId: string, questionId: string): string {
  return `${AUDITOR_ATTACHMENT_ROOT}/${responseId}/${questionId}`;
}

/**
 * Who reads an auditor's file: exactly those who read the response. Its owner (as the files table
 * reads it) is the response's contractor and it is staff-only in the response's organisation, as
 * a chat file is: the contractor, the organisation's users and its auditors, and no other
 * contractor. Who attached it is kept with the question (uploadedBy): only that auditor deletes it.
 */
function readersOf(row: ResponseRow): UploadOwner {
  return { ownerId: row.contractorId, organisationId: row.organisationId, staffOnly: true };
}

/**
 * The auditors' files on a question (issue 56; company-and-auditor §2.5: attach button and
 * attachments menu per question). An auditor of the response's organisation attaches a file to a
 * question while it may judge the response (SUBMITTED: 409 otherwise), with the checklist's types
 * and the 10 MB cap, checked by its bytes; it deletes its own files under the same rule. Every
 * change locks the response, touches it (its readers see the change) and appends to the audit
 * log. Another organisation's response, or none, is 404.
 */
export function createReviewAttachments(deps: { db: Db; files: FilesService; clock: Clock }) {
  const { db, files, clock } = deps;

  /** The response (an auditor's organisation's) and the question, checked for an attach; else throws. */
  async function target(tx: DbOrTx, ctx: AuthContext, row: ResponseRow | undefined, questionId: string): Promise<{ row: ResponseRow; question: ResponseQuestionRow }> {
    if (!row || !ctx.organisationIds.includes(row.organisationId)) throw new AppError('NOT_FOUND', m.notFound, { field: 'responseId' });
    const refused = notAttachable(row.status);
    if (refused) throw refused;
    const question = await responsesRepository.questionOfResponse(tx, row.id, questionId);
    if (!question) throw new AppError('NOT_FOUND', r.questionNotInResponse, { field: 'questionId' });
    return { row, question };
  }

  return {
    /** uploadAuditorAttachment: the file joins the question's auditor files; the reply is the response. */
    async upload(ctx: AuthContext, where: { responseId: string; questionId: string }, file: IncomingFile): Promise<ResponseReply> {
      let row: ResponseRow;
      let questionId: string;
      try {
        const found = await target(db, ctx, await responsesRepository.find(db, where.responseId), where.questionId);
        if (found.question.auditorAttachments.length >= AUDITOR_ATTACHMENTS_MAX) throw new AppError('BAD_REQUEST', r.tooManyAuditorFiles, { field: 'questionId' });
        row = found.row;
        questionId = found.question.id;
        await files.precheck(readersOf(row));
      } catch (err) {
        // The bytes are not wanted: let them drain so that the reply goes out at once.
        file.stream.resume();
        throw err;
      }
      const staged = await files.stage({
        fileName: file.fileName,
        stream: file.stream,
        truncated: file.truncated,
        kind: 'checklist',
        folder: folderOf(row.id, questionId),
      });
      try {
        return await db.transaction(async (tx) => {
          // The response may have changed while the bytes arrived: checked again under its lock.
          const { row: locked, question } = await target(tx, ctx, await responsesRepository.lock(tx, row.id), questionId);
          if (question.auditorAttachments.length >= AUDITOR_ATTACHMENTS_MAX) throw new AppError('BAD_REQUEST', r.tooManyAuditorFiles, { field: 'questionId' });
          const record = await files.record(staged, readersOf(locked), tx);
          const at = clock.now();
          const entry: AuditorFileRecord = { ...record, uploadedBy: { _id: ctx.user.id, name: ctx.user.name }, uploadedAt: at.toISOString() };
          await responsesRepository.writeAuditorAttachments(tx, question.id, [...question.auditorAttachments, entry]);
          const reply = presentResponse(await responsesRepository.touchAndLoad(tx, locked.id, at));
          await auditRepository.append(tx, {
            actorId: ctx.user.id,
            organisationId: locked.organisationId,
            action: 'response.uploadAuditorAttachment',
            entity: 'response',
            entityId: locked.id,
            after: { ...record, questionId: question.id },
          });
          return reply;
        });
      } catch (err) {
        await files.discard(staged).catch(() => undefined);
        throw err;
      }
    },

    /** deleteAuditorAttachment: an auditor removes a file it attached (403 for another's); the reply is the response. */
    async remove(ctx: AuthContext, input: { responseId: string; questionId: string; filePath: string }): Promise<ResponseReply> {
      return db.transaction(async (tx) => {
        const { row, question } = await target(tx, ctx, await responsesRepository.lock(tx, input.responseId), input.questionId);
        const file = question.auditorAttachments.find((f) => f.filePath === input.filePath);
        if (!file) throw new AppError('NOT_FOUND', r.auditorFileNotFound(input.filePath), { field: 'filePath' });
        if (file.uploadedBy._id !== ctx.user.id) throw new AppError('FORBIDDEN', r.notYourFile, { field: 'filePath' });
        await responsesRepository.writeAuditorAttachments(
          tx,
          question.id,
          question.auditorAttachments.filter((f) => f.filePath !== input.filePath),
        );
        await files.remove(input.filePath, tx);
        const reply = presentResponse(await responsesRepository.touchAndLoad(tx, row.id, clock.now()));
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: row.organisationId,
          action: 'response.deleteAuditorAttachment',
          entity: 'response',
          entityId: row.id,
          before: { questionId: question.id, filePath: file.filePath, fileName: file.fileName },
        });
        return reply;
      });
    },
  };
}
export type ReviewAttachments = ReturnType<typeof createReviewAttachments>;

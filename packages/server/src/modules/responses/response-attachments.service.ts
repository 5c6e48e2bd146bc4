import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { AppError } from '@palisade/domain/errors';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { messages } from '@palisade/domain/messages';
import { attachmentFolder, isInAttachmentFolder } from '@palisade/domain/responses/answer.rules';
import { ANSWER_ATTACHMENTS_MAX } from '@palisade/domain/constants';
import type { ResponseReply, UploadAttachmentReply } from '@palisade/domain/responses/response.schema';
import { contractorMayChange } from '@palisade/domain/responses/response.rules';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { responses } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import type { FilesService } from '../files/files.service';
import { isClosed, isOwnResponse, lockOwn, readResponse } from './response-access';
import { responsesRepository, type ResponseRow } from './responses.repository';

const m = messages.responses;

/** An uploaded file as the route hands it over. */
export interface IncomingFile {
  fileName: string;
  stream: Readable;
  truncated: () => boolean;
}

/**
 * Answer attachments of the contractor (foundation-and-contractor §2, §4): uploads into
 * assessment/{responseId}/{sectionId}/, checked by their bytes, and removal from a question.
 */
export function createResponseAttachments(deps: { db: Db; files: FilesService; clock: Clock }) {
  const { db, files, clock } = deps;

  /**
   * Adds a stored file to a question's answer, under the response's lock and the save's rules
   * (the response may have changed while the bytes arrived); returns the question's new version.
   */
  async function attach(tx: DbOrTx, ctx: AuthContext, responseId: string, sectionId: string, questionId: string, record: FileRecord): Promise<number> {
    const row = await lockOwn(tx, ctx, responseId);
    if (isClosed(row.status)) throw new AppError('CONFLICT', m.locked);
    const question = (await responsesRepository.questionsOfSection(tx, sectionId)).find((q) => q.id === questionId);
    if (!question) throw new AppError('NOT_FOUND', m.questionNotInSection(questionId), { field: 'questionId' });
    if (!contractorMayChange(row.status, question)) throw new AppError('CONFLICT', m.onlyRejected, { field: 'questionId' });
    if (question.attachments.length >= ANSWER_ATTACHMENTS_MAX) throw new AppError('BAD_REQUEST', m.tooManyAttachments, { field: 'questionId' });
    await files.markAttached([record.filePath], tx);
    await responsesRepository.writeQuestions(tx, row.id, [
      {
        id: question.id,
        answer: question.answer,
        attachments: [...question.attachments, record],
        answerStatus: question.answerStatus,
        assessStatus: question.assessStatus,
        remarks: question.remarks,
      },
    ]);
    return question.version + 1;
  }

  return {
    /**
     * An answer attachment, streamed into assessment/{responseId}/{sectionId}/ and checked by its
     * bytes; readable by the response's organisation (and its auditors) through /api/files. With
     * questionId it joins that question's answer at once (in the same rules as a save), else the
     * next save attaches it; a file no save attaches within a day is deleted, and a contractor
     * holding MAX_UNATTACHED_UPLOADS of them is refused more (409). Only the response's
     * contractor, while it may still change answers.
     */
    async uploadAttachment(
      ctx: AuthContext,
      where: { responseId: string; sectionId: string; questionId?: string | undefined },
      file: IncomingFile,
    ): Promise<UploadAttachmentReply> {
      let folder: string;
      let row: ResponseRow | undefined;
      let sectionId: string;
      try {
        row = await responsesRepository.find(db, where.responseId);
        if (!row || !isOwnResponse(ctx, row)) throw new AppError('NOT_FOUND', m.notFound);
        if (isClosed(row.status)) throw new AppError('CONFLICT', m.locked);
        const section = await responsesRepository.findSection(db, row.id, where.sectionId);
        if (!section) throw new AppError('NOT_FOUND', m.sectionNotFound, { field: 'sectionId' });
        sectionId = section.id;
        if (where.questionId !== undefined) {
          const question = (await responsesRepository.questionsOfSection(db, section.id)).find((q) => q.id === where.questionId);
          if (!question) throw new AppError('NOT_FOUND', m.questionNotInSection(where.questionId), { field: 'questionId' });
          if (!contractorMayChange(row.status, question)) throw new AppError('CONFLICT', m.onlyRejected, { field: 'questionId' });
          if (question.attachments.length >= ANSWER_ATTACHMENTS_MAX) throw new AppError('BAD_REQUEST', m.tooManyAttachments, { field: 'questionId' });
        }
        folder = attachmentFolder(row.id, section.id);
      } catch (err) {
        // The bytes are not wanted: let them drain so that the reply goes out at once.
        file.stream.resume();
        throw err;
      }
      const record = await files.upload({
        fileName: file.fileName,
        stream: file.stream,
        truncated: file.truncated,
        kind: 'checklist',
        folder,
        ownerId: ctx.user.id,
        organisationId: row.organisationId,
        staffOnly: true,
        // Unattached until a question names it: at once below with questionId, else at the next
        // save. Until then it counts against the contractor's limit, and a day later it is swept.
        unattached: true,
      });
      const responseId = row.id;
      const organisationId = row.organisationId;
      const questionId = where.questionId;
      return db.transaction(async (tx) => {
        let questionVersion: number | undefined;
        if (questionId !== undefined) questionVersion = await attach(tx, ctx, responseId, sectionId, questionId, record);
        await responsesRepository.touch(tx, responseId, clock.now());
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId,
          action: 'response.uploadAttachment',
          entity: 'response',
          entityId: responseId,
          after: { ...record, questionId: questionId ?? null },
        });
        return questionVersion === undefined ? record : { ...record, questionVersion };
      });
    },

    /**
     * Removes a file from a question's answer (when there) and from storage (unless another
     * question of the section still names it). Same rules as a save: in REASSESSMENT only a
     * REJECTED question's files may change, and that question is judged again.
     */
    async deleteAttachment(
      ctx: AuthContext,
      input: { responseId: string; sectionId: string; questionId: string; filePath: string },
    ): Promise<ResponseReply> {
      return db.transaction(async (tx) => {
        const row = await lockOwn(tx, ctx, input.responseId);
        if (isClosed(row.status)) throw new AppError('CONFLICT', m.locked);
        const section = await responsesRepository.findSection(tx, row.id, input.sectionId);
        if (!section) throw new AppError('NOT_FOUND', m.sectionNotFound, { field: 'sectionId' });
        const sectionQuestions = await responsesRepository.questionsOfSection(tx, section.id);
        const question = sectionQuestions.find((q) => q.id === input.questionId);
        // A file carried over from the previous round (issue 58) is taken off the answer only: its round keeps it.
        const carried = !isInAttachmentFolder(input.filePath, row.id, section.id);
        if (carried && !question?.attachments.some((f) => f.filePath === input.filePath)) throw new AppError('BAD_REQUEST', m.attachmentOutside, { field: 'filePath' });
        if (!question) throw new AppError('NOT_FOUND', m.questionNotInSection(input.questionId), { field: 'questionId' });

        const attached = question.attachments.some((f) => f.filePath === input.filePath);
        if (attached) {
          if (!contractorMayChange(row.status, question)) throw new AppError('CONFLICT', m.onlyRejected, { field: 'questionId' });
          await responsesRepository.writeQuestions(tx, row.id, [
            {
              id: question.id,
              answer: question.answer,
              attachments: question.attachments.filter((f) => f.filePath !== input.filePath),
              answerStatus: question.answerStatus,
              assessStatus: question.assessStatus,
              remarks: question.remarks,
            },
          ]);
          await responsesRepository.recount(tx, eq(responses.id, row.id));
        } else if (!(await files.recordsAt([input.filePath], tx)).has(input.filePath)) {
          throw new AppError('NOT_FOUND', m.attachmentNotFound(input.filePath), { field: 'filePath' });
        }
        const stillNamed = sectionQuestions.some((q) => q.id !== question.id && q.attachments.some((f) => f.filePath === input.filePath));
        if (!stillNamed && !carried) await files.remove(input.filePath, tx);
        await responsesRepository.touch(tx, row.id, clock.now());
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: row.organisationId,
          action: 'response.deleteAttachment',
          entity: 'response',
          entityId: row.id,
          before: { sectionId: section.id, questionId: question.id, filePath: input.filePath, attached },
        });
        return readResponse(tx, row.id);
      });
    },
  };
}

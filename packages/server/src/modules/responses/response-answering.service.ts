import { eq } from 'drizzle-orm';
import { AppError } from '@palisade/domain/errors';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { messages } from '@palisade/domain/messages';
import { answerProblem, isInAttachmentFolder, normalizeAnswer, sameAnswer, sameFiles } from '@palisade/domain/responses/answer.rules';
import type { ResponseReply, UpdateSectionInResponseBody } from '@palisade/domain/responses/response.schema';
import { answerStatusOf, contractorMayChange } from '@palisade/domain/responses/response.rules';
import { AssessmentStatus, ResponseStatus } from '@palisade/domain/statuses';
import type { Db } from '../../db/client';
import { responses } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../plugins/auth-context';
import { assessmentsRepository } from '../assessments/assessments.repository';
import { auditRepository } from '../audit/audit.repository';
import type { FilesService } from '../files/files.service';
import { answerSnapshot, isClosed, ownContractorId, readResponse } from './response-access';
import { presentResponse } from './responses.presenter';
import { responsesRepository, type QuestionWrite } from './responses.repository';
import { sectionSaveRepository } from './section-save.repository';

const m = messages.responses;

/** What answering needs. */
export interface ResponseAnsweringDeps {
  db: Db;
  files: FilesService;
}

/**
 * The contractor's answering (foundation-and-contractor §2 to §4; DECISIONS.md States): starting
 * an assessment shared with it (one response each) and saving answers. Every write runs in one
 * transaction that locks the response (or, at the start, the assessment), keeps the count columns
 * in step with the answers, and appends to the audit log.
 */
export function createResponseAnswering(deps: ResponseAnsweringDeps) {
  const { db, files } = deps;

  return {
    /**
     * createResponseForContractor: starts an assessment shared with the caller. Under the
     * assessment's lock (edits and other starts queue on it): a second start returns the existing
     * response; the first copies the sections and questions, and moves a NEW assessment to PENDING.
     */
    async start(
      ctx: AuthContext,
      input: { assessmentId: string; contractor: { contractorId: string; companyId?: string | undefined } },
    ): Promise<{ response: ResponseReply; created: boolean }> {
      ownContractorId(ctx, input.contractor.contractorId);
      const companyId = input.contractor.companyId;
      if (companyId !== undefined && !ctx.organisationIds.includes(companyId)) {
        throw new AppError('NOT_FOUND', messages.assessment.organisationNotFound(companyId), { field: 'contractor.companyId' });
      }
      return db.transaction(async (tx) => {
        const assessment = await assessmentsRepository.lock(tx, input.assessmentId);
        if (
          !assessment ||
          !ctx.organisationIds.includes(assessment.organisationId) ||
          !(await responsesRepository.isSharedWith(tx, assessment.id, ctx.user.id))
        ) {
          throw new AppError('NOT_FOUND', m.assessmentNotFound, { field: 'assessmentId' });
        }
        const existing = await responsesRepository.findByAssessmentAndContractor(tx, assessment.id, ctx.user.id);
        if (existing) return { response: await readResponse(tx, existing.id), created: false };

        const id = newId();
        const now = new Date();
        await responsesRepository.insert(tx, {
          id,
          assessmentId: assessment.id,
          contractorId: ctx.user.id,
          organisationId: assessment.organisationId,
          contractorName: ctx.user.name,
          status: ResponseStatus.PENDING,
          at: now,
        });
        await responsesRepository.copyAssessment(tx, eq(responses.id, id));
        await responsesRepository.recount(tx, eq(responses.id, id));
        await responsesRepository.appendTimeline(tx, {
          responseId: id,
          at: now,
          actorId: ctx.user.id,
          actorName: ctx.user.name,
          actorType: ctx.user.type,
          fromStatus: null,
          toStatus: ResponseStatus.PENDING,
        });
        if (assessment.status === AssessmentStatus.NEW) {
          await assessmentsRepository.markStarted(tx, assessment.id, now);
          await assessmentsRepository.appendTimeline(tx, {
            assessmentId: assessment.id,
            actorId: ctx.user.id,
            actorName: ctx.user.name,
            status: AssessmentStatus.PENDING,
            action: 'started',
          });
        }
        const created = await readResponse(tx, id);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: assessment.organisationId,
          action: 'response.create',
          entity: 'response',
          entityId: id,
          after: {
            assessmentId: assessment.id,
            contractorId: ctx.user.id,
            status: created.status,
            sections: created.counts.totalSections,
            questions: created.counts.totalQuestions,
            assessmentStatus: { before: assessment.status, after: AssessmentStatus.PENDING },
          },
        });
        return { response: created, created: true };
      });
    },

    /**
     * The contractor's answers to some questions of one section. The status of each question is
     * derived from its answer; nothing changes in SUBMITTED or COMPLETED (409); in REASSESSMENT only
     * the questions REJECTED when it began may change (409 otherwise), as often as the contractor
     * likes (they go back to NONE at submit). Questions sent unchanged are left alone, so a client
     * may send the whole section. A question sent with the version its change is based on is
     * refused (409, naming the question) when the answer has changed since (another tab).
     */
    async saveSection(ctx: AuthContext, input: UpdateSectionInResponseBody): Promise<ResponseReply> {
      return db.transaction(async (tx) => {
        const locked = await sectionSaveRepository.lockWithSection(tx, input.assesRespId, input.sectionId);
        if (!locked || locked.response.contractorId !== ctx.user.id) throw new AppError('NOT_FOUND', m.notFound);
        const { response: row, section: found } = locked;
        if (isClosed(row.status)) throw new AppError('CONFLICT', m.locked);
        if (!found) throw new AppError('NOT_FOUND', m.sectionNotFound, { field: 'sectionId' });
        const section = { id: found.sectionId };
        const current = new Map(found.questions.map((q) => [q.id, q]));

        const sent = input.responseData.questions;
        const paths = [...new Set(sent.flatMap((q) => (q.answer?.attachment ?? []).map((f) => f.filePath)))];
        // Every file sent is named by an answer once this save commits (or the save fails and this
        // rolls back): attached from now on, and locked, so that a sweep cannot take it meanwhile.
        await files.markAttached(paths, tx);
        const known = await files.recordsAt(paths, tx);

        const writes: QuestionWrite[] = [];
        const before: ReturnType<typeof answerSnapshot>[] = [];
        for (const [i, q] of sent.entries()) {
          const field = `responseData.questions.${i}`;
          const cur = current.get(q._id);
          if (!cur) throw new AppError('BAD_REQUEST', m.questionNotInSection(q._id), { field: `${field}._id` });
          if (q.answer === undefined) continue;
          const problem = answerProblem(cur.answerType, cur.options, q.answer);
          if (problem) throw new AppError('BAD_REQUEST', problem.message, { field: `${field}.answer.${problem.field}` });
          const answer = normalizeAnswer(cur.answerType, cur.options, q.answer);

          let attachments: FileRecord[] = cur.attachments;
          if (q.answer.attachment !== undefined) {
            attachments = [];
            for (const [j, f] of q.answer.attachment.entries()) {
              if (!isInAttachmentFolder(f.filePath, row.id, section.id)) {
                throw new AppError('BAD_REQUEST', m.attachmentOutside, { field: `${field}.answer.attachment.${j}` });
              }
              const record = known.get(f.filePath);
              if (!record) throw new AppError('BAD_REQUEST', m.attachmentNotFound(f.filePath), { field: `${field}.answer.attachment.${j}` });
              if (!attachments.some((a) => a.filePath === record.filePath)) attachments.push(record);
            }
          }

          if (sameAnswer(cur.answer, answer) && sameFiles(cur.attachments, attachments)) continue;
          if (!contractorMayChange(row.status, cur)) {
            throw new AppError('CONFLICT', m.onlyRejected, { field: `${field}.answer`, questionId: cur.id });
          }
          if (q.version !== undefined && q.version !== cur.version) {
            throw new AppError('CONFLICT', m.answerConflict, { field: `${field}.version`, questionId: cur.id, version: cur.version });
          }
          before.push(answerSnapshot(cur));
          writes.push({
            id: cur.id,
            answer,
            attachments,
            answerStatus: answerStatusOf(cur.answerType, cur.options, answer),
            // A reopened answer keeps its REJECTED until the submit (DECISIONS.md, States).
            assessStatus: cur.assessStatus,
            remarks: cur.remarks,
          });
        }

        const now = new Date();
        if (writes.length > 0) {
          // Only this section's questions change: they and its counts in one statement, then the
          // response's counts with the touch.
          await sectionSaveRepository.write(tx, row.id, section.id, writes);
          // Files taken off their answers that no question of the section names any more are
          // unattached again: the contractor may still put them back; if not, the sweep takes them.
          const written = new Map(writes.map((w) => [w.id, w.attachments]));
          const named = new Set([...current.values()].flatMap((q) => (written.get(q.id) ?? q.attachments).map((f) => f.filePath)));
          const dropped = writes.flatMap((w) => (current.get(w.id)?.attachments ?? []).map((f) => f.filePath)).filter((p) => !named.has(p));
          await files.markUnattached([...new Set(dropped)], now, tx);
        }
        // The response's counts, lastAccessTime, the reply and the audit entry (when answers
        // changed; its `after` gets the counts): one UPDATE … RETURNING.
        const audit =
          writes.length > 0
            ? {
                actorId: ctx.user.id,
                before: { sectionId: section.id, questions: before },
                after: { sectionId: section.id, questions: writes.map((w) => answerSnapshot(w)) },
              }
            : null;
        return presentResponse(await sectionSaveRepository.touchAndLoad(tx, row.id, now, audit));
      });
    },
  };
}

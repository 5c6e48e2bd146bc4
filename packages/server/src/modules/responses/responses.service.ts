import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { AppError } from '@palisade/domain/errors';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { messages } from '@palisade/domain/messages';
import {
  answerProblem,
  attachmentFolder,
  isInAttachmentFolder,
  normalizeAnswer,
  sameAnswer,
  sameFiles,
} from '@palisade/domain/responses/answer.rules';
import type {
  ContractorAssessmentReply,
  EsgoReply,
  ResponseReply,
  ScoreEntry,
  UpdateSectionInResponseBody,
} from '@palisade/domain/responses/response.schema';
import type { ReviewSectionInResponseBody } from '@palisade/domain/responses/review.schema';
import { answerStatusOf, canSubmit, contractorMayChange } from '@palisade/domain/responses/response.rules';
import { AssessmentStatus, AssessStatus, ResponseStatus } from '@palisade/domain/statuses';
import { UserType } from '@palisade/domain/user-types';
import type { Db, DbOrTx } from '../../db/client';
import { responses } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../plugins/auth-context';
import { presentAssessment } from '../assessments/assessments.presenter';
import { assessmentsRepository } from '../assessments/assessments.repository';
import { auditRepository } from '../audit/audit.repository';
import type { FilesService } from '../files/files.service';
import { usersRepository } from '../users/users.repository';
import { presentContractorAssessment, presentEsgo, presentResponse, responseSnapshot } from './responses.presenter';
import { createReplyCache } from './reply-cache';
import { createReadMemo, type Generation } from '../../db/read-memo';
import { responsesRepository, type QuestionWrite, type ResponseQuestionRow, type ResponseRow } from './responses.repository';
import type { ReviewService } from './review.service';

const m = messages.responses;

/** What the reply cache of the hot reads may hold in memory (reply-cache.ts). */
const REPLY_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** Response and list versions remembered on PGlite (the most recently used). */
const VERSION_MEMO_MAX = 20_000;

export interface ResponsesDeps {
  db: Db;
  files: FilesService;
  /** The auditor's side of updateSectionInResponse and changeResponseStatus (review.service.ts). */
  review: ReviewService;
  /** What kept version lookups go by (db/freshness.ts). */
  generation: Generation;
}

/** An uploaded file as the route hands it over. */
export interface IncomingFile {
  fileName: string;
  stream: Readable;
  truncated: () => boolean;
}

/** The states in which nobody may change answers any more. */
function isClosed(status: ResponseStatus): boolean {
  return status === ResponseStatus.SUBMITTED || status === ResponseStatus.COMPLETED;
}

/** What the audit log keeps of a question's answer. */
function answerSnapshot(q: Pick<ResponseQuestionRow, 'id' | 'answer' | 'attachments' | 'answerStatus' | 'assessStatus'>) {
  return {
    id: q.id,
    answer: q.answer,
    attachments: q.attachments.map((f) => f.filePath),
    answerStatus: q.answerStatus,
    assessStatus: q.assessStatus,
  };
}

/**
 * Contractor answering (foundation-and-contractor §2 to §4, §7; DECISIONS.md States and Scores).
 * A contractor starts an assessment shared with it (one response each), answers it section by
 * section and submits it. Every write runs in one transaction that locks the response (or, at the
 * start, the assessment), keeps the count columns in step with the answers, and appends to the
 * audit log; status changes also to the response's timeline. Another contractor's or tenant's
 * response is 404, so that whether it exists is not told.
 *
 * The auditor's side of updateSectionInResponse and changeResponseStatus (judgements, scores,
 * REASSESSMENT and COMPLETED) is in review.service.ts: both calls branch on the user type.
 */
export function createResponsesService(deps: ResponsesDeps) {
  const { db, files, review } = deps;
  const reads = responsesRepository.prepareReads(db);
  const cache = createReplyCache(REPLY_CACHE_MAX_BYTES);
  // On PGlite the versions themselves stay good until the next write (db/freshness.ts): a
  // repeated read then makes no query at all.
  const versions = createReadMemo<{ version: string; contractorId: string; organisationId: string }>(deps.generation, VERSION_MEMO_MAX);
  const listVersions = createReadMemo<string>(deps.generation, VERSION_MEMO_MAX);

  /** Who may read a response: its contractor; users and auditors of its organisation. */
  function mayRead(ctx: AuthContext, row: { contractorId: string; organisationId: string }): boolean {
    switch (ctx.user.type) {
      case UserType.CONTRACTOR:
        return row.contractorId === ctx.user.id;
      case UserType.ORGANISATION:
      case UserType.AUDITOR:
        return ctx.organisationIds.includes(row.organisationId);
      default:
        return false;
    }
  }

  /** The body's contractorId must be the caller (a contractor reaches only its own data). */
  function ownContractorId(ctx: AuthContext, contractorId: string): void {
    if (contractorId !== ctx.user.id) throw new AppError('NOT_FOUND', m.contractorNotFound, { field: 'contractorId' });
  }

  /** The response, presented with sections and timeline; 404 when missing. */
  async function read(tx: DbOrTx, id: string): Promise<ResponseReply> {
    const record = await responsesRepository.load(tx, id);
    if (!record) throw new AppError('NOT_FOUND', m.notFound);
    return presentResponse(record);
  }

  /** Locks the caller's own response; anyone else's, or none, is 404. */
  async function lockOwn(tx: DbOrTx, ctx: AuthContext, id: string): Promise<ResponseRow> {
    const row = await responsesRepository.lock(tx, id);
    if (!row || row.contractorId !== ctx.user.id) throw new AppError('NOT_FOUND', m.notFound);
    return row;
  }

  /**
   * The organisations whose data about a contractor the caller may see: a contractor its own;
   * the organisation and its auditors theirs, if the contractor serves one of them. Else 404.
   */
  async function scoreScope(ctx: AuthContext, contractorId: string): Promise<string[]> {
    if (ctx.user.type === UserType.CONTRACTOR) {
      ownContractorId(ctx, contractorId);
      return ctx.organisationIds;
    }
    const [found] = await usersRepository.findManyWithOrgs(db, [contractorId]);
    const shared = found && found.user.type === UserType.CONTRACTOR ? found.assoc.filter((o) => ctx.organisationIds.includes(o)) : [];
    if (shared.length === 0) throw new AppError('NOT_FOUND', m.contractorNotFound, { field: 'contractorId' });
    return shared;
  }

  /**
   * The contractor's answers to some questions of one section. The status of each question is
   * derived from its answer; nothing changes in SUBMITTED or COMPLETED (409); in REASSESSMENT only
   * REJECTED questions may change (409 otherwise) and a changed one goes back to NONE. Questions
   * sent unchanged are left alone, so a client may send the whole section.
   */
  async function contractorSave(ctx: AuthContext, input: UpdateSectionInResponseBody): Promise<ResponseReply> {
    return db.transaction(async (tx) => {
      const row = await lockOwn(tx, ctx, input.assesRespId);
      if (isClosed(row.status)) throw new AppError('CONFLICT', m.locked);
      const section = await responsesRepository.findSection(tx, row.id, input.sectionId);
      if (!section) throw new AppError('NOT_FOUND', m.sectionNotFound, { field: 'sectionId' });
      const current = new Map((await responsesRepository.questionsOfSection(tx, section.id)).map((q) => [q.id, q]));

      const sent = input.responseData.questions;
      const paths = sent.flatMap((q) => (q.answer?.attachment ?? []).map((f) => f.filePath));
      const known = await files.recordsAt([...new Set(paths)], tx);

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
        if (!contractorMayChange(row.status, cur.assessStatus)) {
          throw new AppError('CONFLICT', m.onlyRejected, { field: `${field}.answer`, questionId: cur.id });
        }
        before.push(answerSnapshot(cur));
        writes.push({
          id: cur.id,
          answer,
          attachments,
          answerStatus: answerStatusOf(cur.answerType, cur.options, answer),
          // A changed answer of a reassessment is judged again (DECISIONS.md, States).
          assessStatus: row.status === ResponseStatus.REASSESSMENT ? AssessStatus.NONE : cur.assessStatus,
          remarks: cur.remarks,
        });
      }

      const now = new Date();
      if (writes.length > 0) {
        await responsesRepository.writeQuestions(tx, row.id, writes);
        await responsesRepository.recount(tx, eq(responses.id, row.id));
      }
      await responsesRepository.touch(tx, row.id, now);
      const after = await read(tx, row.id);
      if (writes.length > 0) {
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: row.organisationId,
          action: 'response.saveSection',
          entity: 'response',
          entityId: row.id,
          before: { sectionId: section.id, questions: before },
          after: { sectionId: section.id, questions: writes.map((w) => answerSnapshot(w)), answered: after.counts.answered, progress: after.progress },
        });
      }
      return after;
    });
  }

  /** The contractor submits: only from PENDING or REASSESSMENT, with every question ANSWERED. */
  async function contractorChangeStatus(
    ctx: AuthContext,
    input: { responseId: string; status: ResponseStatus; companyId?: string | undefined; assessmentId?: string | undefined; extendedDueDate?: string | undefined },
  ): Promise<ResponseReply> {
    if (input.status !== ResponseStatus.SUBMITTED || input.extendedDueDate !== undefined) throw new AppError('FORBIDDEN', m.statusNotAllowed);
    return db.transaction(async (tx) => {
      const row = await lockOwn(tx, ctx, input.responseId);
      if ((input.assessmentId !== undefined && input.assessmentId !== row.assessmentId) || (input.companyId !== undefined && input.companyId !== row.organisationId)) {
        throw new AppError('NOT_FOUND', m.notFound);
      }
      if (row.status === ResponseStatus.SUBMITTED) throw new AppError('CONFLICT', m.alreadySubmitted);
      if (row.status === ResponseStatus.COMPLETED) throw new AppError('CONFLICT', m.locked);
      if (!canSubmit(row.status, await responsesRepository.questionStates(tx, row.id))) throw new AppError('CONFLICT', m.notAllAnswered);
      const now = new Date();
      await responsesRepository.touch(tx, row.id, now, { status: ResponseStatus.SUBMITTED });
      await responsesRepository.appendTimeline(tx, {
        responseId: row.id,
        at: now,
        actorId: ctx.user.id,
        actorName: ctx.user.name,
        actorType: ctx.user.type,
        fromStatus: row.status,
        toStatus: ResponseStatus.SUBMITTED,
      });
      const after = await read(tx, row.id);
      await auditRepository.append(tx, {
        actorId: ctx.user.id,
        organisationId: row.organisationId,
        action: 'response.changeStatus',
        entity: 'response',
        entityId: row.id,
        before: responseSnapshot(row),
        after: { status: after.status, lastAccessTime: after.lastAccessTime },
      });
      return after;
    });
  }

  return {
    /**
     * getAssessmentsByContractorId: the assessments shared with the caller by the organisations
     * it serves, newest first, each with the caller's response (null when not started).
     */
    async listAssessmentsForContractor(
      ctx: AuthContext,
      contractorId: string,
      include: { sections_category: boolean; sections_questions_question: boolean },
    ): Promise<ContractorAssessmentReply[]> {
      ownContractorId(ctx, contractorId);
      if (ctx.organisationIds.length === 0) return [];
      const trees = await assessmentsRepository.loadTrees(
        db,
        assessmentsRepository.sharedWith(ctx.user.id),
        { categories: include.sections_category, questions: include.sections_questions_question },
      );
      const own = trees.filter((t) => ctx.organisationIds.includes(t.assessment.organisationId));
      const started = await responsesRepository.statusesByAssessment(db, ctx.user.id, own.map((t) => t.assessment.id));
      return own.map((t) => presentContractorAssessment(presentAssessment(t, include), ctx.user.id, started.get(t.assessment.id)));
    },

    /**
     * getResponsesByContractorId: the caller's responses, last accessed first, as the reply's
     * JSON text (ResponseReply[]): served from the reply cache while the list's version holds,
     * else read in one query and kept. The version is read before the rows, so a change between
     * the two only costs a rebuild on the next read, never a stale reply.
     */
    async listForContractorJson(
      ctx: AuthContext,
      contractorId: string,
      include: { sections_category: boolean; sections_questions_question: boolean },
    ): Promise<string> {
      ownContractorId(ctx, contractorId);
      const withSections = include.sections_category || include.sections_questions_question;
      const key = `list:${ctx.user.id}:${withSections ? 'sections' : 'plain'}`;
      const version = (await listVersions.get(ctx.user.id, () => reads.listVersion(ctx.user.id))) ?? '';
      const hit = cache.get(key, version);
      if (hit !== undefined) return hit;
      const records = await reads.listByContractor(ctx.user.id, withSections);
      const json = JSON.stringify(records.map(presentResponse));
      cache.set(key, version, json);
      return json;
    },

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
        if (existing) return { response: await read(tx, existing.id), created: false };

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
        const created = await read(tx, id);
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

    /** getResponseById: its contractor, or users and auditors of its organisation; else 404. */
    async get(ctx: AuthContext, responseId: string): Promise<ResponseReply> {
      const record = await reads.load(responseId);
      if (!record || !mayRead(ctx, record)) throw new AppError('NOT_FOUND', m.notFound);
      return presentResponse(record);
    },

    /**
     * getResponseById as the reply's JSON text: the version lookup (one row by its key) also says
     * who may read; the reply comes from the cache while the version holds, else from load.
     */
    async getJson(ctx: AuthContext, responseId: string): Promise<string> {
      const head = await versions.get(responseId, () => reads.version(responseId));
      if (!head || !mayRead(ctx, head)) throw new AppError('NOT_FOUND', m.notFound);
      const key = `response:${responseId}`;
      const hit = cache.get(key, head.version);
      if (hit !== undefined) return hit;
      const record = await reads.load(responseId);
      if (!record || !mayRead(ctx, record)) throw new AppError('NOT_FOUND', m.notFound);
      const json = JSON.stringify(presentResponse(record));
      cache.set(key, record.version, json);
      return json;
    },

    /**
     * updateSectionInResponse, by user type: the contractor's answers (judgements and scores it
     * sends are ignored), the auditor's judgements and score (answers it sends are ignored).
     */
    async saveSection(ctx: AuthContext, input: ReviewSectionInResponseBody): Promise<ResponseReply> {
      switch (ctx.user.type) {
        case UserType.CONTRACTOR:
          return contractorSave(ctx, input);
        case UserType.AUDITOR:
          return review.saveSection(ctx, input);
        default:
          throw new AppError('FORBIDDEN');
      }
    },

    /** changeResponseStatus, by user type: a contractor may only submit; an auditor REASSESSMENT or COMPLETED. */
    async changeStatus(
      ctx: AuthContext,
      input: { responseId: string; status: ResponseStatus; companyId?: string | undefined; assessmentId?: string | undefined; extendedDueDate?: string | undefined },
    ): Promise<ResponseReply> {
      switch (ctx.user.type) {
        case UserType.CONTRACTOR:
          return contractorChangeStatus(ctx, input);
        case UserType.AUDITOR:
          return review.changeStatus(ctx, input);
        default:
          throw new AppError('FORBIDDEN');
      }
    },

    /** getTotalScoreForContractor: {scored, total} of each COMPLETED response (column sums). */
    async totalScores(ctx: AuthContext, contractorId: string): Promise<ScoreEntry[]> {
      const organisationIds = await scoreScope(ctx, contractorId);
      return responsesRepository.completedScores(db, contractorId, organisationIds);
    },

    /** getESGOForContractor: per factor, the sums over the sections with that factor on. */
    async esgo(ctx: AuthContext, contractorId: string): Promise<EsgoReply> {
      const organisationIds = await scoreScope(ctx, contractorId);
      return presentEsgo(await responsesRepository.esgoSums(db, contractorId, organisationIds));
    },

    /**
     * An answer attachment, streamed into assessment/{responseId}/{sectionId}/ and checked by its
     * bytes; readable by the response's organisation (and its auditors) through /api/files. It is
     * attached to a question by the next save. Only the response's contractor, while it may still
     * change answers.
     */
    async uploadAttachment(ctx: AuthContext, where: { responseId: string; sectionId: string }, file: IncomingFile): Promise<FileRecord> {
      let folder: string;
      let row: ResponseRow | undefined;
      try {
        row = await responsesRepository.find(db, where.responseId);
        if (!row || row.contractorId !== ctx.user.id) throw new AppError('NOT_FOUND', m.notFound);
        if (isClosed(row.status)) throw new AppError('CONFLICT', m.locked);
        const section = await responsesRepository.findSection(db, row.id, where.sectionId);
        if (!section) throw new AppError('NOT_FOUND', m.sectionNotFound, { field: 'sectionId' });
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
      });
      const responseId = row.id;
      const organisationId = row.organisationId;
      await db.transaction(async (tx) => {
        await responsesRepository.touch(tx, responseId, new Date());
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId,
          action: 'response.uploadAttachment',
          entity: 'response',
          entityId: responseId,
          after: record,
        });
      });
      return record;
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
        if (!isInAttachmentFolder(input.filePath, row.id, section.id)) throw new AppError('BAD_REQUEST', m.attachmentOutside, { field: 'filePath' });
        const sectionQuestions = await responsesRepository.questionsOfSection(tx, section.id);
        const question = sectionQuestions.find((q) => q.id === input.questionId);
        if (!question) throw new AppError('NOT_FOUND', m.questionNotInSection(input.questionId), { field: 'questionId' });

        const attached = question.attachments.some((f) => f.filePath === input.filePath);
        if (attached) {
          if (!contractorMayChange(row.status, question.assessStatus)) throw new AppError('CONFLICT', m.onlyRejected, { field: 'questionId' });
          await responsesRepository.writeQuestions(tx, row.id, [
            {
              id: question.id,
              answer: question.answer,
              attachments: question.attachments.filter((f) => f.filePath !== input.filePath),
              answerStatus: question.answerStatus,
              assessStatus: row.status === ResponseStatus.REASSESSMENT ? AssessStatus.NONE : question.assessStatus,
              remarks: question.remarks,
            },
          ]);
          await responsesRepository.recount(tx, eq(responses.id, row.id));
        } else if (!(await files.recordsAt([input.filePath], tx)).has(input.filePath)) {
          throw new AppError('NOT_FOUND', m.attachmentNotFound(input.filePath), { field: 'filePath' });
        }
        const stillNamed = sectionQuestions.some((q) => q.id !== question.id && q.attachments.some((f) => f.filePath === input.filePath));
        if (!stillNamed) await files.remove(input.filePath, tx);
        await responsesRepository.touch(tx, row.id, new Date());
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: row.organisationId,
          action: 'response.deleteAttachment',
          entity: 'response',
          entityId: row.id,
          before: { sectionId: section.id, questionId: question.id, filePath: input.filePath, attached },
        });
        return read(tx, row.id);
      });
    },
  };
}
export type ResponsesService = ReturnType<typeof createResponsesService>;

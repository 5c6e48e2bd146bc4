import { AppError } from '@palisade/domain/errors';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { messages } from '@palisade/domain/messages';
import {
  answerProblem,
  isInAttachmentFolder,
  normalizeAnswer,
  sameAnswer,
  sameFiles,
} from '@palisade/domain/responses/answer.rules';
import type {
  ResponseReply,
  UpdateSectionInResponseBody,
} from '@palisade/domain/responses/response.schema';
import { answerStatusOf, contractorMayChange } from '@palisade/domain/responses/response.rules';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import type { FilesService } from '../files/files.service';
import { answerSnapshot, isClosed, isOwnResponse } from './response-access';
import { presentResponse } from './responses.presenter';
import type { QuestionWrite } from './responses.repository';
import { createSaveStateCache } from './save-state-cache';
import {
  sectionSaveRepository,
  type LockedResponse,
  type SaveAudit,
  type SavedRecord,
  type SavedSection,
} from './section-save.repository';

const m = messages.responses;

/**
 * The bytes the responses' states kept for their next save may take (save-state-cache.ts): a
 * section of 10 questions is about 5 kB, so some thousand responses answered at once.
 */
const SAVE_STATE_CACHE_MAX_BYTES = 8 * 1024 * 1024;

/** What saving answers needs. */
export interface SectionSaveDeps {
  db: Db;
  files: FilesService;
  /** The time of a save (lib/clock.ts). */
  clock: Clock;
}

/**
 * The contractor's saves of answers (updateSectionInResponse; foundation-and-contractor §3,
 * DECISIONS.md States), the most frequent write: each keeps the count columns in step with the
 * answers and appends to the audit log, all or nothing.
 */
export function createSectionSave(deps: SectionSaveDeps) {
  const { db, files, clock } = deps;
  const saveStates = createSaveStateCache(SAVE_STATE_CACHE_MAX_BYTES);

  /**
   * The unlocked save, or undefined when it must go the locked way (saveSection): from the state
   * this server's last save of the section left (one round trip), else from a read (two).
   */
  async function saveUnlocked(
    ctx: AuthContext,
    input: UpdateSectionInResponseBody,
  ): Promise<ResponseReply | undefined> {
    const kept = saveStates.get(input.assesRespId, input.sectionId);
    const saved = kept && (await saveFrom(ctx, input, kept));
    if (saved) return saved;
    const read = await sectionSaveRepository.read(db, input.assesRespId, input.sectionId);
    return read?.section ? saveFrom(ctx, input, { ...read, section: read.section }) : undefined;
  }

  /**
   * The unlocked save from the response as read or kept at row version `seen`: undefined, with
   * nothing written, when the save is refused there (the locked way gives the error) or must
   * take off files, or when the response is no longer at `seen`.
   */
  async function saveFrom(
    ctx: AuthContext,
    input: UpdateSectionInResponseBody,
    from: { response: LockedResponse; seen: string; section: SavedSection },
  ): Promise<ResponseReply | undefined> {
    if (!isOwnResponse(ctx, from.response) || isClosed(from.response.status))
      return undefined;
    let plan: SavePlan;
    try {
      plan = planSave(from.response, from.section, input, new Map());
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
    if (plan.dropped.length > 0) return undefined;
    const saved = await sectionSaveRepository.saveIfUnchanged(db, {
      id: from.response.id,
      seen: from.seen,
      sectionId: from.section.sectionId,
      writes: plan.writes,
      at: clock.now(),
      audit: auditOf(ctx, from.section.sectionId, plan),
      ...(input.reply === 'sent' ? { sent: input.responseData.questions.map((q) => q._id) } : {}),
    });
    return saved && keep(saved, from.section.sectionId, from.section);
  }

  /**
   * The save's reply, its state and section kept for the next save: as the reply shows them,
   * over the section as the save found it (`before`) when the reply holds only the questions sent.
   */
  function keep(saved: SavedRecord, sectionId: string, before?: SavedSection): ResponseReply {
    saveStates.set(saved.record, saved.seen, sectionId, before);
    return presentResponse(saved.record);
  }

  /** The save under the response's lock, in one transaction (saveSection). */
  async function saveLocked(
    ctx: AuthContext,
    input: UpdateSectionInResponseBody,
  ): Promise<ResponseReply> {
    const done = await db.transaction(async (tx) => {
      const locked = await sectionSaveRepository.lockWithSection(
        tx,
        input.assesRespId,
        input.sectionId,
      );
      if (!locked || !isOwnResponse(ctx, locked.response))
        throw new AppError('NOT_FOUND', m.notFound);
      const { response: row, section: found } = locked;
      if (isClosed(row.status)) throw new AppError('CONFLICT', m.locked);
      if (!found) throw new AppError('NOT_FOUND', m.sectionNotFound, { field: 'sectionId' });

      const paths = sentPaths(input);
      // Every file sent is named by an answer once this save commits (or the save fails and this
      // rolls back): attached from now on, and locked, so that a sweep cannot take it meanwhile.
      await files.markAttached(paths, tx);
      const plan = planSave(row, found, input, await files.recordsAt(paths, tx));

      const now = clock.now();
      if (plan.writes.length > 0) {
        // Only this section's questions change: they and its counts in one statement, then the
        // response's counts with the touch.
        await sectionSaveRepository.write(tx, row.id, found.sectionId, plan.writes);
        // Files taken off their answers that no question of the section names any more are
        // unattached again: the contractor may still put them back; if not, the sweep takes them.
        // A carried file taken off stays attached: its previous round still names it (issue 58).
        await files.markUnattached(plan.dropped.filter((p) => isInAttachmentFolder(p, row.id, found.sectionId)), now, tx);
      }
      // The response's counts, lastAccessTime, the reply and the audit entry (when answers
      // changed; its `after` gets the counts): one UPDATE … RETURNING.
      const audit = auditOf(ctx, found.sectionId, plan);
      return {
        saved: await sectionSaveRepository.touchAndLoad(tx, row.id, now, audit),
        sectionId: found.sectionId,
      };
    });
    return keep(done.saved, done.sectionId);
  }

  return {
    /**
     * The contractor's answers to some questions of one section. The status of each question is
     * derived from its answer; nothing changes in SUBMITTED or COMPLETED (409); in REASSESSMENT only
     * the questions REJECTED when it began may change (409 otherwise), as often as the contractor
     * likes (they go back to NONE at submit). Questions sent unchanged are left alone, so a client
     * may send the whole section. A question sent with the version its change is based on is
     * refused (409, naming the question) when the answer has changed since (another tab).
     *
     * A save that sends no files is first tried without a lock (one or two round trips): its
     * write is refused by the database when the response changed since it was read. That, a save
     * that attaches or takes off files, and a save refused for any reason go the locked way,
     * which reads again under the lock and decides (and gives the error).
     */
    async saveSection(
      ctx: AuthContext,
      input: UpdateSectionInResponseBody,
    ): Promise<ResponseReply> {
      const saved = sentPaths(input).length > 0 ? undefined : await saveUnlocked(ctx, input);
      return saved ?? saveLocked(ctx, input);
    },
  };
}

/** The paths of the files a save sends, each once. */
function sentPaths(input: UpdateSectionInResponseBody): string[] {
  return [
    ...new Set(
      input.responseData.questions.flatMap((q) =>
        (q.answer?.attachment ?? []).map((f) => f.filePath),
      ),
    ),
  ];
}

/** What a save writes: the questions' changes, their states before, and the files taken off. */
interface SavePlan {
  writes: QuestionWrite[];
  before: ReturnType<typeof answerSnapshot>[];
  /** Files taken off their answers that no question of the section names any more. */
  dropped: string[];
}

/**
 * The save's plan from the section as read (`found`): each question sent checked against it
 * (400 on a bad answer or file, 409 on a change not allowed or based on an older version), and
 * the changes. `known`: the file records of the paths sent.
 */
function planSave(
  row: LockedResponse,
  found: SavedSection,
  input: UpdateSectionInResponseBody,
  known: ReadonlyMap<string, FileRecord>,
): SavePlan {
  const current = new Map(found.questions.map((q) => [q.id, q]));
  const writes: QuestionWrite[] = [];
  const before: ReturnType<typeof answerSnapshot>[] = [];
  for (const [i, q] of input.responseData.questions.entries()) {
    const field = `responseData.questions.${i}`;
    const cur = current.get(q._id);
    if (!cur)
      throw new AppError('BAD_REQUEST', m.questionNotInSection(q._id), { field: `${field}._id` });
    if (q.answer === undefined) continue;
    const problem = answerProblem(cur.answerType, cur.options, q.answer);
    if (problem)
      throw new AppError('BAD_REQUEST', problem.message, {
        field: `${field}.answer.${problem.field}`,
      });
    const answer = normalizeAnswer(cur.answerType, cur.options, q.answer);

    let attachments: FileRecord[] = cur.attachments;
    if (q.answer.attachment !== undefined) {
      attachments = [];
      for (const [j, f] of q.answer.attachment.entries()) {
        // A file the answer names already may stay, wherever it lies (carried over from the previous round, issue 58).
        const kept = cur.attachments.some((a) => a.filePath === f.filePath);
        if (!kept && !isInAttachmentFolder(f.filePath, row.id, found.sectionId)) {
          throw new AppError('BAD_REQUEST', m.attachmentOutside, {
            field: `${field}.answer.attachment.${j}`,
          });
        }
        const record = known.get(f.filePath);
        if (!record)
          throw new AppError('BAD_REQUEST', m.attachmentNotFound(f.filePath), {
            field: `${field}.answer.attachment.${j}`,
          });
        if (!attachments.some((a) => a.filePath === record.filePath)) attachments.push(record);
      }
    }

    if (sameAnswer(cur.answer, answer) && sameFiles(cur.attachments, attachments)) continue;
    if (!contractorMayChange(row.status, cur)) {
      throw new AppError('CONFLICT', m.onlyRejected, {
        field: `${field}.answer`,
        questionId: cur.id,
      });
    }
    if (q.version !== undefined && q.version !== cur.version) {
      throw new AppError('CONFLICT', m.answerConflict, {
        field: `${field}.version`,
        questionId: cur.id,
        version: cur.version,
      });
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
  const written = new Map(writes.map((w) => [w.id, w.attachments]));
  const named = new Set(
    found.questions.flatMap((q) => (written.get(q.id) ?? q.attachments).map((f) => f.filePath)),
  );
  const dropped = writes
    .flatMap((w) => (current.get(w.id)?.attachments ?? []).map((f) => f.filePath))
    .filter((p) => !named.has(p));
  return { writes, before, dropped: [...new Set(dropped)] };
}

/** The audit entry of a save that changes answers; null when it changes none. */
function auditOf(ctx: AuthContext, sectionId: string, plan: SavePlan): SaveAudit | null {
  if (plan.writes.length === 0) return null;
  return {
    actorId: ctx.user.id,
    before: { sectionId, questions: plan.before },
    after: { sectionId, questions: plan.writes.map((w) => answerSnapshot(w)) },
  };
}

import { LRUCache } from 'lru-cache';
import type { QuestionRecord, ResponseRecord } from './responses.repository';
import type { LockedResponse, SavedQuestion, SavedSection } from './section-save.repository';

/**
 * A response as its last save on this server left it, with the section that save wrote: what
 * the next save of that section checks its answers against.
 */
interface SaveState {
  response: LockedResponse;
  /** The response row's version (xmin) it was left at. */
  seen: string;
  categoryId: string;
  section: SavedSection;
}

/**
 * The state of the responses this server saved last, by response id, so that the next save of the
 * same section (an answering screen saves every answer typed) starts from it instead of reading
 * it: one round trip. The save's write runs only when the response's row is still at `seen`
 * (section-save.repository saveIfUnchanged), so a state that a change elsewhere (another server,
 * a submit, a review) made old costs a read, never a wrong write. Only the section saved is kept,
 * and the whole is bounded by an estimate of the bytes it holds.
 */
export function createSaveStateCache(maxBytes: number) {
  const cache = new LRUCache<string, SaveState>({ maxSize: maxBytes, sizeCalculation: sizeOf });
  return {
    /** The response's state when its kept section is the one named by its id or its category's id; else undefined. */
    get(
      responseId: string,
      sectionOrCategoryId: string,
    ): { response: LockedResponse; seen: string; section: SavedSection } | undefined {
      const state = cache.get(responseId);
      if (
        state?.section.sectionId !== sectionOrCategoryId &&
        state?.categoryId !== sectionOrCategoryId
      )
        return undefined;
      return state;
    },
    /**
     * Keeps the response and its section `sectionId` as a save's reply shows them, at the row
     * version `seen`. A reply of only some of the section's questions (reply 'sent') is laid over
     * the section as the save found it (`before`).
     */
    set(record: ResponseRecord, seen: string, sectionId: string, before?: SavedSection): void {
      const saved = record.sections?.find((s) => s.id === sectionId);
      if (!saved) {
        cache.delete(record.id);
        return;
      }
      const replied = new Map(saved.questions.map((q) => [q.id, checkedFields(q)]));
      cache.set(record.id, {
        response: {
          id: record.id,
          contractorId: record.contractorId,
          organisationId: record.organisationId,
          status: record.status,
        },
        seen,
        categoryId: saved.categoryId,
        section: {
          sectionId: saved.id,
          questions: before
            ? before.questions.map((q) => replied.get(q.id) ?? q)
            : [...replied.values()],
        },
      });
    },
  };
}

/** What the save checks of a question of a reply: not its texts nor its history. */
function checkedFields(q: QuestionRecord): SavedQuestion {
  return {
    id: q.id,
    answerType: q.answerType,
    options: q.options,
    answer: q.answer,
    attachments: q.attachments,
    answerStatus: q.answerStatus,
    assessStatus: q.assessStatus,
    remarks: q.remarks,
    version: q.version,
    reopenedVersion: q.reopenedVersion,
  };
}

/** Bytes, roughly: a fixed part per question and file, and the texts as UTF-16. */
function sizeOf(state: SaveState): number {
  let bytes = 256;
  for (const q of state.section.questions) {
    let chars = (q.answer?.text?.length ?? 0) + (q.remarks?.length ?? 0);
    for (const option of q.options) chars += option.length;
    bytes += 400 + q.attachments.length * 400 + chars * 2;
  }
  return bytes;
}

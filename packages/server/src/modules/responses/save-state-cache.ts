import { LRUCache } from 'lru-cache';
import type { ResponseRecord } from './responses.repository';
import type { LockedResponse, SavedSection } from './section-save.repository';

/** A response as its last save on this server left it: what the next save checks its answers against. */
interface SaveState {
  response: LockedResponse;
  /** The response row's version (xmin) it was left at. */
  seen: string;
  sections: (SavedSection & { categoryId: string })[];
}

/**
 * The state of the responses this server saved last, by response id, so that the next save of the
 * same response (an answering screen saves every answer typed) starts from it instead of reading
 * it: one round trip. The save's write runs only when the response's row is still at `seen`
 * (section-save.repository saveIfUnchanged), so a state that a change elsewhere (another server,
 * a submit, a review) made old costs a read, never a wrong write. Bounded by an estimate of the
 * bytes it holds.
 */
export function createSaveStateCache(maxBytes: number) {
  const cache = new LRUCache<string, SaveState>({ maxSize: maxBytes, sizeCalculation: sizeOf });
  return {
    /** The response's state with the section named by its id or its category's id, or undefined. */
    get(
      responseId: string,
      sectionOrCategoryId: string,
    ): { response: LockedResponse; seen: string; section: SavedSection } | undefined {
      const state = cache.get(responseId);
      const section = state?.sections.find(
        (s) => s.sectionId === sectionOrCategoryId || s.categoryId === sectionOrCategoryId,
      );
      return state && section ? { response: state.response, seen: state.seen, section } : undefined;
    },
    /** Keeps the response as a save's reply shows it, at the row version `seen`. */
    set(record: ResponseRecord, seen: string): void {
      cache.set(record.id, {
        response: {
          id: record.id,
          contractorId: record.contractorId,
          organisationId: record.organisationId,
          status: record.status,
        },
        seen,
        sections: (record.sections ?? []).map((s) => ({
          sectionId: s.id,
          categoryId: s.categoryId,
          questions: s.questions.map((q) => ({
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
          })),
        })),
      });
    },
    /** Entries held (tests). */
    get size(): number {
      return cache.size;
    },
  };
}
export type SaveStateCache = ReturnType<typeof createSaveStateCache>;

/** Bytes, roughly: a fixed part per question and file, and the texts as UTF-16. */
function sizeOf(state: SaveState): number {
  let bytes = 256;
  for (const s of state.sections) {
    for (const q of s.questions) {
      let chars = (q.answer?.text?.length ?? 0) + (q.remarks?.length ?? 0);
      for (const option of q.options) chars += option.length;
      bytes += 400 + q.attachments.length * 400 + chars * 2;
    }
  }
  return bytes;
}

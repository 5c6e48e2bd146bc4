import type { QueryClient } from '@tanstack/react-query';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';

/**
 * Query keys of the contractor's assessment screens. Everything starts with 'responses': the
 * home feature's dashboard cards read the same calls under the same keys, so a save or a submit
 * here refreshes them too.
 */
export const responseKeys = {
  all: ['responses'] as const,
  assessments: (contractorId: string) => ['responses', 'assessments', contractorId] as const,
  list: (contractorId: string) => ['responses', 'list', contractorId] as const,
  one: (responseId: string) => ['responses', 'one', responseId] as const,
  /** A page of the organisation's (or the auditor's) responses, by its filters. */
  page: (filters: object) => ['responses', 'page', filters] as const,
  scores: (contractorId: string) => ['responses', 'scores', contractorId] as const,
  esgo: (contractorId: string) => ['responses', 'esgo', contractorId] as const,
};

/** After a write: the lists, scores and dashboard cards are stale (the response itself is set). */
export async function invalidateResponseLists(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    (['assessments', 'list', 'page', 'scores', 'esgo'] as const).map((kind) =>
      queryClient.invalidateQueries({ queryKey: ['responses', kind] }),
    ),
  );
}

/**
 * Puts the reply of a save that asked for only the questions it sent (reply 'sent') into the
 * cached response: the response's fields (status, counts, progress), the section's, and those
 * questions; the other questions and sections as cached (a save changes only what it sends).
 * Without a cached response nothing is set: the reply alone is not a whole response.
 */
export function setSavedSection(queryClient: QueryClient, reply: ResponseReply): void {
  queryClient.setQueryData<ResponseReply>(responseKeys.one(reply._id), (cached) => {
    if (!cached) return undefined;
    const saved = new Map((reply.sections ?? []).map((s) => [s._id, s]));
    return {
      ...reply,
      sections: (cached.sections ?? []).map((s) => {
        const section = saved.get(s._id);
        if (!section) return s;
        const sent = new Map(section.questions.map((q) => [q._id, q]));
        return { ...section, questions: s.questions.map((q) => sent.get(q._id) ?? q) };
      }),
    };
  });
}

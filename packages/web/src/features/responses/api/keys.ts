import type { QueryClient } from '@tanstack/react-query';
import type { FileRecord } from '@palisade/domain/files/file.schema';
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
  setNewest(queryClient, reply._id, (cached) => {
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

/**
 * Sets the cached response to what a write's reply says, and drops a read of it still on its way:
 * that read may have left the server before the write, and landing after it would put an older
 * state back (an answer saved, then shown unanswered while its section's counts say complete).
 * The query keeps what was set here (TanStack Query reverts a cancelled read to the last data set).
 */
function setNewest(
  queryClient: QueryClient,
  responseId: string,
  update: (cached: ResponseReply | undefined) => ResponseReply | undefined,
): void {
  const queryKey = responseKeys.one(responseId);
  queryClient.setQueryData<ResponseReply>(queryKey, update);
  if (queryClient.getQueryData(queryKey) !== undefined) void queryClient.cancelQueries({ queryKey });
}

/** The whole response as a write replied it (a section's Save, a file's removal). */
export function setResponse(queryClient: QueryClient, response: ResponseReply): void {
  setNewest(queryClient, response._id, () => response);
}

/**
 * A file that joined a question's answer on the server (an upload with questionId): added to the
 * cached question with the question's new version, without reading the whole response again.
 */
export function setAttachedFile(
  queryClient: QueryClient,
  where: { responseId: string; questionId: string },
  file: FileRecord,
  version: number,
): void {
  setNewest(queryClient, where.responseId, (cached) =>
    cached && {
      ...cached,
      sections: cached.sections?.map((s) => ({
        ...s,
        questions: s.questions.map((q) =>
          q._id === where.questionId
            ? { ...q, version, answer: { ...q.answer, attachment: [...q.answer.attachment, file] } }
            : q,
        ),
      })),
    },
  );
}

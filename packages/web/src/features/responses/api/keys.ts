import type { QueryClient } from '@tanstack/react-query';

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

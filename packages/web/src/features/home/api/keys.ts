/**
 * The dashboard's keys are the contractor assessment screens' keys (features/responses): the
 * same calls under the same keys share one cache entry, and a save or a submit there refreshes
 * these cards. Features do not import each other, so the few keys are written here again.
 */
export const dashboardKeys = {
  assessments: (contractorId: string) => ['responses', 'assessments', contractorId] as const,
  scores: (contractorId: string) => ['responses', 'scores', contractorId] as const,
  esgo: (contractorId: string) => ['responses', 'esgo', contractorId] as const,
};

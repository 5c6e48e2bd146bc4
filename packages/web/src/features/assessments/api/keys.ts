/**
 * The query keys of assessment authoring, in one place so that each call's file can invalidate
 * the lists another call reads.
 */
export const assessmentKeys = {
  all: ['assessments'] as const,
  categories: (companyId: string) => ['assessments', 'categories', companyId] as const,
  questions: (companyId: string) => ['assessments', 'questions', companyId] as const,
  list: () => ['assessments', 'list'] as const,
  detail: (assessmentId: string) => ['assessments', 'detail', assessmentId] as const,
  responses: (companyId: string) => ['assessments', 'responses', companyId] as const,
};

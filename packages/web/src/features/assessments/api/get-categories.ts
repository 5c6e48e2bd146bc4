import { useQuery } from '@tanstack/react-query';
import type { Category } from '@palisade/domain/assessments/category.schema';
import { apiCall } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/** POST /api/assessment/categories/getAssessCategoriesByCompanyId: the organisation's categories. */
export function getCategories(companyId: string, signal?: AbortSignal): Promise<Category[]> {
  return apiCall<Category[]>(
    '/api/assessment/categories/getAssessCategoriesByCompanyId',
    { companyId },
    { signal },
  );
}

export function useCategories(companyId: string) {
  return useQuery({
    queryKey: assessmentKeys.categories(companyId),
    queryFn: ({ signal }) => getCategories(companyId, signal),
  });
}

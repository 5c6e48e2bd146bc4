import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Category,
  CreateAssessCategoryInput,
} from '@palisade/domain/assessments/category.schema';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { apiCall } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/** POST /api/assessment/categories/createAssessCategory {companyId, name}. */
export function createCategory(input: CreateAssessCategoryInput): Promise<Category> {
  return apiCall<Category>('/api/assessment/categories/createAssessCategory', input);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    meta: { successMessage: assessmentMessages.categoryAdded },
    onSuccess: (category) =>
      queryClient.invalidateQueries({ queryKey: assessmentKeys.categories(category.companyId) }),
  });
}

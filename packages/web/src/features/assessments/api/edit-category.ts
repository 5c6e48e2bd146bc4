import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Category,
  EditAssessCategoryInput,
} from '@palisade/domain/assessments/category.schema';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { apiCall } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/** POST /api/assessment/categories/editAssessCategoryById {categoryId, updateData: {name}}. */
export function editCategory(input: EditAssessCategoryInput): Promise<Category> {
  return apiCall<Category>('/api/assessment/categories/editAssessCategoryById', input);
}

export function useEditCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editCategory,
    meta: { successMessage: assessmentMessages.categoryEdited },
    // The category name also shows in the assessments that use it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BulkQuestionsReply,
  CreateBulkQuestionsInput,
} from '@palisade/domain/assessments/question.schema';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { apiCall } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/notifier';
import { assessmentKeys } from './keys';

/**
 * POST /api/assessment/questions/createBulkQuestions {questionsData}: the server creates the
 * valid new rows and reports the skipped ones (empty, invalid, existing, repeated).
 */
export function createBulkQuestions(input: CreateBulkQuestionsInput): Promise<BulkQuestionsReply> {
  return apiCall<BulkQuestionsReply>('/api/assessment/questions/createBulkQuestions', input);
}

export function useCreateBulkQuestions(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBulkQuestions,
    onSuccess: async (report) => {
      // 'No question was imported' is not a success: the import tab reports it instead.
      if (report.createdCount > 0) showSuccess(assessmentMessages.questionsImported);
      await queryClient.invalidateQueries({ queryKey: assessmentKeys.questions(companyId) });
    },
  });
}

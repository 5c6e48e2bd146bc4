import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StarterSetId } from '@palisade/domain/templates/starter-library';
import type {
  AddStarterSetReply,
  StarterSetsReply,
} from '@palisade/domain/templates/templates.schema';
import { templatesMessages } from '@palisade/domain/templates/templates.messages';
import { apiCall } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/notifier';

const m = templatesMessages;

export const templateKeys = {
  sets: (companyId: string) => ['templates', 'sets', companyId] as const,
};

/** POST /api/templates/getStarterSets: the library, each set with what the bank holds of it. */
export function useStarterSets(companyId: string) {
  return useQuery({
    queryKey: templateKeys.sets(companyId),
    queryFn: ({ signal }) =>
      apiCall<StarterSetsReply>('/api/templates/getStarterSets', { companyId }, { signal }),
    enabled: companyId !== '',
  });
}

/**
 * POST /api/templates/addStarterSet: adds what the bank lacks (a second add adds nothing). The
 * library and the organisation's question bank and categories are read again.
 */
export function useAddStarterSet(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { setId: StarterSetId; name: string }) =>
      apiCall<AddStarterSetReply>('/api/templates/addStarterSet', {
        companyId,
        setId: input.setId,
      }),
    onSuccess: (reply, input) => {
      const added = reply.categoriesAdded + reply.questionsAdded > 0;
      showSuccess(
        added
          ? m.setAdded(input.name, reply.categoriesAdded, reply.questionsAdded)
          : m.setAlreadyAdded(input.name),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['templates'] }),
        queryClient.invalidateQueries({ queryKey: ['assessments', 'questions', companyId] }),
        queryClient.invalidateQueries({ queryKey: ['assessments', 'categories', companyId] }),
      ]);
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ListRoundsReply,
  RecurrenceReply,
  ResponseRoundReply,
  SetRecurrenceInput,
} from '@palisade/domain/recurrence/recurrence.schema';
import { recurrenceMessages } from '@palisade/domain/recurrence/recurrence.messages';
import { ApiError, apiCall } from '../../lib/api-client';

/** The recurrence queries' keys (issue 58): every write invalidates `all`. */
export const recurrenceKeys = {
  all: ['recurrence'] as const,
  one: (assessmentId: string) => ['recurrence', 'one', assessmentId] as const,
  rounds: (companyId: string) => ['recurrence', 'rounds', companyId] as const,
  response: (responseId: string) => ['recurrence', 'response', responseId] as const,
};

/** POST /api/recurrence/getRecurrence: null when the assessment does not recur. */
export function useRecurrence(assessmentId: string | null) {
  return useQuery({
    queryKey: recurrenceKeys.one(assessmentId ?? ''),
    queryFn: ({ signal }) =>
      apiCall<RecurrenceReply | null>('/api/recurrence/getRecurrence', { assessmentId }, { signal }),
    enabled: Boolean(assessmentId),
  });
}

/** POST /api/recurrence/listRounds: the organisation's round labels (the round filter). */
export function useRounds(companyId: string | null) {
  return useQuery({
    queryKey: recurrenceKeys.rounds(companyId ?? ''),
    queryFn: ({ signal }) =>
      apiCall<ListRoundsReply>('/api/recurrence/listRounds', { companyId }, { signal }),
    enabled: Boolean(companyId),
    meta: { errorDialog: false },
  });
}

/** POST /api/recurrence/getResponseRound: a response's round and its carried-over answers. */
export function useResponseRound(responseId: string | null) {
  return useQuery({
    queryKey: recurrenceKeys.response(responseId ?? ''),
    queryFn: ({ signal }) =>
      apiCall<ResponseRoundReply>('/api/recurrence/getResponseRound', { responseId }, { signal }),
    enabled: Boolean(responseId),
  });
}

/** A write of a recurrence: a 409 reloads it (someone else changed it). */
function useRecurrenceWrite<I>(fn: (input: I) => Promise<RecurrenceReply>, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recurrenceKeys.all }),
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: recurrenceKeys.all });
      }
    },
  });
}

/** POST /api/recurrence/setRecurrence (version 0 for a new one). */
export function useSetRecurrence() {
  return useRecurrenceWrite(
    (input: SetRecurrenceInput) => apiCall<RecurrenceReply>('/api/recurrence/setRecurrence', input),
    recurrenceMessages.set,
  );
}

/** POST /api/recurrence/stopRecurrence */
export function useStopRecurrence() {
  return useRecurrenceWrite(
    (input: { assessmentId: string; version: number }) =>
      apiCall<RecurrenceReply>('/api/recurrence/stopRecurrence', input),
    recurrenceMessages.stopped,
  );
}

/** A carry-over write: the response (its answers) and its round are read again. */
function useCarryWrite<I extends { responseId: string }>(
  fn: (input: I) => Promise<ResponseRoundReply>,
  successMessage: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { successMessage },
    onSuccess: async (reply, input) => {
      queryClient.setQueryData(recurrenceKeys.response(input.responseId), reply);
      // The response's own query (features/responses keys: ['responses', 'one', id]) and its lists.
      await queryClient.invalidateQueries({ queryKey: ['responses'] });
    },
  });
}

/** POST /api/recurrence/carryOver */
export function useCarryOver() {
  return useCarryWrite(
    (input: { responseId: string }) => apiCall<ResponseRoundReply>('/api/recurrence/carryOver', input),
    recurrenceMessages.screens.carriedDone,
  );
}

/** POST /api/recurrence/confirmCarried */
export function useConfirmCarried() {
  return useCarryWrite(
    (input: { responseId: string; questionIds: string[] }) =>
      apiCall<ResponseRoundReply>('/api/recurrence/confirmCarried', input),
    recurrenceMessages.screens.confirmedDone,
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateRequirementInput,
  Requirement,
  RequirementsReply,
  UpdateRequirementInput,
} from '@palisade/domain/compliance/compliance.schema';
import { complianceMessages } from '@palisade/domain/compliance/compliance.messages';
import { ApiError, apiCall } from '../../../lib/api-client';
import { complianceKeys } from './keys';

/** POST /api/compliance/listRequirements: the organisation's requirements, live ones first by name. */
export function listRequirements(
  input: { companyId: string; includeRetired: boolean },
  signal?: AbortSignal,
): Promise<RequirementsReply> {
  return apiCall<RequirementsReply>('/api/compliance/listRequirements', input, { signal });
}

export function useRequirements(companyId: string | null, includeRetired = false) {
  return useQuery({
    queryKey: complianceKeys.requirements(companyId ?? '', includeRetired),
    queryFn: ({ signal }) => listRequirements({ companyId: companyId ?? '', includeRetired }, signal),
    enabled: companyId !== null,
  });
}

/** POST /api/compliance/createRequirement: with the form's client-made id (the same id twice stores one). */
export function createRequirement(input: CreateRequirementInput): Promise<Requirement> {
  return apiCall<Requirement>('/api/compliance/createRequirement', input);
}

/** POST /api/compliance/updateRequirement: based on `version`; an older one is 409. */
export function updateRequirement(input: UpdateRequirementInput): Promise<Requirement> {
  return apiCall<Requirement>('/api/compliance/updateRequirement', input);
}

/** POST /api/compliance/retireRequirement */
export function retireRequirement(input: { requirementId: string; version: number }): Promise<Requirement> {
  return apiCall<Requirement>('/api/compliance/retireRequirement', input);
}

/**
 * Every write changes the requirements, the matrix and the counts: all of compliance is read again.
 * The dialogs show their own errors (errorDialog false): a 409 there says the form was reloaded.
 */
function useComplianceWrite<I>(
  fn: (input: I) => Promise<Requirement>,
  successMessage: string,
  errorDialog = true,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { successMessage, errorDialog },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complianceKeys.all }),
    onError: async (error) => {
      // Changed by someone else (409): the list is read again, so the next edit starts from it.
      if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: complianceKeys.all });
      }
    },
  });
}

export function useCreateRequirement() {
  return useComplianceWrite(createRequirement, complianceMessages.requirementCreated, false);
}

export function useUpdateRequirement() {
  return useComplianceWrite(updateRequirement, complianceMessages.requirementUpdated, false);
}

export function useRetireRequirement() {
  return useComplianceWrite(retireRequirement, complianceMessages.requirementRetiredDone);
}

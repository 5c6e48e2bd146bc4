import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { apiCall } from '../../../lib/api-client';
import { resetOrganisationData, setSessionProfile } from '../../../lib/session';

/** POST /api/auth/switchOrganisation: a contractor or auditor picks its working organisation. */
export function switchOrganisation(companyId: string): Promise<Profile> {
  return apiCall<Profile>('/api/auth/switchOrganisation', { companyId });
}

export function useSwitchOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchOrganisation,
    onSuccess: async (profile) => {
      setSessionProfile(queryClient, profile);
      await resetOrganisationData(queryClient);
    },
  });
}

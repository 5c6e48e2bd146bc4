import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { profileMessages } from '@palisade/domain/messages/profile';
import { apiCall } from '../../../lib/api-client';
import { setSessionProfile } from '../../../lib/session';

/** POST /api/profile/updatePreferences: the Settings page's switches. */
export function updatePreferences(input: { emailNotifications: boolean }): Promise<Profile> {
  return apiCall<Profile>('/api/profile/updatePreferences', input);
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    meta: { successMessage: profileMessages.preferencesSaved },
    onSuccess: (profile) => setSessionProfile(queryClient, profile),
  });
}

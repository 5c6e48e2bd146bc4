import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileInput } from '@palisade/domain/auth/profile.schema';
import { profileMessages } from '@palisade/domain/messages/profile';
import { apiCall } from '../../../lib/api-client';
import { setSessionProfile } from '../../../lib/session';

/** POST /api/profile/updateProfile: name, phone (10 digits or '') and location of one's own profile. */
export function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  return apiCall<Profile>('/api/profile/updateProfile', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { successMessage: profileMessages.saved },
    onSuccess: (profile) => setSessionProfile(queryClient, profile),
  });
}

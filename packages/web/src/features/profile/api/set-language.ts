import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { SetLanguageInput } from '@palisade/domain/i18n/language.schema';
import { apiCall } from '../../../lib/api-client';
import { switchLanguage } from '../../../lib/language';
import { setSessionProfile } from '../../../lib/session';

/** POST /api/profile/setLanguage: the Settings page's language (issue 60). */
export function setLanguage(input: SetLanguageInput): Promise<Profile> {
  return apiCall<Profile>('/api/profile/setLanguage', input);
}

export function useSetLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLanguage,
    // The screens change to it once it is kept (its table fetched first); no dialog: the page itself says it.
    onSuccess: async (profile) => {
      setSessionProfile(queryClient, profile);
      if (profile.language) await switchLanguage(profile.language, true);
    },
  });
}

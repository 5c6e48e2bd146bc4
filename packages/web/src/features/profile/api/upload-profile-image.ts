import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { profileMessages } from '@palisade/domain/messages/profile';
import { IMAGE_UPLOAD_SCOPE } from '../../../components/image-picker';
import { apiUpload } from '../../../lib/uploads';
import { setSessionProfile } from '../../../lib/session';

/** POST /api/profile/uploadProfileImage: multipart, one field `file` (.jpg/.jpeg/.png, ≤ 10 MB). */
export function uploadProfileImage(file: File): Promise<Profile> {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<Profile>('/api/profile/uploadProfileImage', form, {
    name: file.name,
    scope: IMAGE_UPLOAD_SCOPE,
  });
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    meta: { successMessage: profileMessages.imageUpdated },
    onSuccess: (profile) => setSessionProfile(queryClient, profile),
  });
}

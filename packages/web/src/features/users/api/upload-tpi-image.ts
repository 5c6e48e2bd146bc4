import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMAGE_UPLOAD_SCOPE } from '../../../components/image-picker';
import { apiUpload } from '../../../lib/uploads';
import { auditorKeys, type Auditor } from './account-types';

/** POST /api/tpi/uploadTpiImage?tpiId=…: multipart, one field `file` (.jpg/.png, ≤ 10 MB). */
export function uploadTpiImage(input: { tpiId: string; file: File }): Promise<Auditor> {
  const form = new FormData();
  form.append('file', input.file);
  return apiUpload<Auditor>(`/api/tpi/uploadTpiImage?tpiId=${encodeURIComponent(input.tpiId)}`, form, {
    name: input.file.name,
    scope: IMAGE_UPLOAD_SCOPE,
  });
}

/** The caller says what success shows: after a create it is the create's text, not this one. */
export function useUploadAuditorImage(meta?: { successMessage?: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTpiImage,
    meta,
    onSuccess: async (auditor) => {
      queryClient.setQueryData(auditorKeys.one(auditor._id), auditor);
      await queryClient.invalidateQueries({ queryKey: auditorKeys.list() });
    },
  });
}

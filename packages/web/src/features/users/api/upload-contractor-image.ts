import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMAGE_UPLOAD_SCOPE } from '../../../components/image-picker';
import { apiUpload } from '../../../lib/uploads';
import { companyKeys, type Company } from './account-types';

/** POST /api/contractor/uploadContractorImage?contractorId=…: multipart, one field `file`. */
export function uploadContractorImage(input: {
  contractorId: string;
  file: File;
}): Promise<Company> {
  const form = new FormData();
  form.append('file', input.file);
  const id = encodeURIComponent(input.contractorId);
  return apiUpload<Company>(`/api/contractor/uploadContractorImage?contractorId=${id}`, form, {
    name: input.file.name,
    scope: IMAGE_UPLOAD_SCOPE,
  });
}

/** The caller says what success shows: after a create it is the create's text, not this one. */
export function useUploadCompanyImage(meta?: { successMessage?: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadContractorImage,
    meta,
    onSuccess: async (company) => {
      queryClient.setQueryData(companyKeys.one(company._id), company);
      await queryClient.invalidateQueries({ queryKey: companyKeys.list() });
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExportJob, MyExportReply } from '@palisade/domain/exports/export.schema';
import { exportMessages } from '@palisade/domain/exports/export.messages';
import { apiCall } from '../../lib/api-client';

/** While an export is queued or being built, its state is read again this often. */
export const EXPORT_POLL_MS = 3000;

export const dataExportKeys = { mine: ['export', 'mine'] as const };

/** POST /api/export/getMyExport: the admin's latest export of its organisation, read again while it is being built. */
export function useMyExport(enabled: boolean) {
  return useQuery({
    queryKey: dataExportKeys.mine,
    queryFn: ({ signal }) => apiCall<MyExportReply>('/api/export/getMyExport', {}, { signal }),
    enabled,
    refetchInterval: (query) => {
      const status = query.state.data?.export?.status;
      return status === 'queued' || status === 'building' ? EXPORT_POLL_MS : false;
    },
  });
}

/** POST /api/export/requestExport with the client-made id of this request (a retry sends the same). */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall<ExportJob>('/api/export/requestExport', { id }),
    meta: { successMessage: exportMessages.requested },
    onSuccess: (job) => {
      queryClient.setQueryData<MyExportReply>(dataExportKeys.mine, { export: job });
    },
  });
}

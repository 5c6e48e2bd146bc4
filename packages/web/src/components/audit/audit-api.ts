import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AUDIT_CSV_CONTENT_TYPE,
  type AuditExportInput,
  type AuditListInput,
  type AuditListReply,
} from '@palisade/domain/audit/audit.schema';
import { auditCsvFileName } from '@palisade/domain/audit/audit.rules';
import { apiCall } from '../../lib/api-client';
import { postForFile, saveBlob } from '../../lib/download';

/** Query keys of the activity log. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (input: AuditListInput, version = '') => ['audit', 'list', input, version] as const,
};

/** POST /api/audit/list: one page of the organisation's log, newest first. */
export function listAudit(input: AuditListInput, signal?: AbortSignal): Promise<AuditListReply> {
  return apiCall<AuditListReply>('/api/audit/list', input, { signal });
}

/**
 * The page on screen; the previous one stays shown while the next loads. A new `version` (of the
 * object whose history it is) reads the page again.
 */
export function useAuditList(input: AuditListInput, version = '') {
  return useQuery({
    queryKey: auditKeys.list(input, version),
    queryFn: ({ signal }) => listAudit(input, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/audit/export: the filtered rows as a CSV file, saved under the server's name. */
export function useExportAudit() {
  return useMutation({
    mutationFn: (filter: AuditExportInput) => postForFile('/api/audit/export', filter, AUDIT_CSV_CONTENT_TYPE),
    onSuccess: ({ blob, fileName }) =>
      saveBlob(blob, fileName ?? auditCsvFileName(new Date().toISOString().slice(0, 10))),
  });
}

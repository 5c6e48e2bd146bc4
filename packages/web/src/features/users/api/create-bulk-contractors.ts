import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkInvalidRow, BulkSkippedRow } from '@palisade/domain/users/accounts.schema';
import { usersMessages } from '@palisade/domain/messages/users';
import { uploadBulkCsv, type BulkCsvInput } from '../../../components/bulk-upload-dialog';
import { showSuccess } from '../../../lib/notifier';
import { companyKeys, type Company } from './account-types';

/** What a bulk upload did, row by row (rows numbered as in the file, header = 1). */
export interface BulkReport {
  created: Company[];
  createdCount: number;
  skipped: BulkSkippedRow[];
  invalid: BulkInvalidRow[];
  invitationsSent: number;
}

/**
 * POST /api/contractor/createBulkContractors {csv}: the file's text as chosen; the server checks
 * the header and numbers the rows itself.
 */
export function createBulkContractors(input: BulkCsvInput): Promise<BulkReport> {
  return uploadBulkCsv<BulkReport>('/api/contractor/createBulkContractors', input);
}

export function useCreateBulkCompanies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBulkContractors,
    onSuccess: async (report) => {
      // "No company was added" is not a success: the report in the dialog says why.
      if (report.createdCount > 0) showSuccess(usersMessages.companiesAdded);
      await queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
  });
}

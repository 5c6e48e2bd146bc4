import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkEmployeesReport } from '@palisade/domain/employees/employee.schema';
import { employeeMessages } from '@palisade/domain/employees/employee.messages';
import { uploadBulkCsv, type BulkCsvInput } from '../../../components/bulk-upload-dialog';
import { showSuccess } from '../../../lib/notifier';
import { employeeKeys } from './employee-keys';

/** POST /api/contractor/createBulkEmployees {csv}: the file's text as chosen; the server checks it again. */
export function createBulkEmployees(input: BulkCsvInput): Promise<BulkEmployeesReport> {
  return uploadBulkCsv<BulkEmployeesReport>('/api/contractor/createBulkEmployees', input);
}

export function useCreateBulkEmployees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBulkEmployees,
    onSuccess: async (report) => {
      // "No employee was added" is not a success: the report in the dialog says why.
      if (report.createdCount > 0) showSuccess(employeeMessages.employeesAdded);
      await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
    },
  });
}

import {
  BULK_EMPLOYEE_SAMPLE_CSV,
  parseBulkEmployees,
} from '@palisade/domain/employees/employee-bulk.rules';
import { employeeMessages } from '@palisade/domain/employees/employee.messages';
import { BulkUploadDialog, type BulkUploadTexts } from '../../../components/bulk-upload-dialog';
import { useCreateBulkEmployees } from '../api/create-bulk-employees';

const m = employeeMessages;

/** The dialog's texts, read as it renders (in the user's language, issue 60). */
function bulkTexts(): BulkUploadTexts {
  return {
    title: m.bulkTitle,
    help: m.bulkHelp,
    uploading: m.bulkUploading,
    ready: m.bulkReady,
    created: m.bulkCreated,
    noneAdded: m.noEmployeesAdded,
  };
}

/**
 * Add Bulk Employees: as Add Bulk Company, with the employee file (Name, Email, Mobile, Employee
 * Code); each employee created gets an invitation.
 */
export function BulkEmployeesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const upload = useCreateBulkEmployees();
  return (
    <BulkUploadDialog
      open={open}
      onClose={onClose}
      texts={bulkTexts()}
      sample={{ name: m.bulkSampleName, csv: BULK_EMPLOYEE_SAMPLE_CSV }}
      check={parseBulkEmployees}
      upload={upload}
    />
  );
}

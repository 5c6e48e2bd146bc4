import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { usersMessages } from '@palisade/domain/messages/users';
import { BULK_COMPANY_SAMPLE_CSV, parseBulkCompanies } from '@palisade/domain/users/bulk.rules';
import {
  BulkUploadDialog,
  checkBulkCsvFile,
  type BulkUploadTexts,
  type CheckedBulkFile,
} from '../../../components/bulk-upload-dialog';
import { useCreateBulkCompanies } from '../api/create-bulk-contractors';

const t = userScreensMessages;

/** The dialog's texts, read as it renders (in the user's language, issue 60). */
function bulkTexts(): BulkUploadTexts {
  return {
    title: t.bulkTitle,
    help: t.bulkHelp,
    uploading: t.bulkUploading,
    ready: t.bulkReady,
    created: t.bulkCreated,
    noneAdded: usersMessages.noCompaniesAdded,
  };
}
const SAMPLE = { name: 'Sample_Companies.csv', csv: BULK_COMPANY_SAMPLE_CSV };

/** Reads a chosen CSV file and checks its header and rows with the domain's bulk company rules. */
export function checkBulkFile(file: File): Promise<CheckedBulkFile> {
  return checkBulkCsvFile(file, parseBulkCompanies);
}

interface BulkCompanyDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Add Bulk Company: the sample file, the file chooser, a check of the header (spec §5 text), a
 * progress bar while the server creates the companies, then its report row by row.
 */
export function BulkCompanyDialog({ open, onClose }: BulkCompanyDialogProps) {
  const upload = useCreateBulkCompanies();
  return (
    <BulkUploadDialog
      open={open}
      onClose={onClose}
      texts={bulkTexts()}
      sample={SAMPLE}
      check={parseBulkCompanies}
      upload={upload}
    />
  );
}

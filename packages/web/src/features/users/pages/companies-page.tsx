import { useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Link as RouterLink } from 'react-router';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import type { DataColumn } from '../../../components/data-table';
import { downloadCsv } from '../../../components/csv-file';
import type { Company } from '../api/account-types';
import { useChangeCompanyStatus } from '../api/change-contractor-status';
import { useDeleteCompany } from '../api/delete-contractor';
import { useCompanies } from '../api/get-all-contractors';
import { AccountTable } from '../components/account-table';
import { BulkCompanyDialog } from '../components/bulk-company-dialog';
import { UsersArea } from '../components/users-area';
import { companiesCsv, companiesCsvName } from '../users-csv';
import { USERS_PATHS } from '../users-paths';

const t = userScreensMessages;

const COLUMNS: readonly DataColumn<Company>[] = [
  { id: 'location', header: t.location, value: (c) => c.location },
  { id: 'email', header: t.email, value: (c) => c.emailid },
  { id: 'contact', header: t.contactPerson, value: (c) => c.contactPersonName },
];
const editPath = (c: Company) => USERS_PATHS.editCompany(c._id);
const viewPath = (c: Company) => USERS_PATHS.viewCompany(c._id);

/** /sapphire/companies: the Company tab, with the bulk upload dialog. */
export function CompaniesPage() {
  const companies = useCompanies();
  const remove = useDeleteCompany();
  const toggle = useChangeCompanyStatus();
  const [bulkOpen, setBulkOpen] = useState(false);
  // A new key per opening starts the dialog empty, without resetting its state by hand.
  const [bulkKey, setBulkKey] = useState(0);
  const rows = companies.data ?? [];

  return (
    <UsersArea
      tab="companies"
      actions={
        <>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={rows.length === 0}
            onClick={() => downloadCsv(companiesCsvName(), companiesCsv(rows))}
          >
            {t.exportCsv}
          </Button>
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            onClick={() => {
              setBulkKey((k) => k + 1);
              setBulkOpen(true);
            }}
          >
            {t.addBulkCompany}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={USERS_PATHS.addCompany}
          >
            {t.addCompany}
          </Button>
        </>
      }
    >
      <AccountTable
        label={t.companiesTable}
        rows={rows}
        loading={companies.isPending}
        nameHeader={t.companyName}
        columns={COLUMNS}
        editPath={editPath}
        viewPath={viewPath}
        onDelete={(c) => remove.mutateAsync(c._id)}
        onToggle={(c, disable) => toggle.mutateAsync({ contractorId: c._id, disable })}
      />
      <BulkCompanyDialog key={bulkKey} open={bulkOpen} onClose={() => setBulkOpen(false)} />
    </UsersArea>
  );
}

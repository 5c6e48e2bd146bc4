import { useEffect, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Link as RouterLink } from 'react-router';
import { CONTRACTOR_SEARCH_MAX_LENGTH, USER_TABLE_PAGE_SIZES } from '@palisade/domain/constants';
import { complianceScreensMessages } from '@palisade/domain/compliance/compliance-screens.messages';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { workingOrganisationId } from '@palisade/domain/user-types';
import { trendsMessages } from '@palisade/domain/trends/trends.messages';
import { OverallStateChip } from '../../../components/compliance/overall-state-chip';
import { contractorTrendPath } from '../../../components/trends/trend-paths';
import { useOverallStates } from '../../../components/compliance/use-overall-states';
import type { DataColumn } from '../../../components/data-table';
import { downloadCsv } from '../../../components/csv-file';
import { useProfile } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import type { Company } from '../api/account-types';
import { useChangeCompanyStatus } from '../api/change-contractor-status';
import { useDeleteCompany } from '../api/delete-contractor';
import { useAllCompaniesForExport } from '../api/get-all-contractors';
import { useCompaniesPage } from '../api/search-contractors';
import { AccountTable } from '../components/account-table';
import { BulkCompanyDialog } from '../components/bulk-company-dialog';
import { UsersArea } from '../components/users-area';
import { companiesCsv, companiesCsvName } from '../users-csv';
import { USERS_PATHS } from '../users-paths';

const t = userScreensMessages;

/** The company's own columns, their headers in the screens' language (read when shown: issue 60). */
const companyColumns = (): readonly DataColumn<Company>[] => [
  { id: 'location', header: t.location, value: (c) => c.location },
  { id: 'email', header: t.email, value: (c) => c.emailid },
  { id: 'contact', header: t.contactPerson, value: (c) => c.contactPersonName },
];
const editPath = (c: Company) => USERS_PATHS.editCompany(c._id);
const viewPath = (c: Company) => USERS_PATHS.viewCompany(c._id);

/**
 * /sapphire/companies: the Company tab, with the bulk upload dialog. The table is searched and
 * paged by the server (issue 63: an organisation may have a thousand companies), its page, size
 * and search kept in the URL (?page=&size=&q=) so that Back from a company returns to the same
 * place; Export CSV reads every company when asked.
 */
export function CompaniesPage() {
  const profile = useProfile();
  const companyId = workingOrganisationId(profile);
  const list = useListParams({
    sizes: USER_TABLE_PAGE_SIZES,
    searchMax: CONTRACTOR_SEARCH_MAX_LENGTH,
  });
  const companies = useCompaniesPage(companyId, {
    search: list.query,
    page: list.page + 1,
    pageSize: list.pageSize,
  });
  const remove = useDeleteCompany();
  const toggle = useChangeCompanyStatus();
  const exporter = useAllCompaniesForExport();
  const [bulkOpen, setBulkOpen] = useState(false);
  // A new key per opening starts the dialog empty, without resetting its state by hand.
  const [bulkKey, setBulkKey] = useState(0);
  const rows = companies.data?.items ?? [];
  const total = companies.data?.total;
  const { fitPage } = list;
  // The overall compliance state of the companies shown (issue 57), beside their other columns.
  const overall = useOverallStates(companyId, rows.map((c) => c._id));
  const states = overall.data?.states;
  const columns = useMemo<readonly DataColumn<Company>[]>(
    () => [
      ...companyColumns(),
      {
        id: 'compliance',
        header: complianceScreensMessages.compliance,
        noWrap: true,
        render: (c) => <OverallStateChip states={states} contractorId={c._id} />,
      },
      // Issue 58: the company's score per round and open items.
      {
        id: 'trend',
        header: trendsMessages.viewTrend,
        noWrap: true,
        render: (c) => (
          <Link
            component={RouterLink}
            to={contractorTrendPath(c._id)}
            aria-label={trendsMessages.viewTrendLabel(c.name)}
            // A disabled company's row is greyed: the primary colour would be too faint on it.
            sx={c.isActive ? undefined : { color: 'text.secondary' }}
          >
            {trendsMessages.viewTrend}
          </Link>
        ),
      },
    ],
    [states],
  );

  useEffect(() => {
    // A page emptied (the last company of the last page deleted, a link to page 99): the last one.
    if (total !== undefined && !companies.isPlaceholderData) fitPage(total);
  }, [total, companies.isPlaceholderData, fitPage]);

  return (
    <UsersArea
      tab="companies"
      actions={
        <>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={list.query === '' && total === 0}
            loading={exporter.isPending}
            onClick={() =>
              exporter.mutate(undefined, {
                onSuccess: (all) => downloadCsv(companiesCsvName(), companiesCsv(all)),
              })
            }
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
        total={total ?? 0}
        loading={companies.isPending || companies.isFetching}
        busy={list.searchPending || companies.isFetching}
        state={{
          page: list.page,
          pageSize: list.pageSize,
          search: list.search,
          onPage: list.setPage,
          onPageSize: list.setPageSize,
          onSearch: list.setSearch,
        }}
        searchMaxLength={CONTRACTOR_SEARCH_MAX_LENGTH}
        // Numbered by the page the rows are of (the last one stays shown while the next loads).
        firstIndex={companies.data ? (companies.data.page - 1) * companies.data.pageSize : 0}
        nameHeader={t.companyName}
        columns={columns}
        editPath={editPath}
        viewPath={viewPath}
        onDelete={(c) => remove.mutateAsync(c._id)}
        onToggle={(c, disable) => toggle.mutateAsync({ contractorId: c._id, disable })}
      />
      <BulkCompanyDialog key={bulkKey} open={bulkOpen} onClose={() => setBulkOpen(false)} />
    </UsersArea>
  );
}

import { useEffect, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  EMPLOYEE_SEARCH_MAX_LENGTH,
  EMPLOYEE_TABLE_PAGE_SIZES,
} from '@palisade/domain/employees/employee.constants';
import type { Employee } from '@palisade/domain/employees/employee.schema';
import { employeeMessages } from '@palisade/domain/employees/employee.messages';
import { navMessages } from '@palisade/domain/messages/nav';
import { profileMessages } from '@palisade/domain/messages/profile';
import { usersMessages } from '@palisade/domain/messages/users';
import { homeRoute, workingOrganisationId } from '@palisade/domain/user-types';
import { CONTRACTOR_ACCOUNT_PATHS, ContractorAccountTabs } from '../../../components/account-tabs';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { Page } from '../../../components/page';
import { useProfile } from '../../../lib/session';
import { useFirstRowNumber, useListParams } from '../../../lib/use-list-params';
import { useChangeEmployeeStatus } from '../api/change-employee-status';
import { useEmployeesPage } from '../api/get-employees';
import { BulkEmployeesDialog } from '../components/bulk-employees-dialog';
import { EmployeeFormDialog } from '../components/employee-form-dialog';
import { EmployeesTable } from '../components/employees-table';
import { ListPager } from '../../../components/list-pager';

const m = employeeMessages;

/**
 * {contractor}/account/employees: the Employees tab of the contractor's Account page. Its field
 * workers of the working organisation, searched and paged by the server (10, 20 or 30 a page),
 * the page, size and search kept in the URL (?page=&size=&q=);
 * Add Employee (an invitation is mailed), Add Bulk Employees (CSV), edit, enable and disable
 * (after a confirmation). On phones the rows are cards.
 */
export function EmployeesPage() {
  const profile = useProfile();
  const organisationId = workingOrganisationId(profile) ?? '';
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const params = useListParams({
    sizes: EMPLOYEE_TABLE_PAGE_SIZES,
    searchMax: EMPLOYEE_SEARCH_MAX_LENGTH,
  });
  const { page, pageSize, fitPage } = params;
  const list = useEmployeesPage(organisationId, { search: params.query, page: page + 1, pageSize });
  const toggle = useChangeEmployeeStatus();

  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Employee | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  // A new key per opening starts the bulk dialog empty.
  const [bulkKey, setBulkKey] = useState(0);
  const [toggling, setToggling] = useState<Employee | null>(null);
  // The last row asked about stays while the confirmation closes, so its text does not change.
  const [confirmOpen, setConfirmOpen] = useState(false);

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  const current = Math.min(page, lastPage);
  const first = useFirstRowNumber(current, pageSize, list.isPlaceholderData);
  useEffect(() => {
    // A page emptied (fewer employees, an old link) shows the last one instead.
    if (list.isSuccess && !list.isPlaceholderData) fitPage(total);
  }, [list.isSuccess, list.isPlaceholderData, total, fitPage]);

  return (
    <Page
      title={m.employeesTab}
      heading={profileMessages.accountTitle}
      breadcrumbs={[
        { label: navMessages.home, to: homeRoute(profile.type) },
        { label: profileMessages.accountTitle, to: CONTRACTOR_ACCOUNT_PATHS.profile },
        { label: m.employeesTab },
      ]}
    >
      <ContractorAccountTabs value="employees" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'flex-end', mb: 2 }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          onClick={() => {
            setBulkKey((k) => k + 1);
            setBulkOpen(true);
          }}
        >
          {m.addBulk}
        </Button>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          {m.addEmployee}
        </Button>
      </Box>
      <Card>
        <Box sx={{ p: 2, pb: 0, maxWidth: 360 }}>
          <FormTextField
            label={m.search}
            type="search"
            size="small"
            margin="none"
            value={params.search}
            onChange={(event) => params.setSearch(event.target.value)}
            inputProps={{ maxLength: EMPLOYEE_SEARCH_MAX_LENGTH }}
            startAdornment={
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            }
          />
        </Box>
        <Box sx={{ height: 4, mt: 2 }}>
          {list.isFetching && <LinearProgress aria-label={m.tableLabel} />}
        </Box>
        <EmployeesTable
          rows={rows}
          firstNumber={first}
          asCards={phone}
          empty={list.isSuccess && rows.length === 0}
          busy={params.searchPending || list.isFetching}
          onEdit={(employee) => {
            setEditing(employee);
            setFormOpen(true);
          }}
          onToggle={(employee) => {
            setToggling(employee);
            setConfirmOpen(true);
          }}
        />
        <ListPager
          total={total}
          page={current}
          onPage={params.setPage}
          pageSize={pageSize}
          sizes={EMPLOYEE_TABLE_PAGE_SIZES}
          onPageSize={params.setPageSize}
          showFirstButton
          showLastButton
          wrap
        />
      </Card>
      <EmployeeFormDialog open={formOpen} employee={editing} onClose={() => setFormOpen(false)} />
      <BulkEmployeesDialog key={bulkKey} open={bulkOpen} onClose={() => setBulkOpen(false)} />
      <ConfirmDialog
        open={confirmOpen}
        title={m.confirmTitle}
        message={usersMessages.confirmToggle(toggling ? !toggling.isActive : false)}
        confirmLabel={m.yes}
        cancelLabel={m.cancel}
        destructive={toggling?.isActive ?? false}
        loading={toggle.isPending}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => {
          if (!toggling) return;
          toggle.mutate(
            { employeeId: toggling._id, disable: toggling.isActive },
            // On failure the Error dialog says why; the confirmation closes either way.
            { onSettled: () => setConfirmOpen(false) },
          );
        }}
      />
    </Page>
  );
}

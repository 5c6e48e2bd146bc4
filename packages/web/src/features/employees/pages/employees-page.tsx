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
  EMPLOYEE_TABLE_PAGE_SIZES,
  type EmployeePageSize,
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
import { useChangeEmployeeStatus } from '../api/change-employee-status';
import { useEmployeesPage } from '../api/get-employees';
import { BulkEmployeesDialog } from '../components/bulk-employees-dialog';
import { EmployeeFormDialog } from '../components/employee-form-dialog';
import { EmployeesTable } from '../components/employees-table';
import { ListPager } from '../../../components/list-pager';

const m = employeeMessages;
/** The search is sent once typing pauses this long. */
export const SEARCH_DELAY_MS = 300;

/** The value, once it has not changed for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * {contractor}/account/employees: the Employees tab of the contractor's Account page. Its field
 * workers of the working organisation, searched and paged by the server (10, 20 or 30 a page);
 * Add Employee (an invitation is mailed), Add Bulk Employees (CSV), edit, enable and disable
 * (after a confirmation). On phones the rows are cards.
 */
export function EmployeesPage() {
  const profile = useProfile();
  const organisationId = workingOrganisationId(profile) ?? '';
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const query = useSettled(search.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<EmployeePageSize>(EMPLOYEE_TABLE_PAGE_SIZES[0]);
  const list = useEmployeesPage(organisationId, { search: query, page: page + 1, pageSize });
  const toggle = useChangeEmployeeStatus();

  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Employee | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  // A new key per opening starts the bulk dialog empty.
  const [bulkKey, setBulkKey] = useState(0);
  const [toggling, setToggling] = useState<Employee | null>(null);
  // The last row asked about stays while the confirmation closes, so its text does not change.
  const [confirmOpen, setConfirmOpen] = useState(false);

  // A new search starts at the first page.
  useEffect(() => setPage(0), [query]);

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  const current = Math.min(page, lastPage);
  useEffect(() => {
    // A page emptied (a search elsewhere, fewer employees) shows the last one instead.
    if (list.isSuccess && page > lastPage) setPage(lastPage);
  }, [list.isSuccess, page, lastPage]);

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
            value={search}
            onChange={(event) => setSearch(event.target.value)}
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
          firstNumber={current * pageSize + 1}
          asCards={phone}
          empty={list.isSuccess && rows.length === 0}
          busy={search.trim() !== query || list.isFetching}
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
          onPage={setPage}
          pageSize={pageSize}
          sizes={EMPLOYEE_TABLE_PAGE_SIZES}
          onPageSize={setPageSize}
          showFirstButton
          showLastButton
          // On phones the pager wraps onto two lines instead of hiding its buttons off-screen.
          sx={{
            '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' },
            '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
          }}
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

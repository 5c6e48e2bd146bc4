import { useMemo } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Link as RouterLink } from 'react-router';
import { USER_TABLE_PAGE_SIZES } from '@palisade/domain/constants';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import type { DataColumn } from '../../../components/data-table';
import { downloadCsv } from '../../../components/csv-file';
import { useListParams } from '../../../lib/use-list-params';
import type { Auditor } from '../api/account-types';
import { useChangeAuditorStatus } from '../api/change-tpi-status';
import { useDeleteAuditor } from '../api/delete-tpi';
import { useAuditors } from '../api/get-all-tpis';
import { AccountTable } from '../components/account-table';
import { UsersArea } from '../components/users-area';
import { auditorsCsv, auditorsCsvName } from '../users-csv';
import { USERS_PATHS } from '../users-paths';

const t = userScreensMessages;

/** The auditor's own columns, their headers in the screens' language (read when shown: issue 60). */
const auditorColumns = (): readonly DataColumn<Auditor>[] => [
  { id: 'mobile', header: t.mobile, value: (a) => a.phoneNo, noWrap: true },
  { id: 'email', header: t.email, value: (a) => a.email },
  { id: 'contact', header: t.contactPerson, value: (a) => a.contactPersonName },
];
const editPath = (a: Auditor) => USERS_PATHS.editAuditor(a._id);
const viewPath = (a: Auditor) => USERS_PATHS.viewAuditor(a._id);

/**
 * /sapphire/users: the Auditors tab. An organisation has a few auditors: the table searches and
 * pages them in the browser, its page, size and search kept in the URL (?page=&size=&q=) so that
 * Back from an auditor returns to the same place.
 */
export function AuditorsPage() {
  const list = useListParams({ sizes: USER_TABLE_PAGE_SIZES });
  const auditors = useAuditors();
  const remove = useDeleteAuditor();
  const toggle = useChangeAuditorStatus();
  const rows = auditors.data ?? [];
  const columns = useMemo(auditorColumns, []);

  return (
    <UsersArea
      tab="auditors"
      actions={
        <>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={rows.length === 0}
            onClick={() => downloadCsv(auditorsCsvName(), auditorsCsv(rows))}
          >
            {t.export}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={USERS_PATHS.addAuditor}
          >
            {t.addAuditor}
          </Button>
        </>
      }
    >
      <AccountTable
        label={t.auditorsTable}
        rows={rows}
        loading={auditors.isPending}
        state={{
          page: list.page,
          pageSize: list.pageSize,
          search: list.search,
          onPage: list.setPage,
          onPageSize: list.setPageSize,
          onSearch: list.setSearch,
        }}
        nameHeader={t.organization}
        columns={columns}
        editPath={editPath}
        viewPath={viewPath}
        onDelete={(a) => remove.mutateAsync(a._id)}
        onToggle={(a, disable) => toggle.mutateAsync({ tpiId: a._id, disable })}
      />
    </UsersArea>
  );
}

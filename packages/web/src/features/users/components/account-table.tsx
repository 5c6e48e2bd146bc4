import { useMemo, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Link as RouterLink } from 'react-router';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { USER_TABLE_PAGE_BUTTONS, USER_TABLE_PAGE_SIZES } from '@palisade/domain/constants';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { usersMessages } from '@palisade/domain/messages/users';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataColumn, type DataTableState } from '../../../components/data-table';

const t = userScreensMessages;

/** What every account row has: an auditor or a company. */
export interface AccountRow {
  _id: string;
  name: string;
  isActive: boolean;
  /** It also serves another organisation: the switch acts for this organisation only. */
  sharedAccount?: boolean;
  profileImage: FileRecord | null;
}

interface Pending<T> {
  action: 'delete' | 'enable' | 'disable';
  row: T;
}

interface AccountTableProps<T extends AccountRow> {
  label: string;
  rows: readonly T[];
  loading: boolean;
  /** The name column's header (Organization or Company Name). */
  nameHeader: string;
  /** The columns between the name and the actions. */
  columns: readonly DataColumn<T>[];
  editPath: (row: T) => string;
  viewPath: (row: T) => string;
  /** Runs the confirmed delete; its errors reach the Error dialog through the query client. */
  onDelete: (row: T) => Promise<unknown>;
  onToggle: (row: T, disable: boolean) => Promise<unknown>;
  /** Page, size and search kept by the page (in the URL); without it the table keeps them. */
  state?: DataTableState;
  /** Paged by the server: `rows` are one page, this many match in all. */
  total?: number;
  /** The rows are about to change (typing not yet sent, a page on its way). */
  busy?: boolean;
  /** The longest search the list's call takes. */
  searchMaxLength?: number;
  /** Paged by the server: the index (from 0) of the first row in the whole list (S.no continues). */
  firstIndex?: number;
}

/**
 * The auditor or company table: S.no, name, the given columns, then edit, delete, view and the
 * enable/disable switch. An inactive row is greyed and only its switch stays enabled; delete and
 * the switch ask first (spec §8 texts); the switch of an account that also serves another
 * organisation says that it acts for this organisation only.
 */
export function AccountTable<T extends AccountRow>({
  label,
  rows,
  loading,
  nameHeader,
  columns,
  editPath,
  viewPath,
  onDelete,
  onToggle,
  state,
  total,
  busy,
  searchMaxLength,
  firstIndex,
}: AccountTableProps<T>) {
  // The last action asked about stays set while its dialog closes, so the text does not change
  // during the closing animation.
  const [pending, setPending] = useState<Pending<T> | null>(null);
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const ask = (next: Pending<T>) => {
    setPending(next);
    setOpen(true);
  };

  const allColumns = useMemo<DataColumn<T>[]>(
    () => [
      { id: 'sno', header: t.sno, render: (_row, index) => index + 1, noWrap: true },
      {
        id: 'name',
        header: nameHeader,
        value: (row) => row.name,
        render: (row) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 160 }}>
            <Avatar
              src={row.profileImage?.fileLink}
              alt=""
              sx={{ width: 32, height: 32, fontSize: '0.9rem' }}
            >
              {row.name.charAt(0).toUpperCase()}
            </Avatar>
            {row.name}
          </Box>
        ),
      },
      ...columns,
      {
        id: 'actions',
        header: t.actions,
        noWrap: true,
        render: (row) => {
          const off = !row.isActive;
          return (
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <IconButton
                component={RouterLink}
                to={editPath(row)}
                aria-label={t.editLabel(row.name)}
                disabled={off}
                color="primary"
              >
                <EditOutlined fontSize="small" />
              </IconButton>
              <IconButton
                onClick={() => ask({ action: 'delete', row })}
                aria-label={t.deleteLabel(row.name)}
                disabled={off}
                color="error"
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
              <IconButton
                component={RouterLink}
                to={viewPath(row)}
                aria-label={t.viewLabel(row.name)}
                disabled={off}
              >
                <VisibilityOutlined fontSize="small" />
              </IconButton>
              <Switch
                checked={row.isActive}
                onChange={() => ask({ action: row.isActive ? 'disable' : 'enable', row })}
                slotProps={{
                  input: {
                    'aria-label': row.isActive ? t.disableLabel(row.name) : t.enableLabel(row.name),
                  },
                }}
              />
            </Box>
          );
        },
      },
    ],
    [columns, editPath, nameHeader, viewPath],
  );

  const confirm = async () => {
    if (!pending) return;
    setRunning(true);
    try {
      if (pending.action === 'delete') await onDelete(pending.row);
      else await onToggle(pending.row, pending.action === 'disable');
    } catch {
      // The Error dialog already shows why (query client); the confirmation just closes.
    } finally {
      setRunning(false);
      setOpen(false);
    }
  };

  return (
    <>
      <DataTable
        label={label}
        searchLabel={t.search}
        rows={rows}
        columns={allColumns}
        rowKey={(row) => row._id}
        pageSizes={USER_TABLE_PAGE_SIZES}
        pageButtons={USER_TABLE_PAGE_BUTTONS}
        cardsOnPhones
        inactive={(row) => !row.isActive}
        loading={loading}
        state={state}
        total={total}
        busy={busy}
        searchMaxLength={searchMaxLength}
        firstIndex={firstIndex}
      />
      <ConfirmDialog
        open={open}
        title={t.confirmTitle}
        message={
          pending?.action === 'delete'
            ? usersMessages.confirmDelete(pending.row.name)
            : pending?.row.sharedAccount
              ? usersMessages.confirmToggleShared(pending.action === 'enable')
              : usersMessages.confirmToggle(pending?.action === 'enable')
        }
        confirmLabel={pending?.action === 'delete' ? t.delete : t.yes}
        cancelLabel={t.cancel}
        destructive={pending?.action !== 'enable'}
        loading={running}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

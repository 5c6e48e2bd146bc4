import { useState } from 'react';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import dayjs from 'dayjs';
import { Link as RouterLink } from 'react-router';
import { actionLabel, entityLabel } from '@palisade/domain/audit/audit.rules';
import {
  AUDIT_ENTITIES,
  AUDIT_PAGE_SIZES,
  type AuditEntity,
  type AuditEntry,
  type AuditExportInput,
} from '@palisade/domain/audit/audit.schema';
import { auditMessages } from '@palisade/domain/audit/audit.messages';
import { rolesMessages } from '@palisade/domain/messages/roles';
import { isUserType } from '@palisade/domain/user-types';
import { useAuditList, useExportAudit } from '../../../components/audit/audit-api';
import { ChangeList } from '../../../components/audit/change-list';
import { Page } from '../../../components/page';
import { formatDateTime } from '../../../lib/dates';
import { objectLink } from '../object-link';
import { ListPager } from '../../../components/list-pager';

const m = auditMessages;
type PageSize = (typeof AUDIT_PAGE_SIZES)[number];

interface Filters {
  actorId: string;
  entity: AuditEntity | '';
  /** Calendar days (YYYY-MM-DD) of the browser's time zone, or ''. */
  fromDay: string;
  toDay: string;
}
const NO_FILTERS: Filters = { actorId: '', entity: '', fromDay: '', toDay: '' };

/** The filters as the calls take them: whole local days, as instants. */
function filterInput(f: Filters): AuditExportInput {
  return {
    ...(f.actorId ? { actorId: f.actorId } : {}),
    ...(f.entity ? { entity: f.entity } : {}),
    ...(f.fromDay ? { from: dayjs(f.fromDay).startOf('day').toISOString() } : {}),
    ...(f.toDay ? { to: dayjs(f.toDay).endOf('day').toISOString() } : {}),
  };
}

function whoOf(row: AuditEntry): string {
  const name = row.actorName ?? m.system;
  const role = row.actorType !== null && isUserType(row.actorType) ? rolesMessages[row.actorType] : '';
  return role ? `${name} (${role})` : name;
}

function OpenLink({ row }: { row: AuditEntry }) {
  const to = objectLink(row);
  if (to === null) return null;
  return (
    <Link component={RouterLink} to={to} aria-label={m.openLabel(`${entityLabel(row.entity)} ${row.entityId}`)}>
      {m.open}
    </Link>
  );
}

/**
 * /sapphire/activity (#23): the organisation's activity log. A paged table (When, Who, Action,
 * What, a link to the object), newest first, filtered by person, kind of object and date range;
 * Export CSV downloads the filtered rows. On phones the rows are a list of cards.
 */
export function ActivityPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<PageSize>(AUDIT_PAGE_SIZES[0]);
  const rangeBackwards = filters.fromDay !== '' && filters.toDay !== '' && filters.fromDay > filters.toDay;
  // A range that ends before it starts is not sent: the To field says why.
  const input = filterInput(rangeBackwards ? { ...filters, toDay: '' } : filters);
  const query = useAuditList({ page: page + 1, pageSize, ...input });
  const exporter = useExportAudit();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? 0;
  const actors = query.data?.actors ?? [];

  const change = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(0);
  };

  return (
    <Page
      title={m.title}
      breadcrumbs={[{ label: m.title }]}
      actions={
        <Button
          variant="contained"
          startIcon={<FileDownloadOutlined />}
          onClick={() => exporter.mutate(input)}
          loading={exporter.isPending}
          disabled={rangeBackwards}
        >
          {m.exportCsv}
        </Button>
      }
    >
      <Card sx={{ mb: 3, p: 2 }}>
        <Box
          component="form"
          aria-label={m.title}
          onSubmit={(e) => e.preventDefault()}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
        >
          <TextField
            select
            size="small"
            margin="none"
            label={m.person}
            value={filters.actorId}
            onChange={(e) => change({ actorId: e.target.value })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ flex: '1 1 200px', minWidth: 0 }}
          >
            <option value="">{m.anyone}</option>
            {actors.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
                {isUserType(a.type) ? ` (${rolesMessages[a.type]})` : ''}
              </option>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            margin="none"
            label={m.entityKind}
            value={filters.entity}
            onChange={(e) => {
              const value = e.target.value;
              change({ entity: AUDIT_ENTITIES.find((k) => k === value) ?? '' });
            }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ flex: '1 1 160px', minWidth: 0 }}
          >
            <option value="">{m.anyKind}</option>
            {AUDIT_ENTITIES.map((k) => (
              <option key={k} value={k}>
                {entityLabel(k)}
              </option>
            ))}
          </TextField>
          <TextField
            type="date"
            size="small"
            margin="none"
            label={m.from}
            value={filters.fromDay}
            onChange={(e) => change({ fromDay: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: '1 1 150px', minWidth: 0 }}
          />
          <TextField
            type="date"
            size="small"
            margin="none"
            label={m.to}
            value={filters.toDay}
            onChange={(e) => change({ toDay: e.target.value })}
            error={rangeBackwards}
            helperText={rangeBackwards ? m.rangeBackwards : undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.fromDay || undefined } }}
            sx={{ flex: '1 1 150px', minWidth: 0 }}
          />
          <Button onClick={() => change(NO_FILTERS)} disabled={filters === NO_FILTERS}>
            {m.clear}
          </Button>
        </Box>
      </Card>
      <Card>
        <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label={m.title} />}</Box>
        {phone ? (
          <Box component="ol" aria-label={m.title} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {query.isSuccess && rows.length === 0 && (
              <Typography component="li" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {m.empty}
              </Typography>
            )}
            {rows.map((row) => (
              <Box
                component="li"
                key={row.id}
                data-testid="activity-item"
                sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
              >
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(row.at)}
                </Typography>
                <Typography sx={{ fontWeight: 600 }}>{actionLabel(row.action)}</Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {whoOf(row)}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                  <Typography variant="body2">{entityLabel(row.entity)}</Typography>
                  <OpenLink row={row} />
                </Box>
                <ChangeList before={row.before} after={row.after} />
              </Box>
            ))}
          </Box>
        ) : (
          <TableContainer>
            <Table aria-label={m.title} size="small" sx={{ minWidth: 760 }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{m.when}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{m.who}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{m.action}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{m.what}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{m.link}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {query.isSuccess && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                      {m.empty}
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((row) => (
                  <TableRow key={row.id} hover data-testid="activity-row">
                    <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{formatDateTime(row.at)}</TableCell>
                    <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>{whoOf(row)}</TableCell>
                    <TableCell sx={{ verticalAlign: 'top' }}>{actionLabel(row.action)}</TableCell>
                    <TableCell sx={{ verticalAlign: 'top', maxWidth: 360 }}>
                      <Typography variant="body2">{entityLabel(row.entity)}</Typography>
                      <ChangeList before={row.before} after={row.after} />
                    </TableCell>
                    <TableCell sx={{ verticalAlign: 'top' }}>
                      <OpenLink row={row} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <ListPager
          total={total}
          page={page}
          onPage={setPage}
          pageSize={pageSize}
          sizes={AUDIT_PAGE_SIZES}
          onPageSize={setPageSize}
        />
      </Card>
    </Page>
  );
}

import { useEffect } from 'react';
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
import { entityLabel } from '@palisade/domain/audit/audit.rules';
import { auditSentence } from '@palisade/domain/audit/audit.sentences';
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
import { AuditDetails } from '../../../components/audit/audit-details';
import { DayPickerField } from '../../../components/day-picker-field';
import { Page } from '../../../components/page';
import { formatDateTime } from '../../../lib/dates';
import { dayParam, idParam, oneOfParam, useListParams } from '../../../lib/use-list-params';
import { objectLink } from '../object-link';
import { ListPager } from '../../../components/list-pager';

const m = auditMessages;

interface Filters {
  actorId: string;
  entity: AuditEntity | '';
  /** Calendar days (YYYY-MM-DD) of the browser's time zone, or ''. */
  fromDay: string;
  toDay: string;
}
const NO_FILTERS: Filters = { actorId: '', entity: '', fromDay: '', toDay: '' };
/** The filters' names in the URL: ?who=&kind=&from=&to= (with page, size). */
const FILTER_PARAMS = {
  who: idParam(),
  kind: oneOfParam<AuditEntity | ''>(['', ...AUDIT_ENTITIES], ''),
  from: dayParam(),
  to: dayParam(),
};

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

/** What a row's link and Details name it by: its kind, sentence and time (never its id). */
const rowLabel = (row: AuditEntry) => `${entityLabel(row.entity)}: ${auditSentence(row)}, ${formatDateTime(row.at)}`;

function OpenLink({ row }: { row: AuditEntry }) {
  const to = objectLink(row);
  if (to === null) return null;
  return (
    <Link component={RouterLink} to={to} aria-label={m.openLabel(rowLabel(row))}>
      {m.open}
    </Link>
  );
}

/**
 * /sapphire/activity (#23): the organisation's activity log. A paged table (When, Who, Action,
 * What, a link to the object), newest first, filtered by person, kind of object and date range
 * (DD/MM/YYYY pickers); Export CSV downloads the filtered rows. Each row's Action is a sentence
 * ("Accepted 2 questions, scored 20/30 in PPE"), its before and after behind Details. On phones
 * the rows are a list of cards. The page, size and filters are kept in the URL
 * (?page=&size=&who=&kind=&from=&to=), so that Back from an object opened here returns to them.
 */
export function ActivityPage() {
  const list = useListParams({ sizes: AUDIT_PAGE_SIZES, filters: FILTER_PARAMS });
  const { page, pageSize, setPage, fitPage } = list;
  const { who, kind, from, to } = list.filters;
  const filters: Filters = { actorId: who, entity: kind, fromDay: from, toDay: to };
  const noFilters = who === '' && kind === '' && from === '' && to === '';
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

  useEffect(() => {
    // A page past the end (an old link, a shorter log): the last one instead.
    if (query.isSuccess && !query.isPlaceholderData) fitPage(total);
  }, [query.isSuccess, query.isPlaceholderData, total, fitPage]);

  /** A filter changed: a new history entry, from the first page. */
  const change = (next: Partial<Filters>) =>
    list.setFilters({
      ...(next.actorId === undefined ? {} : { who: next.actorId }),
      ...(next.entity === undefined ? {} : { kind: next.entity }),
      ...(next.fromDay === undefined ? {} : { from: next.fromDay }),
      ...(next.toDay === undefined ? {} : { to: next.toDay }),
    });

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
          <DayPickerField
            id="activity-from"
            label={m.from}
            value={filters.fromDay}
            onChange={(day) => change({ fromDay: day })}
            sx={{ flex: '1 1 170px', minWidth: 0 }}
          />
          <DayPickerField
            id="activity-to"
            label={m.to}
            value={filters.toDay}
            minDay={filters.fromDay || undefined}
            onChange={(day) => change({ toDay: day })}
            error={rangeBackwards}
            helperText={rangeBackwards ? m.rangeBackwards : undefined}
            sx={{ flex: '1 1 170px', minWidth: 0 }}
          />
          <Button onClick={() => change(NO_FILTERS)} disabled={noFilters}>
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
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{auditSentence(row)}</Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {whoOf(row)}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                  <Typography variant="body2">{entityLabel(row.entity)}</Typography>
                  <OpenLink row={row} />
                </Box>
                <AuditDetails row={row} label={rowLabel(row)} />
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
                    <TableCell sx={{ verticalAlign: 'top', maxWidth: 420, overflowWrap: 'anywhere' }}>{auditSentence(row)}</TableCell>
                    <TableCell sx={{ verticalAlign: 'top', maxWidth: 320 }}>
                      <Typography variant="body2">{entityLabel(row.entity)}</Typography>
                      <AuditDetails row={row} label={rowLabel(row)} />
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
          onPageSize={list.setPageSize}
          wrap
        />
      </Card>
    </Page>
  );
}

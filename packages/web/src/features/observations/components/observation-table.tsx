import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CheckCircle from '@mui/icons-material/CheckCircle';
import EditOutlined from '@mui/icons-material/EditOutlined';
import dayjs from 'dayjs';
import { Link as RouterLink } from 'react-router';
import { OBSERVATION_TABLE_PAGE_SIZES } from '@palisade/domain/constants';
import { coreMessages } from '@palisade/domain/messages-core';
import { observationMessages } from '@palisade/domain/messages/observation';
import { isObservationOpen } from '@palisade/domain/observations/observation.rules';
import type { Observation } from '@palisade/domain/observations/observation.schema';
import { onlyViewObservationPath, viewObservationPath, type ObservationShell } from '../observation-paths';
import { pagerTexts } from '../../../components/list-pager';
import { ObservationStatusChip } from './observation-status-chip';
import { observationCategoryName } from '@palisade/domain/observations/observation.rules';

const t = observationMessages;

/** Date and time of a report as the table shows them: DD-MM-YYYY and h:mm a. */
export function reportDate(iso: string): string {
  return dayjs(iso).format('DD-MM-YYYY');
}
export function reportTime(iso: string): string {
  return dayjs(iso).format('h:mm a');
}

interface ObservationTableProps {
  shell: ObservationShell;
  rows: readonly Observation[];
  total: number;
  page: number;
  limit: number;
  loading: boolean;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  /** The list's URL search (range, company): the report's pages go back to it. */
  listSearch?: string;
}

/** What the report pages are told of the list they were opened from (observation-detail-pages). */
export interface ObservationListState {
  listSearch: string;
}

/** Edit (a report open for its root cause: an action or a comment), else its status as a filled icon. */
function RowAction({ shell, row, state }: { shell: ObservationShell; row: Observation; state: ObservationListState }) {
  if (isObservationOpen(row.status)) {
    return (
      <Button
        component={RouterLink}
        to={viewObservationPath(shell, row._id)}
        state={state}
        size="small"
        variant="outlined"
        startIcon={<EditOutlined />}
        aria-label={t.editLabel(row.srno)}
      >
        {t.edit}
      </Button>
    );
  }
  return (
    <Tooltip title={t.statuses[row.status] ?? ''}>
      <CheckCircle color="success" aria-label={t.statuses[row.status] ?? ''} role="img" />
    </Tooltip>
  );
}

const secondary = { display: 'block', color: 'text.secondary', fontSize: '0.75rem' } as const;

/**
 * Observation Details: one page of the range's reports (paged on the server), Sr.No, Activity
 * (to the read-only view), Date, Time, Reported By, Description, Status, and Edit on a report
 * open for its root cause (a filled icon once it is Marked as Duplicate). Every column fits the
 * content area of a 1280 px screen (the description wraps); on phones each report is a card, as
 * the other tables do (issue 56).
 */
export function ObservationTable({ shell, rows, total, page, limit, loading, onPage, onLimit, listSearch = '' }: ObservationTableProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const state: ObservationListState = { listSearch };
  const activityLink = (row: Observation) => (
    <Link component={RouterLink} to={onlyViewObservationPath(shell, row._id)} state={state} aria-label={t.openLabel(row.srno)}>
      {row.srno}
    </Link>
  );
  const description = (row: Observation) => (row.description.trim() !== '' ? row.description : t.noDescription);
  return (
    <Box>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={coreMessages.common.loading} />}</Box>
      {phone ? (
        <Box component="ol" aria-label={t.observationDetails} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.length === 0 && !loading && (
            <Typography component="li" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {t.noData}
            </Typography>
          )}
          {rows.map((row, i) => (
            <Box
              component="li"
              key={row._id}
              data-testid="observation-card"
              sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
            >
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                      {page * limit + i + 1}.{' '}
                    </Box>
                    {t.activity} {activityLink(row)} · {observationCategoryName(row.category)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {reportDate(row.reportedAt)} {reportTime(row.reportedAt)}
                  </Typography>
                </Box>
                <ObservationStatusChip status={row.status} />
              </Box>
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {t.reportedBy}: {row.reporterName}
                {shell === 'sapphire' && ` (${row.managername})`}
              </Typography>
              <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {description(row)}
              </Typography>
              <Box sx={{ mt: 1, display: 'flex', justifyContent: 'flex-end' }}>
                <RowAction shell={shell} row={row} state={state} />
              </Box>
            </Box>
          ))}
        </Box>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t.observationDetails} sx={{ '& th': { whiteSpace: 'nowrap', fontWeight: 600 }, '& td, & th': { px: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t.srNo}</TableCell>
                <TableCell>{t.activity}</TableCell>
                <TableCell>{t.date}</TableCell>
                <TableCell>{t.time}</TableCell>
                <TableCell>{t.reportedBy}</TableCell>
                <TableCell>{t.description}</TableCell>
                <TableCell>{t.status}</TableCell>
                <TableCell align="center">{t.actionColumn}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && !loading && (
                <TableRow>
                  <TableCell colSpan={8} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    {t.noData}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((row, i) => (
                <TableRow key={row._id} hover>
                  <TableCell>{page * limit + i + 1}</TableCell>
                  <TableCell>
                    {activityLink(row)}
                    <Box component="span" sx={secondary}>
                      {observationCategoryName(row.category)}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{reportDate(row.reportedAt)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{reportTime(row.reportedAt)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {row.reporterName}
                    {shell === 'sapphire' && (
                      <Box component="span" sx={secondary}>
                        {row.managername}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell sx={{ width: '32%', overflowWrap: 'anywhere' }}>{description(row)}</TableCell>
                  <TableCell>
                    <ObservationStatusChip status={row.status} />
                  </TableCell>
                  <TableCell align="center">
                    <RowAction shell={shell} row={row} state={state} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : page}
        rowsPerPage={limit}
        rowsPerPageOptions={[...OBSERVATION_TABLE_PAGE_SIZES]}
        onPageChange={(_e, next) => onPage(next)}
        onRowsPerPageChange={(e) => onLimit(Number(e.target.value))}
        {...pagerTexts()}
        // On phones the pager wraps onto two lines instead of hiding its buttons off-screen.
        sx={{
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 0 },
          '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        }}
      />
    </Box>
  );
}

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
import { ObservationStatusChip } from './observation-status-chip';

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
}

/**
 * Observation Details: one page of the range's reports (paged on the server), Sr.No, Activity
 * (to the read-only view), Date, Time, Reported By, Description, Status, and Edit on a report
 * still Submitted (a filled icon once it is actioned). Scrolls sideways inside its card on phones.
 */
export function ObservationTable({ shell, rows, total, page, limit, loading, onPage, onLimit }: ObservationTableProps) {
  return (
    <Box>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={coreMessages.common.loading} />}</Box>
      <TableContainer>
        <Table
          size="small"
          aria-label={t.observationDetails}
          sx={{ minWidth: 980, '& th': { whiteSpace: 'nowrap' } }}
        >
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
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link component={RouterLink} to={onlyViewObservationPath(shell, row._id)} aria-label={t.openLabel(row.srno)}>
                    {row.srno}
                  </Link>
                  <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}>
                    {row.category}
                  </Box>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{reportDate(row.reportedAt)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{reportTime(row.reportedAt)}</TableCell>
                <TableCell sx={{ minWidth: 150 }}>
                  {row.reporterName}
                  {shell === 'sapphire' && (
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}>
                      {row.managername}
                    </Box>
                  )}
                </TableCell>
                <TableCell sx={{ minWidth: 240, maxWidth: 360, overflowWrap: 'anywhere' }}>
                  {row.description.trim() !== '' ? row.description : t.noDescription}
                </TableCell>
                <TableCell>
                  <ObservationStatusChip status={row.status} />
                </TableCell>
                <TableCell align="center">
                  {isObservationOpen(row.status) ? (
                    <Button
                      component={RouterLink}
                      to={viewObservationPath(shell, row._id)}
                      size="small"
                      variant="outlined"
                      startIcon={<EditOutlined />}
                      aria-label={t.editLabel(row.srno)}
                    >
                      {t.edit}
                    </Button>
                  ) : (
                    <Tooltip title={t.statuses[row.status] ?? ''}>
                      <CheckCircle color="success" aria-label={t.statuses[row.status] ?? ''} role="img" />
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : page}
        rowsPerPage={limit}
        rowsPerPageOptions={[...OBSERVATION_TABLE_PAGE_SIZES]}
        onPageChange={(_e, next) => onPage(next)}
        onRowsPerPageChange={(e) => onLimit(Number(e.target.value))}
      />
    </Box>
  );
}

import { useState } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DEFAULT_PAGE_SIZE, LEADERBOARD_PAGE_SIZES } from '@palisade/domain/constants';
import type { LeaderboardEntry } from '@palisade/domain/dashboards/dashboard.schema';
import { messages } from '@palisade/domain/messages';
import { scoreBand } from '@palisade/domain/scores/score.rules';
import { SectionCard } from '../../../components/section-card';
import { TintedChip } from '../../../components/tinted-chip';
import { BAND_LOOK } from '../../../components/engagement/bands';

const t = messages.dashboards;

/** Leaderboard (spec §2.3): Sr. No, Company, Score; 10, 20 or 30 rows a page (default 10). */
export function LeaderboardTable({ rows }: { rows: readonly LeaderboardEntry[] | undefined }) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const shown = (rows ?? []).slice(page * size, page * size + size);
  return (
    <SectionCard title={t.leaderboardTitle}>
      {!rows ? (
        <Skeleton variant="rounded" height={200} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {messages.common.noDataAvailableChart}
        </Typography>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={t.leaderboardTitle}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{t.colSrNoLeaderboard}</TableCell>
                  <TableCell>{t.colCompany}</TableCell>
                  <TableCell align="right">{t.colScore}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((row) => (
                  <TableRow key={row.rank} selected={row.own} data-own={row.own ? 'true' : undefined}>
                    <TableCell>{row.rank}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', fontWeight: row.own ? 600 : undefined }}>
                      {row.name} {row.own && t.you}
                    </TableCell>
                    <TableCell align="right">
                      <TintedChip tone={BAND_LOOK[scoreBand(row.points)].tone} label={`${row.points}%`} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={rows.length}
            page={page}
            onPageChange={(_, p) => setPage(p)}
            rowsPerPage={size}
            rowsPerPageOptions={[...LEADERBOARD_PAGE_SIZES]}
            onRowsPerPageChange={(e) => {
              setSize(Number(e.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t.rowsPerPage}
          />
        </>
      )}
    </SectionCard>
  );
}

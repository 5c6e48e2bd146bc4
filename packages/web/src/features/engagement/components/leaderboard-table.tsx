import { useState } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import { DEFAULT_PAGE_SIZE, LEADERBOARD_PAGE_SIZES } from '@palisade/domain/constants';
import type { LeaderboardEntry } from '@palisade/domain/dashboards/dashboard.schema';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import { coreMessages } from '@palisade/domain/messages-core';
import { SectionCard } from '../../../components/section-card';
import { LeaderboardRows } from '../../../components/engagement/leaderboard-rows';
import { ListPager } from '../../../components/list-pager';

const t = dashboardMessages;

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
          {coreMessages.common.noDataAvailableChart}
        </Typography>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={t.leaderboardTitle}>
              <LeaderboardRows rows={shown} />
            </Table>
          </TableContainer>
          <ListPager
            total={rows.length}
            page={page}
            onPage={setPage}
            pageSize={size}
            sizes={LEADERBOARD_PAGE_SIZES}
            onPageSize={setSize}
            labelRowsPerPage={t.rowsPerPage}
          />
        </>
      )}
    </SectionCard>
  );
}

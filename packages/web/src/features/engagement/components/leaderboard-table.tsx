import { useState } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import { DEFAULT_PAGE_SIZE, LEADERBOARD_PAGE_SIZES } from '@palisade/domain/constants';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import { coreMessages } from '@palisade/domain/messages-core';
import { SectionCard } from '../../../components/section-card';
import { LeaderboardRows } from '../../../components/engagement/leaderboard-rows';
import { ListPager } from '../../../components/list-pager';
import { useLeaderboardPage } from '../../../components/engagement/engagement-api';

const t = dashboardMessages;

/**
 * Leaderboard (spec §2.3): Sr. No, Company, Score; 10, 20 or 30 rows a page (default 10), each
 * page asked of the server (the previous one stays shown while the next arrives).
 */
export function LeaderboardTable({ companyId }: { companyId: string | null }) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const query = useLeaderboardPage(companyId, page + 1, size);
  const data = query.data;
  // A page past the end (the list shrank since it was chosen): the last one is asked for instead.
  const last = data ? Math.max(0, Math.ceil(data.total / size) - 1) : page;
  if (!query.isPlaceholderData && page > last) setPage(last);
  return (
    <SectionCard title={t.leaderboardTitle}>
      {!data ? (
        <Skeleton variant="rounded" height={200} />
      ) : data.total === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {coreMessages.common.noDataAvailableChart}
        </Typography>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={t.leaderboardTitle} aria-busy={query.isPlaceholderData}>
              <LeaderboardRows rows={data.result} />
            </Table>
          </TableContainer>
          <ListPager
            total={data.total}
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

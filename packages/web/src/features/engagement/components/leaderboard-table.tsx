import { useEffect } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import { DEFAULT_PAGE_SIZE, LEADERBOARD_PAGE_SIZES } from '@palisade/domain/constants';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import { coreMessages } from '@palisade/domain/messages-core';
import { UserType } from '@palisade/domain/user-types';
import { SectionCard } from '../../../components/section-card';
import { LeaderboardRows } from '../../../components/engagement/leaderboard-rows';
import { ListPager } from '../../../components/list-pager';
import { useLeaderboardPage } from '../../../components/engagement/engagement-api';
import { useListParams } from '../../../lib/use-list-params';
import { useOverallStates } from '../../../components/compliance/use-overall-states';
import { useProfile } from '../../../lib/session';
import { contractorTrendPath } from '../../../components/trends/trend-paths';

const t = dashboardMessages;

/**
 * Leaderboard (spec §2.3): Sr. No, Company, Score; 10, 20 or 30 rows a page (default 10), each
 * page asked of the server (the previous one stays shown while the next arrives). The page and
 * size are kept in the URL (?page=&size=), beside the Details' band.
 */
export function LeaderboardTable({ companyId }: { companyId: string | null }) {
  const list = useListParams({ sizes: LEADERBOARD_PAGE_SIZES, defaultSize: DEFAULT_PAGE_SIZE });
  const { page, pageSize: size, fitPage } = list;
  const query = useLeaderboardPage(companyId, page + 1, size);
  const data = query.data;
  const total = data?.total;
  // The organisation sees each contractor's overall compliance state beside its name (issue 57).
  const organisation = useProfile().type === UserType.ORGANISATION;
  const overall = useOverallStates(
    organisation ? companyId : null,
    (data?.result ?? []).flatMap((r) => (r._id ? [r._id] : [])),
  );
  useEffect(() => {
    // A page past the end (the list shrank since it was chosen): the last one is asked for instead.
    if (total !== undefined && !query.isPlaceholderData) fitPage(total);
  }, [total, query.isPlaceholderData, fitPage]);
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
              <LeaderboardRows
                rows={data.result}
                states={overall.data?.states}
                linkOf={organisation ? contractorTrendPath : undefined}
              />
            </Table>
          </TableContainer>
          <ListPager
            total={data.total}
            page={page}
            onPage={list.setPage}
            pageSize={size}
            sizes={LEADERBOARD_PAGE_SIZES}
            onPageSize={list.setPageSize}
            labelRowsPerPage={t.rowsPerPage}
            wrap
          />
        </>
      )}
    </SectionCard>
  );
}

import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import Typography from '@mui/material/Typography';
import { DASHBOARD_LIST_ROWS } from '@palisade/domain/constants';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import { coreMessages } from '@palisade/domain/messages-core';
import { SectionCard } from '../section-card';
import { LeaderboardRows } from './leaderboard-rows';
import { useLeaderboard, useLeaderboardPage } from './engagement-api';
import { useDeferredReply } from '../use-deferred-reply';

const t = dashboardMessages;

/**
 * The homes' Leaderboard card: the top 5 contractors by overall score (a page of 5 from the
 * server), then View all / View Less (the whole leaderboard, asked for when opened). A contractor
 * sees its own row named and the others as "Contractor #rank".
 */
export function LeaderboardCard({
  companyId,
  linkOf,
}: {
  companyId: string | null;
  /** Where a contractor's name leads (the organisation's home: its trend page, issue 58). */
  linkOf?: (contractorId: string) => string;
}) {
  const top = useDeferredReply(useLeaderboardPage(companyId, 1, DASHBOARD_LIST_ROWS));
  const [all, setAll] = useState(false);
  const everyone = useLeaderboard(companyId, all);
  const total = top.data?.total ?? 0;
  // Until the whole list arrives, View all keeps showing the top 5.
  const shown = all && everyone.data ? everyone.data.result : (top.data?.result ?? []);
  return (
    <SectionCard title={t.leaderboardTitle}>
      {top.isPending && companyId !== null && <Skeleton variant="rounded" height={180} />}
      {top.isSuccess && total === 0 && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {coreMessages.common.noDataAvailableChart}
        </Typography>
      )}
      {shown.length > 0 && (
        <Table size="small" aria-label={t.leaderboardTitle} aria-busy={all && everyone.isFetching}>
          <LeaderboardRows rows={shown} linkOf={linkOf} />
        </Table>
      )}
      {total > DASHBOARD_LIST_ROWS && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button onClick={() => setAll((v) => !v)} aria-expanded={all}>
            {all ? t.viewLess : t.viewAll}
          </Button>
        </Box>
      )}
    </SectionCard>
  );
}

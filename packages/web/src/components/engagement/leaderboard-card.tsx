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
import { useLeaderboard } from './engagement-api';

const t = dashboardMessages;

/**
 * The homes' Leaderboard card: the top 5 contractors by overall score, then View all / View Less.
 * A contractor sees its own row named and the others as "Contractor #rank".
 */
export function LeaderboardCard({ companyId }: { companyId: string | null }) {
  const query = useLeaderboard(companyId);
  const [all, setAll] = useState(false);
  const rows = query.data?.result ?? [];
  const shown = all ? rows : rows.slice(0, DASHBOARD_LIST_ROWS);
  return (
    <SectionCard title={t.leaderboardTitle}>
      {query.isPending && companyId !== null && <Skeleton variant="rounded" height={180} />}
      {query.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {coreMessages.common.noDataAvailableChart}
        </Typography>
      )}
      {shown.length > 0 && (
        <Table size="small" aria-label={t.leaderboardTitle}>
          <LeaderboardRows rows={shown} />
        </Table>
      )}
      {rows.length > DASHBOARD_LIST_ROWS && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button onClick={() => setAll((v) => !v)} aria-expanded={all}>
            {all ? t.viewLess : t.viewAll}
          </Button>
        </Box>
      )}
    </SectionCard>
  );
}

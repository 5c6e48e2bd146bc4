import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DASHBOARD_LIST_ROWS } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import { scoreBand } from '@palisade/domain/scores/score.rules';
import { SectionCard } from '../section-card';
import { TintedChip } from '../tinted-chip';
import { BAND_LOOK } from './bands';
import { useLeaderboard } from './engagement-api';

const t = messages.dashboards;

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
          {messages.common.noDataAvailableChart}
        </Typography>
      )}
      {shown.length > 0 && (
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
              <TableRow key={row.rank} selected={row.own}>
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

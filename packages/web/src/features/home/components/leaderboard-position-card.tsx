import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { DASHBOARD_LIST_ROWS } from '@palisade/domain/constants';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import { scoreBand } from '@palisade/domain/scores/score.rules';
import { SectionCard } from '../../../components/section-card';
import { TintedChip } from '../../../components/tinted-chip';
import { BAND_LOOK } from '../../../components/engagement/bands';
import { useLeaderboardPage } from '../../../components/engagement/engagement-api';
import { useDeferredReply } from '../../../components/use-deferred-reply';

const t = dashboardMessages;

/** The contractor's place on its organisation's leaderboard (the others stay anonymous). */
export function LeaderboardPositionCard({ companyId }: { companyId: string | null }) {
  // The homes' first page of the leaderboard: its own entry and the number ranked come with it.
  const query = useDeferredReply(useLeaderboardPage(companyId, 1, DASHBOARD_LIST_ROWS));
  const own = query.data?.own;
  return (
    <SectionCard title={t.yourPosition}>
      {query.isPending && companyId !== null ? (
        // The rank's line (a heading and a chip): the cards below stay where they are when it comes.
        <Skeleton variant="rounded" height={32} />
      ) : own ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Typography variant="h3" component="p" data-testid="own-rank">
            {t.yourRank(own.rank, query.data?.total ?? 0)}
          </Typography>
          <TintedChip tone={BAND_LOOK[scoreBand(own.points)].tone} label={`${own.points}%`} size="medium" />
        </Box>
      ) : (
        <Typography color="text.secondary">{t.notRanked}</Typography>
      )}
    </SectionCard>
  );
}

import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { coreMessages } from '@palisade/domain/messages-core';
import { trendsMessages } from '@palisade/domain/trends/trends.messages';
import { useContractorTrend } from './trends-api';
import { TrendChart } from './trend-chart';

const m = trendsMessages;

/**
 * My trend (issue 58): the contractor's score per completed round on its home, a small line
 * chart. The home imports this module lazily, so neither it nor the charts' code is in the home's
 * first load; a failed read leaves the card with its text rather than opening the Error dialog
 * over the home.
 */
export function MyTrendCard({
  contractorId,
  companyId,
}: {
  contractorId: string;
  companyId: string | null;
}) {
  const query = useContractorTrend(contractorId, companyId, { errorDialog: false });
  const points = query.data?.points ?? [];
  const latest = points.at(-1);
  return (
    <Card component="section" aria-labelledby="my-trend-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="my-trend-title" variant="h2" sx={{ mb: 1 }}>
          {m.myTrendTitle}
        </Typography>
        {query.isPending && (
          <Skeleton variant="rounded" height={200} aria-label={coreMessages.common.loading} />
        )}
        {query.isError && <Typography color="text.secondary">{m.errorLoading}</Typography>}
        {query.isSuccess && points.length === 0 && (
          <Typography color="text.secondary">{m.noPoints}</Typography>
        )}
        {latest && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {m.latest(latest.label, latest.percent === null ? m.notScored : `${latest.percent}%`)}
            </Typography>
            <TrendChart points={points} label={m.myTrendChartLabel} height={200} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

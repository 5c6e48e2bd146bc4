import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { COMPARE_FIRST_YEAR } from '@palisade/domain/constants';
import type { LearningGraph } from '@palisade/domain/learning/learning.schema';
import { learningMessages } from '@palisade/domain/learning/learning.messages';
import { coreMessages } from '@palisade/domain/messages-core';
import { observationMessages } from '@palisade/domain/messages/observation';
import { useLearningGraph } from '../api/learning-api';

const m = learningMessages;

/** Hours per month of the year as the chart shows them (seconds ÷ 3600, 2 decimals: the reply's hours). */
export function chartHours(graph: LearningGraph): number[] {
  return graph.data.map((r) => r.hours);
}

/** Learning in hours: a bar per month of the chosen year; 'No data available' for a year without learning. */
export function LearningHoursChart({ companyId, year, onYear }: { companyId: string | null; year: number; onYear: (year: number) => void }) {
  const query = useLearningGraph(companyId, year);
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: thisYear - COMPARE_FIRST_YEAR + 1 }, (_, i) => thisYear - i);
  const hours = query.data ? chartHours(query.data) : [];
  const labels = observationMessages.monthsShort;
  const total = hours.reduce((a, b) => a + b, 0);
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography variant="h2">{m.graphTitle}</Typography>
          <TextField select size="small" label={m.year} value={year} onChange={(e) => onYear(Number(e.target.value))} sx={{ width: 110, flexShrink: 0 }}>
            {years.map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {query.isPending && <Skeleton variant="rounded" height={260} aria-label={coreMessages.common.loading} />}
        {query.isSuccess && total === 0 && (
          <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
            {m.noData}
          </Typography>
        )}
        {query.isSuccess && total > 0 && (
          <Box
            role="img"
            data-testid="learning-hours-chart"
            aria-label={`${m.graphTitle} ${year}: ${labels.map((l, i) => `${l}: ${(hours[i] ?? 0).toFixed(2)}`).join(', ')}`}
            sx={{ width: '100%', height: 280 }}
          >
            <BarChart
              height={280}
              hideLegend
              margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
              xAxis={[{ scaleType: 'band', data: [...labels] }]}
              yAxis={[{ width: 44, label: m.hours }]}
              series={[{ id: 'hours', label: m.hours, data: hours, valueFormatter: (v) => (v === null ? '' : v.toFixed(2)) }]}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

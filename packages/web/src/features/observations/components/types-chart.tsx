import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PieChart } from '@mui/x-charts/PieChart';
import { observationMessages } from '@palisade/domain/messages/observation';
import type { ReportGraphReply } from '@palisade/domain/observations/observation.schema';
import { observationCategoryName } from '@palisade/domain/observations/observation.rules';
import { OBSERVATION_CATEGORY_COLOURS } from '../../../theme/theme';
import { CategoryLegend } from './category-legend';
import { monthlySeries, shownMonths } from './monthly-chart';

const t = observationMessages;
const SIZE = 200;

/** Types: a doughnut of the year's counts per category, with its legend. */
export function TypesChart({ graph, year }: { graph: ReportGraphReply; year: number }) {
  const slices = monthlySeries(graph, year, shownMonths(year)).map((s) => ({
    id: s.category,
    label: observationCategoryName(s.category),
    value: s.data.reduce((a, b) => a + b, 0),
    color: OBSERVATION_CATEGORY_COLOURS[s.category] ?? '#5664d2',
  }));
  const total = slices.reduce((a, s) => a + s.value, 0);
  if (total === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
        {t.noData}
      </Typography>
    );
  }
  const summary = slices.map((s) => `${s.label}: ${s.value}`).join(', ');
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'center' }}>
      <Box role="img" aria-label={`${t.types}: ${summary}`} sx={{ position: 'relative', width: SIZE, height: SIZE }}>
        <PieChart
          width={SIZE}
          height={SIZE}
          hideLegend
          margin={0}
          series={[
            {
              data: slices.filter((s) => s.value > 0).map((s) => ({ id: s.id, value: s.value, label: s.label, color: s.color })),
              innerRadius: SIZE * 0.3,
              outerRadius: SIZE / 2 - 4,
              paddingAngle: 1,
              cornerRadius: 3,
            },
          ]}
        />
        <Box aria-hidden sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}>
          <Typography variant="h3" component="span">
            {total}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ width: '100%' }}>
        <CategoryLegend label={t.types} items={slices} />
      </Box>
    </Box>
  );
}

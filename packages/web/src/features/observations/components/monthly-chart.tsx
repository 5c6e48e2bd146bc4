import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { observationMessages } from '@palisade/domain/messages/observation';
import { OBSERVATION_CATEGORIES, observationCategoryName } from '@palisade/domain/observations/observation.rules';
import type { ReportGraphReply } from '@palisade/domain/observations/observation.schema';
import { OBSERVATION_CATEGORY_COLOURS } from '../../../theme/theme';
import { CategoryLegend } from './category-legend';

const t = observationMessages;

/** The months of the year shown: January to the current month in the current year, else all. */
export function shownMonths(year: number, now: Date = new Date()): number {
  return year === now.getFullYear() ? now.getMonth() + 1 : 12;
}

/** Counts per category over the shown months, from the graph reply. */
export function monthlySeries(graph: ReportGraphReply, year: number, months: number) {
  const byMonth = graph[String(year)] ?? {};
  return OBSERVATION_CATEGORIES.map((category) => ({
    category,
    data: Array.from({ length: months }, (_, i) => byMonth[String(i + 1)]?.[category] ?? 0),
  }));
}

/**
 * Monthly Reporting: stacked columns per category, January to the current month; 'No Data
 * Available' when the months hold no report. The drawing is labelled with its figures.
 */
export function MonthlyChart({ graph, year }: { graph: ReportGraphReply; year: number }) {
  const months = shownMonths(year);
  const series = monthlySeries(graph, year, months);
  const total = series.reduce((sum, s) => sum + s.data.reduce((a, b) => a + b, 0), 0);
  if (total === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
        {t.noData}
      </Typography>
    );
  }
  const labels = t.monthsShort.slice(0, months);
  const summary = labels
    .map((month, i) => `${month}: ${series.reduce((sum, s) => sum + (s.data[i] ?? 0), 0)}`)
    .join(', ');
  return (
    <Box>
      <Box role="img" aria-label={`${t.monthlyReporting} ${year}: ${summary}`} sx={{ width: '100%', height: 300 }}>
        <BarChart
          height={300}
          hideLegend
          margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
          xAxis={[{ scaleType: 'band', data: labels }]}
          yAxis={[{ tickMinStep: 1, width: 36 }]}
          series={series.map((s) => ({
            id: s.category,
            label: observationCategoryName(s.category),
            data: s.data,
            stack: 'total',
            color: OBSERVATION_CATEGORY_COLOURS[s.category] ?? '#5664d2',
          }))}
        />
      </Box>
      <CategoryLegend
        label={t.monthlyReporting}
        items={series.map((s) => ({
          id: s.category,
          label: observationCategoryName(s.category),
          color: OBSERVATION_CATEGORY_COLOURS[s.category] ?? '#5664d2',
          value: s.data.reduce((a, b) => a + b, 0),
        }))}
      />
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { GREEN_BAND_MIN, ORANGE_BAND_MIN } from '@palisade/domain/constants';
import type { TrendPoint } from '@palisade/domain/trends/trends.schema';
import { trendsMessages } from '@palisade/domain/trends/trends.messages';
import { formatDate } from '../../lib/dates';

const m = trendsMessages;
const FACTORS = ['environment', 'social', 'governance', 'others'] as const;

/** Up to this many rounds each has its mark on the line. */
const MARKS_MAX = 12;
const percentText = (v: number | null) => (v === null ? m.notScored : `${v}%`);

/**
 * The score per round as a line (MUI X Charts), 0–100 %, its colour the band of each stretch; the
 * figures are in the label for screen readers (and in the page's table). With `esgo`, one line a
 * factor instead, with its legend as a list below. Points are indexes on the x axis so that two
 * rounds of one label stay apart; under each, the round's label, else the day it was completed
 * (the tooltip gives the whole label).
 */
export function TrendChart({
  points,
  label,
  esgo = false,
  height = 280,
}: {
  points: readonly TrendPoint[];
  label: string;
  esgo?: boolean;
  height?: number;
}) {
  const theme = useTheme();
  // One round is no line yet (and a point scale of one value draws negative widths): its figures
  // are in the text beside the chart (the home's latest line, the page's table).
  if (points.length < 2) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="trend-one-round">
        {m.oneRound}
      </Typography>
    );
  }
  const xs = points.map((_, i) => i);
  const labelOf = (i: number) => points[i]?.label ?? '';
  const tickOf = (i: number) => {
    const p = points[i];
    return p ? (p.roundLabel ?? formatDate(p.completedAt)) : '';
  };
  const colours = {
    environment: theme.palette.success.main,
    social: theme.palette.info.main,
    governance: theme.palette.primary.main,
    others: theme.palette.warning.main,
  };
  // A mark a round while they have room; past that the line alone (the table and tooltip give each figure).
  const showMark = points.length <= MARKS_MAX;
  const series = esgo
    ? FACTORS.map((f) => ({
        id: f,
        label: m.factors[f],
        data: points.map((p) => p.esgo[f].percent),
        color: colours[f],
        connectNulls: true,
        curve: 'linear' as const,
        showMark,
        valueFormatter: percentText,
      }))
    : [
        {
          id: 'score',
          label: m.score,
          data: points.map((p) => p.percent),
          color: theme.palette.primary.main,
          connectNulls: true,
          curve: 'linear' as const,
          showMark,
          valueFormatter: percentText,
        },
      ];
  const summary = esgo
    ? points
        .map(
          (p) =>
            `${p.label}: ${FACTORS.map((f) => `${m.factors[f]} ${percentText(p.esgo[f].percent)}`).join(', ')}`,
        )
        .join('; ')
    : points.map((p) => `${p.label}: ${percentText(p.percent)}`).join('; ');
  const chart = (
    <Box
      role="img"
      aria-label={`${label}: ${summary}`}
      data-testid={esgo ? 'esgo-trend-chart' : 'score-trend-chart'}
      sx={{ width: '100%', height }}
    >
      <LineChart
        height={height}
        hideLegend
        skipAnimation
        margin={{ left: 0, right: 32, top: 16, bottom: 0 }}
        xAxis={[
          {
            scaleType: 'point',
            data: xs,
            valueFormatter: (v: number, context) =>
              context.location === 'tick' ? tickOf(v) : labelOf(v),
          },
        ]}
        yAxis={[
          {
            min: 0,
            max: 100,
            width: 44,
            label: esgo ? undefined : m.percentAxis,
            colorMap: esgo
              ? undefined
              : {
                  type: 'piecewise',
                  thresholds: [ORANGE_BAND_MIN, GREEN_BAND_MIN],
                  colors: [
                    theme.palette.error.main,
                    theme.palette.warning.main,
                    theme.palette.success.main,
                  ],
                },
          },
        ]}
        series={series}
      />
    </Box>
  );
  if (!esgo) return chart;
  // The factors' legend as a list below the drawing: it wraps on a phone without taking the plot's height.
  return (
    <>
      {chart}
      <Box
        component="ul"
        aria-label={m.esgoTitle}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: 1,
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        {FACTORS.map((f) => (
          <Box component="li" key={f} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box
              aria-hidden
              sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: colours[f] }}
            />
            <Typography variant="body2">{m.factors[f]}</Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}

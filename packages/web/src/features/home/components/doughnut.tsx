import { useDeferredValue, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { PiePlot } from '@mui/x-charts/PieChart';
import {
  useChartHighlight,
  useChartInteraction,
  useCharts,
  useChartTooltip,
  type ChartsProviderProps,
  type UseChartHighlightSignature,
  type UseChartInteractionSignature,
  type UseChartTooltipSignature,
} from '@mui/x-charts/internals';
import type { PieSeriesType } from '@mui/x-charts/models';
import { ChartsContext } from 'palisade-x-charts/charts-context';
import { pieSeriesConfig } from 'palisade-x-charts/pie-series-config';
import { coreMessages } from '@palisade/domain/messages-core';

const PIE_ONLY = { pie: pieSeriesConfig };
/**
 * The plugins the pie plot calls: its arcs' pointer handlers set the tooltip's item and the
 * highlight (neither is drawn here: no tooltip, no highlight scope). Not the pie chart's others
 * (visibility toggles of a legend, keyboard focus), which the drawing does not use.
 */
type DoughnutPlugins = [UseChartTooltipSignature, UseChartInteractionSignature, UseChartHighlightSignature];
const PLUGINS = [useChartTooltip, useChartInteraction, useChartHighlight] as const;

/**
 * MUI X Charts' ChartsProvider for pies alone: its own imports the default plugins and the series
 * configuration of every chart type, with their scales and formats (build/x-charts-parts.ts).
 */
function PieChartsProvider({
  params,
  children,
}: {
  params: ChartsProviderProps<'pie', DoughnutPlugins>['pluginParams'];
  children: ReactNode;
}) {
  const { contextValue } = useCharts<'pie', DoughnutPlugins>(PLUGINS, params ?? {}, PIE_ONLY);
  return <ChartsContext.Provider value={contextValue}>{children}</ChartsContext.Provider>;
}

/**
 * The drawing alone: MUI X Charts' pie plot in a chart provider for pies, without
 * PieChart's wrapper, legend, tooltip, overlay and data provider, whose default plugins (brush,
 * zoom gestures, closest point…) and tooltip popper the home would load for nothing: 16.6 kB
 * (Brotli) less on the organisation home (issues 13 and 25). The figures are in the legend beside
 * the drawing, so it needs no tooltip.
 */
function DoughnutDrawing({ size, series }: { size: number; series: PieSeriesType }) {
  const mode = useTheme().palette.mode;
  return (
    <PieChartsProvider params={{ width: size, height: size, margin: 0, series: [series], theme: mode }}>
      <ChartsSurface>
        <PiePlot />
      </ChartsSurface>
    </PieChartsProvider>
  );
}

export interface DoughnutSlice {
  id: string;
  label: string;
  value: number;
  color: string;
  /** What the legend shows beside the label (the value when absent). */
  text?: string;
}

/**
 * A doughnut (MUI X Charts) with its legend as a list: the list carries the figures for screen
 * readers and phones; the drawing is labelled as a whole. Without data: "No data available".
 */
export function Doughnut({
  label,
  slices,
  center,
  size = 180,
}: {
  label: string;
  slices: readonly DoughnutSlice[];
  /** Text in the hole (a total or a percent). */
  center?: string;
  size?: number;
}) {
  // The drawing is made in a second render that React may pause and resume (a deferred value):
  // mounting a chart is the longest piece of a home's work, and in the render that brings the
  // data it would block the page in one task. The legend, with the figures, comes at once.
  const drawn = useDeferredValue(true, false);
  const empty = slices.every((s) => s.value <= 0);
  if (empty) {
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {coreMessages.common.noDataAvailableChart}
      </Typography>
    );
  }
  const texts = new Map(slices.map((s) => [s.id, s.text ?? String(s.value)]));
  const summary = slices.map((s) => `${s.label}: ${s.text ?? s.value}`).join(', ');
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'center',
        columnGap: 3,
        rowGap: 1,
      }}
    >
      <Box role="img" aria-label={`${label}: ${summary}`} sx={{ position: 'relative', width: size, height: size }}>
        {drawn && (
          <DoughnutDrawing
            size={size}
            series={{
              type: 'pie',
              data: slices.filter((s) => s.value > 0).map((s) => ({ id: s.id, value: s.value, label: s.label, color: s.color })),
              // The chart's own formatter calls toLocaleString for each slice, and the first call
              // in a page sets up the browser's number formatting: the longest single step of a
              // home's first render on a phone. The legend's text is the figure the page shows.
              valueFormatter: (item) => texts.get(String(item.id)) ?? String(item.value),
              innerRadius: size * 0.3,
              outerRadius: size / 2 - 4,
              paddingAngle: 1,
              cornerRadius: 3,
            }}
          />
        )}
        {center && (
          <Box
            aria-hidden
            sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}
          >
            <Typography variant="h3" component="span">
              {center}
            </Typography>
          </Box>
        )}
      </Box>
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75, minWidth: 150 }}>
        {slices.map((s) => (
          <Box component="li" key={s.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: s.color, flexShrink: 0 }} />
            <Typography variant="body2" sx={{ flexGrow: 1 }}>
              {s.label}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {s.text ?? s.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

import type { ReactNode } from 'react';
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
 * The drawing alone (its own chunk, with MUI X Charts: doughnut.tsx loads it once a doughnut has
 * data to draw, so neither the charts' code nor its evaluation is in a home's first load): MUI X
 * Charts' pie plot in a chart provider for pies, without
 * PieChart's wrapper, legend, tooltip, overlay and data provider, whose default plugins (brush,
 * zoom gestures, closest point…) and tooltip popper the home would load for nothing: 16.6 kB
 * (Brotli) less on the organisation home (issues 13 and 25). The figures are in the legend beside
 * the drawing, so it needs no tooltip.
 */
export function DoughnutDrawing({ size, series }: { size: number; series: PieSeriesType }) {
  const mode = useTheme().palette.mode;
  return (
    <PieChartsProvider params={{ width: size, height: size, margin: 0, series: [series], theme: mode }}>
      <ChartsSurface>
        {/* Drawn at once: the arcs' grow-in animation is a frame's work (d3 timers, style and
            paint) every 16 ms for half a second, on the main thread of a home's first load. */}
        <PiePlot skipAnimation />
      </ChartsSurface>
    </PieChartsProvider>
  );
}


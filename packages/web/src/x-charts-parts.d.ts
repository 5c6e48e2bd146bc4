// MUI X Charts modules that its package does not export, mapped by build/x-charts-parts.ts.
declare module 'palisade-x-charts/charts-context' {
  import type { Context } from 'react';
  import type { ChartAnyPluginSignature, ChartsContextValue } from '@mui/x-charts/internals';
  export const ChartsContext: Context<ChartsContextValue<
    readonly ChartAnyPluginSignature[]
  > | null>;
}
declare module 'palisade-x-charts/pie-series-config' {
  import type { ChartSeriesTypeConfig } from '@mui/x-charts/internals';
  export const pieSeriesConfig: ChartSeriesTypeConfig<'pie'>;
}

import { createRequire } from 'node:module';
import path from 'node:path';

const chartsRoot = path.dirname(
  createRequire(import.meta.url).resolve('@mui/x-charts/package.json'),
);

/**
 * Two modules of MUI X Charts that its package does not export, named for the bundler (and the
 * tests) by these ids; their types are in src/x-charts-parts.d.ts. A doughnut needs a chart
 * provider with the pie's series only; MUI's own ChartsProvider imports the default plugins and
 * every series type (cartesian axes, d3's scales, time and number formats, bars, lines, scatter),
 * which the home would load for nothing (issue 13: 6 kB gzip of the organisation home's first load).
 * The version is fixed by the lockfile; a move of either file fails the build, not a page.
 */
export const X_CHARTS_PARTS: Record<string, string> = {
  'palisade-x-charts/charts-context': path.join(
    chartsRoot,
    'context/ChartsProvider/ChartsContext.mjs',
  ),
  'palisade-x-charts/pie-series-config': path.join(chartsRoot, 'PieChart/seriesConfig/index.mjs'),
};

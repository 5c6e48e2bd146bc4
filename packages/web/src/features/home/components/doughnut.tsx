import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { coreMessages } from '@palisade/domain/messages-core';
import { loadOnce } from '../../../lib/load-once';
import type { DoughnutDrawing } from './doughnut-drawing';

/**
 * The drawing's code: MUI X Charts, its own chunk, fetched once a doughnut has data to draw. In
 * the home's chunk, the charts' code (~50 kB gzip) was fetched with the first load and evaluated
 * in the same task as the home's own modules, before any card was on screen (issue 63).
 */
const loadDrawing = loadOnce(() => import('./doughnut-drawing').then((module) => module.DoughnutDrawing));
/** The drawing once its code is here: later doughnuts (another card, a page visited again) draw at once. */
let loadedDrawing: typeof DoughnutDrawing | null = null;

/** The drawing component once `wanted`, null until its code has arrived (then set in a transition). */
function useDrawing(wanted: boolean): typeof DoughnutDrawing | null {
  const [Drawing, setDrawing] = useState(() => loadedDrawing);
  useEffect(() => {
    if (Drawing || !wanted) return;
    let live = true;
    loadDrawing().then(
      (loaded) => {
        loadedDrawing = loaded;
        if (live) startTransition(() => setDrawing(() => loaded));
      },
      // The legend beside it carries every figure: without its code the drawing stays out, and
      // the next doughnut to mount asks again (loadOnce forgets a failed load).
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [Drawing, wanted]);
  return Drawing;
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
  const Drawing = useDrawing(!empty);
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
        {drawn && Drawing && (
          <Drawing
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

import { useDeferredValue } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { coreMessages } from '@palisade/domain/messages-core';
import { DoughnutDrawing } from './doughnut-drawing';

export interface DoughnutSlice {
  id: string;
  label: string;
  value: number;
  color: string;
  /** What the legend shows beside the label (the value when absent). */
  text?: string;
}

/** The doughnut's layout: the drawing, and beside it (below it on a phone) the legend. */
const LAYOUT_SX = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  columnGap: 3,
  rowGap: 1,
} as const;
const LEGEND_SX = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75, minWidth: 150 } as const;

/**
 * A doughnut's place while its data is on its way: a circle and `rows` lines where the legend's
 * rows will be, laid out as the doughnut is, so that the card keeps its height when the data comes
 * and the cards below it do not move (issue 63: a phone's home shifted by a legend's height,
 * Lighthouse's layout shift).
 */
export function DoughnutSkeleton({ rows, size = 180 }: { rows: number; size?: number }) {
  return (
    <Box sx={LAYOUT_SX} aria-hidden>
      <Skeleton variant="circular" width={size} height={size} />
      <Box sx={LEGEND_SX}>
        {Array.from({ length: rows }, (_, i) => (
          // A line of the legend's own type (body2), so each row is as high as the one it stands for.
          <Skeleton key={i} variant="text" width={150} sx={{ typography: 'body2' }} />
        ))}
      </Box>
    </Box>
  );
}

/**
 * A doughnut (doughnut-drawing.tsx) with its legend as a list: the list carries the figures for
 * screen readers and phones; the drawing is labelled as a whole. Without data: "No data available".
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
  // the render that brings the data makes the legend, with the figures, at once.
  const drawn = useDeferredValue(true, false);
  const empty = slices.every((s) => s.value <= 0);
  if (empty) {
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {coreMessages.common.noDataAvailableChart}
      </Typography>
    );
  }
  const summary = slices.map((s) => `${s.label}: ${s.text ?? s.value}`).join(', ');
  return (
    <Box sx={LAYOUT_SX}>
      <Box role="img" aria-label={`${label}: ${summary}`} sx={{ position: 'relative', width: size, height: size }}>
        {drawn && <DoughnutDrawing size={size} slices={slices} />}
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
      <Box component="ul" aria-label={label} sx={LEGEND_SX}>
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

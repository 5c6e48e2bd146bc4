import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import { arc, pie, type PieArcDatum } from 'd3-shape';

/** A slice the drawing shows: its value and colour (its label and figure are in the legend). */
export interface DrawnSlice {
  id: string;
  value: number;
  color: string;
}

/** The gap between two slices: 1° (as the charts library's paddingAngle drew it). */
const PAD_ANGLE = Math.PI / 180;
const CORNER_RADIUS = 3;

/**
 * The doughnut's drawing: one SVG path a slice, from 12 o'clock clockwise in the slices' order,
 * its geometry from d3-shape (the arcs of the charts library's pie, without its store, plugins and
 * ~50 kB gzip of code a home's first load fetched and ran for three pictures, issue 63). Hidden
 * from assistive technology: the picture around it is labelled with every figure, which the legend
 * beside it lists.
 */
export function DoughnutDrawing({ size, slices }: { size: number; slices: readonly DrawnSlice[] }) {
  const stroke = useTheme().palette.background.paper;
  const paths = useMemo(() => {
    const shown = slices.filter((slice) => slice.value > 0);
    const arcs = pie<DrawnSlice>()
      .value((slice) => slice.value)
      .sort(null)
      .padAngle(shown.length > 1 ? PAD_ANGLE : 0)(shown);
    const shape = arc<PieArcDatum<DrawnSlice>>()
      .innerRadius(size * 0.3)
      .outerRadius(size / 2 - 4)
      .cornerRadius(CORNER_RADIUS);
    return arcs.map((a) => ({ id: a.data.id, color: a.data.color, d: shape(a) ?? '' }));
  }, [size, slices]);
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden focusable="false">
      <g transform={`translate(${size / 2} ${size / 2})`}>
        {paths.map((p) => (
          <path key={p.id} d={p.d} fill={p.color} stroke={stroke} strokeWidth={1} strokeLinejoin="round" />
        ))}
      </g>
    </svg>
  );
}

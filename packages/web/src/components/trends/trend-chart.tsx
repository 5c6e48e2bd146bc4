import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { GREEN_BAND_MIN, ORANGE_BAND_MIN } from '@palisade/domain/constants';
import { scoreBand, type ScoreBand } from '@palisade/domain/scores/score.rules';
import type { TrendPoint } from '@palisade/domain/trends/trends.schema';
import { trendsMessages } from '@palisade/domain/trends/trends.messages';
import { formatDate } from '../../lib/dates';
import { plotX, plotY, segmentsOf, tickIndexes } from './trend-geometry';

const m = trendsMessages;
const FACTORS = ['environment', 'social', 'governance', 'others'] as const;

/** Up to this many rounds each has its mark on the line. */
const MARKS_MAX = 12;
/** The y axis' figures, in percent. */
const Y_TICKS = [0, 20, 40, 60, 80, 100] as const;
/** Round labels under the line: this many at most on a phone, and on a wider screen. */
const X_TICKS_NARROW = 3;
const X_TICKS_WIDE = 6;
/** The frame around the plot, in px: the y axis' column, the labels' row, room for the marks. */
const Y_AXIS_WIDTH = 44;
const X_AXIS_HEIGHT = 28;
const TOP = 16;
const RIGHT = 36;
const INSET = 16;

const percentText = (v: number | null) => (v === null ? m.notScored : `${v}%`);

interface Series {
  id: string;
  values: readonly (number | null)[];
  /** A factor's colour, or none for the score (its line and marks take their band's colour). */
  color: string | null;
  name: string;
}

/**
 * The score per round as a line, 0–100 %, its colour the band of each stretch (green from 70 %,
 * orange from 40 %, red below); the figures are in the label for screen readers (and in the page's
 * table). With `esgo`, one line a factor instead, with its legend as a list below. Rounds are
 * spread evenly along the x axis in their order, so two rounds of one label stay apart; under a
 * few of them, the round's label, else the day it was completed; each point's whole label and
 * figure show on hover.
 *
 * Drawn as SVG and HTML in percentages of the plot, so the browser alone fits it to any width:
 * no charts library (the contractor's home fetched and ran ~68 kB gzip of one for this card,
 * issue 63) and no measuring of the width before drawing.
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
  // An id the stroke's url() can name as it is (React's ids hold characters a CSS url() would need escaped).
  const gradientId = `trend-bands-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // One round is no line yet: its figures are in the text beside the chart (the home's latest
  // line, the page's table).
  if (points.length < 2) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="trend-one-round">
        {m.oneRound}
      </Typography>
    );
  }
  const count = points.length;
  const bandColour: Record<ScoreBand, string> = {
    GREEN: theme.palette.success.main,
    ORANGE: theme.palette.warning.main,
    RED: theme.palette.error.main,
  };
  const colours = {
    environment: theme.palette.success.main,
    social: theme.palette.info.main,
    governance: theme.palette.primary.main,
    others: theme.palette.warning.main,
  };
  const series: Series[] = esgo
    ? FACTORS.map((f) => ({
        id: f,
        values: points.map((p) => p.esgo[f].percent),
        color: colours[f],
        name: m.factors[f],
      }))
    : [{ id: 'score', values: points.map((p) => p.percent), color: null, name: m.score }];
  const summary = esgo
    ? points
        .map(
          (p) =>
            `${p.label}: ${FACTORS.map((f) => `${m.factors[f]} ${percentText(p.esgo[f].percent)}`).join(', ')}`,
        )
        .join('; ')
    : points.map((p) => `${p.label}: ${percentText(p.percent)}`).join('; ');
  const tickOf = (p: TrendPoint) => p.roundLabel ?? formatDate(p.completedAt);
  const narrowTicks = new Set(tickIndexes(count, X_TICKS_NARROW));
  const wideTicks = tickIndexes(count, X_TICKS_WIDE);
  const showMark = count <= MARKS_MAX;
  const muted = theme.palette.text.secondary;
  const paper = theme.palette.background.paper;
  // The score's line changes colour where it crosses a band's edge: a gradient over the plot's
  // height with hard stops at the two thresholds.
  const greenEdge = `${plotY(GREEN_BAND_MIN)}%`;
  const orangeEdge = `${plotY(ORANGE_BAND_MIN)}%`;
  const strokeOf = (s: Series) => s.color ?? `url(#${gradientId})`;
  const fillOf = (s: Series, v: number) => s.color ?? bandColour[scoreBand(v)];

  const chart = (
    <Box
      role="img"
      aria-label={`${label}: ${summary}`}
      data-testid={esgo ? 'esgo-trend-chart' : 'score-trend-chart'}
      sx={{
        width: '100%',
        height,
        boxSizing: 'border-box',
        pt: `${TOP}px`,
        pr: `${RIGHT}px`,
        display: 'grid',
        gridTemplateColumns: `${Y_AXIS_WIDTH}px minmax(0, 1fr)`,
        gridTemplateRows: `minmax(0, 1fr) ${X_AXIS_HEIGHT}px`,
        typography: 'caption',
        color: muted,
      }}
    >
      {/* The y axis: its name, turned, and its figures beside their lines. */}
      <Box aria-hidden sx={{ position: 'relative' }}>
        {!esgo && (
          <Box
            component="span"
            sx={{
              position: 'absolute',
              left: 0,
              top: '50%',
              transform: 'translateY(-50%) rotate(180deg)',
              writingMode: 'vertical-rl',
              whiteSpace: 'nowrap',
            }}
          >
            {m.percentAxis}
          </Box>
        )}
        {Y_TICKS.map((v) => (
          <Box
            component="span"
            key={v}
            sx={{
              position: 'absolute',
              right: 6,
              top: `${plotY(v)}%`,
              transform: 'translateY(-50%)',
              lineHeight: 1,
            }}
          >
            {v}
          </Box>
        ))}
      </Box>
      {/* The plot: its grid, then the lines and marks, inset so a mark at either end has room. */}
      <Box
        aria-hidden
        sx={{ position: 'relative', borderLeft: 1, borderBottom: 1, borderColor: muted }}
      >
        {Y_TICKS.filter((v) => v > 0).map((v) => (
          <Box
            key={v}
            sx={{
              position: 'absolute',
              left: 0,
              right: 0,
              top: `${plotY(v)}%`,
              borderTop: 1,
              borderColor: 'divider',
            }}
          />
        ))}
        <Box sx={{ position: 'absolute', top: 0, bottom: 0, left: INSET, right: 0 }}>
          <svg width="100%" height="100%" overflow="visible" focusable="false">
            {!esgo && (
              <defs>
                <linearGradient
                  id={gradientId}
                  gradientUnits="userSpaceOnUse"
                  x1="0"
                  y1="0%"
                  x2="0"
                  y2="100%"
                >
                  <stop offset="0" stopColor={bandColour.GREEN} />
                  <stop offset={greenEdge} stopColor={bandColour.GREEN} />
                  <stop offset={greenEdge} stopColor={bandColour.ORANGE} />
                  <stop offset={orangeEdge} stopColor={bandColour.ORANGE} />
                  <stop offset={orangeEdge} stopColor={bandColour.RED} />
                  <stop offset="1" stopColor={bandColour.RED} />
                </linearGradient>
              </defs>
            )}
            {series.map((s) => (
              <g key={s.id} data-series={s.id}>
                {segmentsOf(s.values).map(([a, b]) => (
                  <line
                    key={`${a.index}-${b.index}`}
                    x1={`${plotX(a.index, count)}%`}
                    y1={`${plotY(a.value)}%`}
                    x2={`${plotX(b.index, count)}%`}
                    y2={`${plotY(b.value)}%`}
                    stroke={strokeOf(s)}
                    strokeWidth={2}
                    strokeLinecap="round"
                  />
                ))}
                {s.values.map((v, i) =>
                  v === null ? null : (
                    <g key={points[i]?.responseId ?? i}>
                      {showMark && (
                        <circle
                          cx={`${plotX(i, count)}%`}
                          cy={`${plotY(v)}%`}
                          r={4}
                          fill={fillOf(s, v)}
                          stroke={paper}
                          strokeWidth={1.5}
                        />
                      )}
                      {/* A wider, unseen target that names the point on hover. */}
                      <circle
                        cx={`${plotX(i, count)}%`}
                        cy={`${plotY(v)}%`}
                        r={10}
                        fill="transparent"
                      >
                        <title>{`${points[i]?.label ?? ''}: ${esgo ? `${s.name} ` : ''}${percentText(v)}`}</title>
                      </circle>
                    </g>
                  ),
                )}
              </g>
            ))}
          </svg>
        </Box>
      </Box>
      <Box />
      {/* The x axis: a few rounds' labels, spread evenly, fewer on a phone. */}
      <Box aria-hidden sx={{ position: 'relative', ml: `${INSET}px` }}>
        {wideTicks.map((i) => {
          const p = points[i];
          if (!p) return null;
          return (
            <Box
              component="span"
              key={i}
              sx={{
                position: 'absolute',
                top: 6,
                left: `${plotX(i, count)}%`,
                transform: 'translateX(-50%)',
                whiteSpace: 'nowrap',
                display: narrowTicks.has(i) ? 'block' : { xs: 'none', sm: 'block' },
              }}
            >
              {tickOf(p)}
            </Box>
          );
        })}
      </Box>
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

import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import {
  compareYears,
  daysInMonth,
  difference,
  isPeriodValid,
  periodRange,
  summarisePerformance,
  type ComparePeriod,
  type PerformanceSummary,
} from '@palisade/domain/dashboards/dashboard.rules';
import { BAND_LOOK, BANDS } from '../../../components/engagement/bands';
import { usePerformance } from '../api/get-organisation-dashboard';

const t = dashboardMessages;
const EMPTY: ComparePeriod = { year: null, month: null, day: null };
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Month, year and (optional) day of one period; the day list follows the month's length. */
function PeriodFields({ legend, value, onChange }: { legend: string; value: ComparePeriod; onChange: (p: ComparePeriod) => void }) {
  const years = compareYears(dayjs().year());
  const days = value.year !== null && value.month !== null ? daysInMonth(value.year, value.month) : 31;
  const set = (patch: Partial<ComparePeriod>) => {
    const next = { ...value, ...patch };
    // A day past the new month's end is dropped (31 → February).
    if (next.day !== null && next.year !== null && next.month !== null && next.day > daysInMonth(next.year, next.month)) next.day = null;
    onChange(next);
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
        <TextField
          select
          size="small"
          required
          label={t.monthLabel}
          value={value.month ?? ''}
          onChange={(e) => set({ month: Number(e.target.value) })}
        >
          {MONTHS.map((m) => (
            <MenuItem key={m} value={m}>
              {dayjs().month(m - 1).format('MMM')}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          required
          label={t.yearLabel}
          value={value.year ?? ''}
          onChange={(e) => set({ year: Number(e.target.value) })}
        >
          {years.map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t.dayLabel}
          value={value.day ?? ''}
          onChange={(e) => set({ day: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <MenuItem value="">{t.dayAny}</MenuItem>
          {Array.from({ length: days }, (_, i) => i + 1).map((d) => (
            <MenuItem key={d} value={d}>
              {d}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </Box>
  );
}

export interface ComparePopoverProps {
  /** The popover's id (the Compare button's aria-controls). */
  id: string;
  /** The Compare button while open; null: closed. */
  anchor: HTMLElement | null;
  onClose: () => void;
  onRun: (a: ComparePeriod, b: ComparePeriod) => void;
}

/**
 * The Compare popover (its own chunk, fetched when the organisation reaches for Compare): two
 * periods, run once both are valid. The periods typed stay while it is closed and opened again.
 */
export function ComparePopover({ id, anchor, onClose, onRun }: ComparePopoverProps) {
  const [a, setA] = useState<ComparePeriod>(EMPTY);
  const [b, setB] = useState<ComparePeriod>(EMPTY);
  const year = dayjs().year();
  const valid = isPeriodValid(a, year) && isPeriodValid(b, year);
  return (
    <>
      <Popover
        id={id}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t.compareTitle, sx: { p: 2, width: 360, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Box
          component="form"
          sx={{ display: 'grid', gap: 2 }}
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid) return;
            onClose();
            onRun(a, b);
          }}
        >
          <Typography variant="h3" component="h2">
            {t.compareTitle}
          </Typography>
          <PeriodFields legend={t.periodOne} value={a} onChange={setA} />
          <PeriodFields legend={t.periodTwo} value={b} onChange={setB} />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button onClick={onClose}>{t.close}</Button>
            <Button type="submit" variant="contained" disabled={!valid}>
              {t.run}
            </Button>
          </Box>
        </Box>
      </Popover>
    </>
  );
}

function periodLabel(p: ComparePeriod): string {
  const d = dayjs(new Date(p.year ?? 2018, (p.month ?? 1) - 1, p.day ?? 1));
  return p.day === null ? d.format('MMMM YYYY') : d.format('DD/MM/YYYY');
}

function signed(n: number | null, unit = ''): string {
  if (n === null) return '–';
  return `${n > 0 ? '+' : ''}${n}${unit}`;
}

/** One period's figures: the overall percent and the contractors per band. */
function PeriodFigures({ title, summary, testId }: { title: string; summary: PerformanceSummary | undefined; testId: string }) {
  return (
    <Box data-testid={testId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}>
      <Typography component="h3" variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {summary ? (
        <>
          <Typography variant="h3" component="p" data-testid={`${testId}-percent`}>
            {summary.percent === null ? t.noScore : `${summary.percent}%`}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t.contractorsScored(summary.contractors)}
          </Typography>
          <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 1 }}>
            {BANDS.map((band) => (
              <Box key={band} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2">
                  {BAND_LOOK[band].text}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
                  {summary.counts[band]}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      ) : (
        <Skeleton height={90} />
      )}
    </Box>
  );
}

/** Compare mode: the two periods side by side and the difference (period 2 − period 1). */
export function ComparePanel({
  companyId,
  location,
  periods,
}: {
  companyId: string;
  location: string | null;
  periods: [ComparePeriod, ComparePeriod];
}) {
  const [a, b] = periods;
  const input = (p: ComparePeriod) => ({
    ...periodRange({ year: p.year ?? 0, month: p.month ?? 1, day: p.day }),
    companyId,
    ...(location ? { location } : {}),
  });
  const first = usePerformance(input(a));
  const second = usePerformance(input(b));
  const sa = first.data ? summarisePerformance(first.data) : undefined;
  const sb = second.data ? summarisePerformance(second.data) : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}>
        <PeriodFigures title={`${t.periodOne}: ${periodLabel(a)}`} summary={sa} testId="compare-period-1" />
        <PeriodFigures title={`${t.periodTwo}: ${periodLabel(b)}`} summary={sb} testId="compare-period-2" />
      </Box>
      {sa && sb && (
        <Box data-testid="compare-difference" sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5 }}>
          <Typography component="h3" variant="subtitle2">
            {t.difference}
          </Typography>
          <Typography variant="body2">
            {t.overall}: <strong>{signed(difference(sa.percent, sb.percent), t.pointsUnit)}</strong>
            {BANDS.map((band) => (
              <span key={band}>
                {' · '}
                {BAND_LOOK[band].text}: <strong>{signed(sb.counts[band] - sa.counts[band])}</strong>
              </span>
            ))}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

import { useCallback, useMemo } from 'react';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { currentMonthRange } from './dates';

/** Calendar days as the API takes them. */
export const ISO_DAY = 'YYYY-MM-DD';

/** True for a real calendar day as YYYY-MM-DD (kept here so the shells do not load the schemas). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The observation pages' date range: days YYYY-MM-DD, as the user chose them. */
export interface ObservationRange {
  start: string;
  end: string;
}

/** True when the range ends before it starts: the page says so and reads no rows (issue 56). */
export function isRangeBackwards(range: ObservationRange): boolean {
  return range.end < range.start;
}

/** True on the pages that show the range pickers (spec: sapphire/observation, atgl/Contractor/observation). */
export function isObservationListPath(pathname: string): boolean {
  return /^\/(sapphire|atgl\/contractor)\/observation\/?$/i.test(pathname);
}

/**
 * The Start/End Date of the observation pages, kept in the URL (?start=&end=) so that the top
 * bar's pickers and the page read one value, a reload keeps it and a link carries it. The
 * default is the current month. A range that ends before it starts is kept as chosen (never
 * changed behind the user's back): `backwards` tells the page to say so instead of reading rows.
 */
export function useObservationRange(): ObservationRange & {
  backwards: boolean;
  setRange: (next: ObservationRange) => void;
} {
  const [params, setParams] = useSearchParams();
  const rawStart = params.get('start') ?? '';
  const rawEnd = params.get('end') ?? '';
  const range = useMemo(() => {
    const month = currentMonthRange();
    const start = isCalendarDay(rawStart) ? rawStart : month.start.format(ISO_DAY);
    const end = isCalendarDay(rawEnd) ? rawEnd : month.end.format(ISO_DAY);
    return { start, end };
  }, [rawStart, rawEnd]);
  const setRange = useCallback(
    (next: ObservationRange) => {
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          out.set('start', next.start);
          out.set('end', next.end);
          return out;
        },
        // Applied at once, not in a transition: a fast typist's next key (or the other picker)
        // must already see this range, or it would write the old start back into the URL.
        { replace: true, flushSync: true },
      );
    },
    [setParams],
  );
  return { ...range, backwards: isRangeBackwards(range), setRange };
}

/** Today as YYYY-MM-DD (the pickers' latest day is not limited; reports are never in the future). */
export function todayIso(): string {
  return dayjs().format(ISO_DAY);
}

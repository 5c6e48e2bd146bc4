import { COMPARE_FIRST_YEAR } from '../constants';
import { overallPercent, scoreBand, scorePercent, type ScoreBand } from '../scores/score.rules';

/** Days in a month (1–12) of a year: 28 to 31. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Compare years: 2018 to the current year (DECISIONS.md), oldest first. */
export function compareYears(currentYear: number): number[] {
  const years: number[] = [];
  for (let y = COMPARE_FIRST_YEAR; y <= currentYear; y += 1) years.push(y);
  return years;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A compare period: month and year required, the day optional (then the whole month). */
export interface ComparePeriod {
  year: number | null;
  month: number | null;
  day: number | null;
}

/**
 * True when the period can run: a year from 2018 to the current one, a month 1–12, and a day (when
 * given) within the month's length.
 */
export function isPeriodValid(p: ComparePeriod, currentYear: number): boolean {
  if (p.year === null || p.month === null) return false;
  if (p.year < COMPARE_FIRST_YEAR || p.year > currentYear || p.month < 1 || p.month > 12) return false;
  return p.day === null || (p.day >= 1 && p.day <= daysInMonth(p.year, p.month));
}

/** The days a period covers (both included), as getCapPerformanceData takes them. */
export function periodRange(p: { year: number; month: number; day: number | null }): { from: string; to: string } {
  const ym = `${p.year}-${pad(p.month)}`;
  if (p.day !== null) return { from: `${ym}-${pad(p.day)}`, to: `${ym}-${pad(p.day)}` };
  return { from: `${ym}-01`, to: `${ym}-${pad(daysInMonth(p.year, p.month))}` };
}

/** What a period's performance rows come to: the overall percent and the contractors per band. */
export interface PerformanceSummary {
  percent: number | null;
  scored: number;
  total: number;
  counts: Record<ScoreBand, number>;
  contractors: number;
}

/**
 * Sums performance rows (one per contractor and location): the overall percent over all of them,
 * and each contractor's band from its own sums (a contractor at two locations counts once).
 */
export function summarisePerformance(rows: readonly { contractorId: string; scored: number; total: number }[]): PerformanceSummary {
  const byContractor = new Map<string, { scored: number; total: number }>();
  let scored = 0;
  let total = 0;
  for (const r of rows) {
    scored += r.scored;
    total += r.total;
    const c = byContractor.get(r.contractorId) ?? { scored: 0, total: 0 };
    c.scored += r.scored;
    c.total += r.total;
    byContractor.set(r.contractorId, c);
  }
  const counts: Record<ScoreBand, number> = { GREEN: 0, ORANGE: 0, RED: 0 };
  let contractors = 0;
  for (const c of byContractor.values()) {
    const percent = scorePercent(c.scored, c.total);
    if (percent === null) continue;
    counts[scoreBand(percent)] += 1;
    contractors += 1;
  }
  return { percent: overallPercent([{ scored, total }]), scored, total, counts, contractors };
}

/** b − a, rounded to 2 decimals; null when either side has no figure. */
export function difference(a: number | null, b: number | null): number | null {
  if (a === null || b === null) return null;
  return Math.round((b - a) * 100) / 100;
}

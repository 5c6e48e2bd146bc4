import { GREEN_BAND_MIN, ORANGE_BAND_MIN } from '../constants';

export type ScoreBand = 'GREEN' | 'ORANGE' | 'RED';

/** Percent scored/total rounded to 2 decimals; null when there is nothing to score. */
export function scorePercent(scored: number, total: number): number | null {
  if (!(total > 0)) return null;
  return Math.round((scored / total) * 100 * 100) / 100;
}

/** ≥ 70 Green, ≥ 40 Orange, else Red. */
export function scoreBand(percent: number): ScoreBand {
  if (percent >= GREEN_BAND_MIN) return 'GREEN';
  if (percent >= ORANGE_BAND_MIN) return 'ORANGE';
  return 'RED';
}

/** The overall percent of a list of {scored, total} entries: sums, then the percent. */
export function overallPercent(entries: readonly { scored: number; total: number }[]): number | null {
  let scored = 0;
  let total = 0;
  for (const e of entries) {
    scored += e.scored;
    total += e.total;
  }
  return scorePercent(scored, total);
}

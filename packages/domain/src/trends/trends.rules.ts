import { dayText } from '../messages-core';
import { scoreBand, scorePercent, type ScoreBand } from '../scores/score.rules';
import { trendsMessages } from './trends.messages';

/** At most this many points a trend shows: the newest rounds (a monthly round for 5 years). */
export const TREND_POINTS_MAX = 60;
/** At most this many open items of each kind a reply lists (the reply gives the totals). */
export const OPEN_ITEMS_MAX = 50;

/**
 * The label of a trend point: the round's label ("Q3 2027") when its assessment recurs, else its
 * assessment's name and the day it was completed ("Site Safety Check · 14/03/2027").
 */
export function trendPointLabel(roundLabel: string | null, assessmentName: string, completedOn: string): string {
  return roundLabel ?? trendsMessages.pointLabel(assessmentName, dayText(completedOn));
}

/** A {scored, total} pair with its percent and band (null when there is nothing to score). */
export function scoredOf(scored: number, total: number): { scored: number; total: number; percent: number | null; band: ScoreBand | null } {
  const percent = scorePercent(scored, total);
  return { scored, total, percent, band: percent === null ? null : scoreBand(percent) };
}

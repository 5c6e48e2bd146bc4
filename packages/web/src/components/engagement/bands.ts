import { scoresMessages } from '@palisade/domain/messages/scores';
import type { ScoreBand } from '@palisade/domain/scores/score.rules';
import type { PaletteTone } from '../tinted-chip';

/** Red, Orange, Green: the order of the Engagement cards (spec §2.3). */
export const BANDS: readonly ScoreBand[] = ['RED', 'ORANGE', 'GREEN'];

/** Each band's text and theme colour. */
export const BAND_LOOK: Record<ScoreBand, { text: string; tone: PaletteTone; param: string }> = {
  RED: { text: scoresMessages.red, tone: 'error', param: 'red' },
  ORANGE: { text: scoresMessages.orange, tone: 'warning', param: 'orange' },
  GREEN: { text: scoresMessages.green, tone: 'success', param: 'green' },
};

/** The band of a ?band= value, or null. */
export function bandOfParam(value: string | null): ScoreBand | null {
  return BANDS.find((b) => BAND_LOOK[b].param === value?.toLowerCase()) ?? null;
}

/** The Engagement page of a shell, filtered to a band when given. */
export function engagementPath(prefix: string, band?: ScoreBand): string {
  return band ? `${prefix}/engagement?band=${BAND_LOOK[band].param}` : `${prefix}/engagement`;
}

import { scoresMessages } from '@palisade/domain/messages/scores';
import type { ScoreBand } from '@palisade/domain/scores/score.rules';
import type { PaletteTone } from '../tinted-chip';

/** Red, Orange, Green: the order of the Engagement cards (spec §2.3). */
export const BANDS: readonly ScoreBand[] = ['RED', 'ORANGE', 'GREEN'];

/** Each band's text (read when shown: the screens' language, issue 60) and theme colour. */
export const BAND_LOOK: Record<
  ScoreBand,
  { readonly text: string; tone: PaletteTone; param: string }
> = {
  RED: {
    get text() {
      return scoresMessages.red;
    },
    tone: 'error',
    param: 'red',
  },
  ORANGE: {
    get text() {
      return scoresMessages.orange;
    },
    tone: 'warning',
    param: 'orange',
  },
  GREEN: {
    get text() {
      return scoresMessages.green;
    },
    tone: 'success',
    param: 'green',
  },
};

/** The band of a ?band= value, or null. */
export function bandOfParam(value: string | null): ScoreBand | null {
  return BANDS.find((b) => BAND_LOOK[b].param === value?.toLowerCase()) ?? null;
}

/** The Engagement page of a shell, filtered to a band when given. */
export function engagementPath(prefix: string, band?: ScoreBand): string {
  return band ? `${prefix}/engagement?band=${BAND_LOOK[band].param}` : `${prefix}/engagement`;
}

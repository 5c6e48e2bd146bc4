import { localised } from '../i18n/catalogue';
/** The catalogue's `scores` texts (messages.ts holds them as `messages.scores`). */
export const scoresMessages = localised('scoresMessages', {
  green: 'Green Score',
  orange: 'Orange Score',
  red: 'Red Score',
} as const);

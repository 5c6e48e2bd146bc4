/** The catalogue's `scores` texts (messages.ts holds them as `messages.scores`). */
export const scoresMessages = {
  green: 'Green Score',
  orange: 'Orange Score',
  red: 'Red Score',
} as const;

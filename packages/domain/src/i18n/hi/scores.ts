import type { Translation } from '../catalogue';
import type { scoresMessages } from '../../messages/scores';

export const hiScoresMessages: Translation<typeof scoresMessages> = {
  green: 'हरा स्कोर',
  orange: 'नारंगी स्कोर',
  red: 'लाल स्कोर',
};

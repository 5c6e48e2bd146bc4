import type { Translation } from '../catalogue';
import type { loadErrorMessages } from '../../messages/load-errors';

export const hiLoadErrorMessages: Translation<typeof loadErrorMessages> = {
  errorFetchingAssessments: 'मूल्यांकन लाने में त्रुटि!',
  errorFetchingScores: 'स्कोर लाने में त्रुटि!',
  failedEsgo: 'ESGO डेटा लाने में विफल',
};

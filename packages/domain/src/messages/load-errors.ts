import { localised } from '../i18n/catalogue';
/**
 * The texts of the homes' lists and figures that failed to load (spec: 'Error in fetching
 * assessments!', …): their own module, so a home's first load does not carry the assessment
 * screens' other texts (issue 13). The catalogue's `assessment` part includes them (assessment.ts).
 */
export const loadErrorMessages = localised('loadErrorMessages', {
  errorFetchingAssessments: 'Error in fetching assessments!',
  errorFetchingScores: 'Error in fetching scores!',
  failedEsgo: 'Failed to fetch ESGO data',
} as const);

import { localised } from '../i18n/catalogue';
/**
 * The names of a response's statuses and of the E/S/G/O factors, which the homes' cards show
 * (status chips, the Overall Assessments and E-S-G-O doughnuts): their own module, so a home's
 * first load does not carry the response screens' other texts (issue 13). The response screens'
 * part of the catalogue includes them (response-screens.ts).
 */
export const responseNameMessages = localised('responseNameMessages', {
  statusNames: {
    ALL: 'All',
    NEW: 'New',
    PENDING: 'Pending',
    SUBMITTED: 'Submitted',
    REASSESSMENT: 'Reassessment',
    COMPLETED: 'Completed',
  },
  factors: {
    environment: 'Environment',
    social: 'Social',
    governance: 'Governance',
    others: 'Others',
  },
} as const);

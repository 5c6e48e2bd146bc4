import { localised } from '../i18n/catalogue';
/** The catalogue's `roles` texts (messages.ts holds them as `messages.roles`). */
export const rolesMessages = localised('rolesMessages', {
  1: 'Operator',
  2: 'Organisation',
  3: 'Contractor',
  4: 'Auditor',
  5: 'Employee',
} as const);

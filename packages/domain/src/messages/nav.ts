import { localised } from '../i18n/catalogue';
/** The catalogue's `nav` texts (messages.ts holds them as `messages.nav`). */
export const navMessages = localised('navMessages', {
  home: 'Home',
  assessment: 'Assessment',
  observation: 'Observation',
  learning: 'Learning',
  users: 'Users',
  feedback: 'Feedback',
  profile: 'Profile',
  dashboard: 'Dashboard',
  engagement: 'Engagement',
  activity: 'Activity',
  toggleMenu: 'Toggle menu',
  switchOrganisation: 'Organisation',
} as const);

import { ssoSignInMessages } from './sso-sign-in.messages';
import { localised } from '../i18n/catalogue';

/**
 * Single sign-on (OpenID Connect) per organisation (issue 59): the Settings card's texts, the
 * sign-in page's single sign-on step (sso-sign-in.messages.ts) and every refusal of the flow.
 */
export const ssoMessages = localised('ssoMessages', {
  ...ssoSignInMessages,

  // ------------------------------------------------------------ Settings (organisation admin)
  cardTitle: 'Single sign-on',
  cardIntro:
    'Let your staff sign in with your own identity provider (OpenID Connect). Register the redirect address below with the provider, then enter what it gives you.',
  redirectUriLabel: 'Redirect address to register with the provider',
  issuer: 'Issuer URL',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  secretStored: 'Stored (leave empty to keep it)',
  stored: 'Stored',
  replaceSecret: 'Replace secret',
  domains: 'E-mail domains',
  domainsHelp: 'The e-mail domains your provider signs in, separated by commas (example.com, example.co.uk).',
  requireSso: 'Require single sign-on for these domains (their passwords are refused)',
  testSignIn: 'Test sign-in',
  save: 'Save',
  remove: 'Remove single sign-on',
  removeConfirm: 'Remove single sign-on? Everyone of these domains signs in with a password again.',
  cancel: 'Cancel',
  saved: 'Single sign-on saved',
  removed: 'Single sign-on removed',
  notConfigured: 'Single sign-on is not set up.',
  configured: 'Single sign-on is on.',
  testPassed: 'The provider and the client were accepted. Save to turn single sign-on on.',
  testFailed: 'The test did not pass: see the checks below.',
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- widens the literal keys: `localised` infers its argument as it is
  checks: {
    discovery: 'The provider’s discovery document',
    pkce: 'Authorization code flow with PKCE (S256)',
    client: 'The client ID and secret',
    redirect: 'The redirect address is registered',
  } as Record<string, string>,

  // ------------------------------------------------------------ validation and refusals
  issuerRequired: 'Issuer URL is required',
  issuerInvalid: 'Issuer URL must be an https:// address (http:// only for localhost)',
  clientIdRequired: 'Client ID is required',
  clientSecretRequired: 'Client secret is required',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  domainsRequired: 'Enter at least one e-mail domain',
  domainInvalid: (domain: string) => `"${domain}" is not an e-mail domain`,
  tooManyDomains: (max: number) => `At most ${max} e-mail domains`,
  domainTaken: (domain: string) => `The domain ${domain} already uses another organisation’s single sign-on`,
  notSetUp: 'Single sign-on is not set up for this organisation',
} as const);

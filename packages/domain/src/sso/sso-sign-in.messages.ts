import { localised } from '../i18n/catalogue';
/**
 * The sign-in page's texts of single sign-on (issue 59): kept apart from the Settings card's, as
 * the sign-in page is the first screen of every visit and loads only these.
 */
export const ssoSignInMessages = localised('ssoSignInMessages', {
  continueWithSso: 'Continue with single sign-on',
  ssoRequiredHint: 'Your organisation signs you in through its own sign-in page.',
  ssoOptionalHint: 'Your organisation offers single sign-on; you may also use your password.',
  redirecting: 'Taking you to your organisation’s sign-in page…',
  /** The page after the provider sent the user back with a refusal (?sso_error=<code>). */
  failures: {
    state: 'The single sign-on attempt expired or was not started in this browser. Please try again.',
    provider: 'Your organisation’s sign-in page did not sign you in. Please try again.',
    exchange: 'Your organisation’s sign-in could not be confirmed. Please try again.',
    nonce: 'Your organisation’s sign-in could not be confirmed. Please try again.',
    unverified: 'Your organisation’s sign-in page has not verified your e-mail address, so it cannot sign you in here.',
    noEmail: 'Your organisation’s sign-in page did not tell us your e-mail address, so it cannot sign you in here.',
    domain: 'This e-mail address is not one that your organisation’s sign-in page may sign in.',
    unknown: 'There is no Palisade account for this e-mail address. Ask your organisation to invite you.',
    disabled: 'Your account is disabled.',
    unavailable: 'Your organisation’s sign-in page cannot be reached. Please try again later.',
  },
  /** A password sign-in of a user whose organisation requires single sign-on. */
  passwordRefused: 'Your organisation requires single sign-on: use "Continue with single sign-on" instead of a password.',
  providerUnreachable: 'Your organisation’s sign-in page cannot be reached. Please try again later.',

} as const);

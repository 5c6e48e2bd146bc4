import { localised } from '../i18n/catalogue';
/**
 * The catalogue's `twoFactor` texts (issue 59): two-factor codes (TOTP) at sign-in, on the Account
 * page, in the organisation's Settings and on the users screens, and one's own signed-in sessions.
 * The web imports them from here, so the sign-in page's first load carries only what it needs.
 */
export const twoFactorMessages = localised('twoFactorMessages', {
  // ------------------------------------------------------------------ calls: validation, errors
  codeRequired: 'Code is required',
  codeInvalidFormat: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  totpCodeInvalidFormat: 'Enter the 6-digit code from your authenticator app',
  codeWrong: 'The code is not valid. Check your authenticator app and try again',
  codeUsed: 'This code has already been used. Wait for the next code and try again',
  challengeRequired: 'The sign-in step is missing: sign in again',
  challengeExpired: 'This sign-in has expired: sign in again with your password',
  alreadyOn: 'Two-factor authentication is already on',
  notStarted: 'Start the set-up again: no code is being set up',
  notOn: 'Two-factor authentication is not on',
  requiredByOrganisation:
    'Your organisation requires two-factor authentication: it cannot be turned off',
  userIdRequired: 'userId is required',
  userNotFound: 'User not found',
  sessionIdRequired: 'sessionId is required',
  sessionNotFound: 'This session has already ended',
  thisSession: 'Use Log out to end this session',
  versionRequired: 'version is required',
  requireTwoFactorRequired: 'requireTwoFactor must be true or false',
  // ------------------------------------------------------------------ replies
  codeNeeded: 'Enter the code from your authenticator app',
  enrolNeeded: 'Your organisation requires two-factor authentication: set it up to continue',
  turnedOn: 'Two-factor authentication is on',
  turnedOff: 'Two-factor authentication is off',
  resetDone: (name: string) => `Two-factor authentication of ${name} has been reset`,
  sessionEnded: 'The session has been signed out',
  settingsSaved: 'Security settings saved',
  // ------------------------------------------------------------------ mail
  resetMailSubject: 'Your two-factor authentication has been reset',
  resetMailText: (name: string, by: string, organisation: string, link: string) =>
    `Hello ${name},\n\n${by} of ${organisation} has reset the two-factor authentication of your Palisade account. Your authenticator app's codes and your recovery codes no longer work.\n\nYou can set it up again from your Account page: ${link}\n\nIf you did not ask for this, tell your organisation's administrator.`,
  // ------------------------------------------------------------------ sign-in page
  stepTitle: 'Two-factor authentication',
  stepSubtitle: 'Enter the 6-digit code from your authenticator app.',
  recoverySubtitle: 'Enter one of your recovery codes. Each works once.',
  codeLabel: 'Code',
  recoveryCodeLabel: 'Recovery code',
  verify: 'Verify',
  useRecoveryCode: 'Use a recovery code instead',
  useAppCode: 'Use a code from the app instead',
  backToSignIn: 'Back to sign in',
  enrolTitle: 'Set up two-factor authentication',
  enrolSubtitle: 'Your organisation requires a code from an authenticator app at sign-in.',
  continue: 'Continue',
  // ------------------------------------------------------------------ enrolment (sign-in and Account page)
  scanQr:
    'Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).',
  qrAlt: 'QR code of your two-factor secret',
  orEnterSecret: 'Or enter this key by hand:',
  secretLabel: 'Secret key',
  confirmCodeHelp: 'Then enter the 6-digit code the app shows to finish.',
  turnOn: 'Turn on',
  recoveryCodesTitle: 'Your recovery codes',
  recoveryCodesHelp:
    'Keep these codes somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown only now.',
  recoveryCodesListLabel: 'Recovery codes',
  copyCodes: 'Copy codes',
  codesCopied: 'Recovery codes copied',
  savedCodes: 'I have saved these codes',
  // ------------------------------------------------------------------ Account page card
  cardTitle: 'Two-factor authentication',
  cardOff: 'Add a code from an authenticator app to your password when you sign in.',
  cardOn: (left: number) => `On. ${left} of 10 recovery codes left.`,
  cardRequired: 'Your organisation requires it.',
  setUp: 'Set up',
  cancel: 'Cancel',
  turnOff: 'Turn off',
  turnOffTitle: 'Turn off two-factor authentication',
  turnOffHelp:
    'Enter a current code from your authenticator app (or a recovery code) to turn it off.',
  // ------------------------------------------------------------------ organisation settings
  settingsTitle: 'Sign-in security',
  requireSwitch: 'Require two-factor authentication for administrators and auditors',
  requireHelp: 'Those without it are asked to set it up at their next sign-in.',
  // ------------------------------------------------------------------ users screens
  resetButton: 'Reset 2FA',
  resetTitle: 'Reset two-factor authentication',
  resetConfirm: (name: string) =>
    `Reset the two-factor authentication of ${name}? Their authenticator app and recovery codes stop working, and they are told by mail.`,
  reset: 'Reset',
  // ------------------------------------------------------------------ sessions card
  sessionsTitle: 'Signed-in sessions',
  sessionsHelp: 'The devices where your account is signed in.',
  thisDevice: 'This device',
  unknownDevice: 'Unknown device',
  deviceColumn: 'Device',
  addressColumn: 'Address',
  startedColumn: 'Started',
  lastSeenColumn: 'Last seen',
  signOut: 'Sign out',
  signOutSession: (device: string) => `Sign out ${device}`,
  noOtherSessions: 'No other sessions.',
} as const);

import { localised } from './i18n/catalogue';
/**
 * The part of the catalogue every screen needs (common texts, HTTP errors, sign-in and page
 * names), the sign-in page's included. `messages` (messages.ts) includes it; the web client's
 * modules import it from here, and each other part of the catalogue from its own module.
 */
export const coreMessages = localised('coreMessages', {
  common: {
    errorTitle: 'Error',
    successTitle: 'Success',
    ok: 'Ok',
    unknownError: 'Unknown Error',
    /** A server failure's text with the request id the server logged it under, for the user to quote. */
    withReference: (message: string, requestId: string) => `${message} (reference: ${requestId})`,
    technicalProblem: 'Technical problem. Please try again later',
    noDataAvailable: 'No Data Available',
    noDataAvailableChart: 'No data available',
    viewAll: 'View all',
    viewLess: 'View Less',
    loading: 'Loading…',
    notFoundTitle: 'The page you are looking for isn’t here',
    notFoundBody:
      'You either tried some shady route or you came here by mistake. Whichever it is, try using the navigation.',
    backHome: 'Back to home',
    /** The sign-in page's choice of language (issue 60). */
    language: 'Language',
  },
  http: {
    badRequest: 'Bad request',
    unauthenticated: 'Please sign in to continue',
    forbidden: 'You are not allowed to do this',
    notFound: 'Not found',
    conflict: 'Conflict',
    /** A create's client-made id that another user's create already took. */
    idTaken: 'This id is already used by another record: reload the page and try again',
    /** An edit based on an older version of a shared object (DECISIONS.md: versions). */
    changedBySomeoneElse: 'This was changed by someone else since you opened it. The latest version has been loaded',
    tooManyRequests: 'Too many requests. Please wait a moment and try again',
    payloadTooLarge: 'Sorry, Max file size allowed is 10MB',
    bodyTooLarge: 'The request is too large: at most 1 MB of data may be sent at once',
    tooManyFiles: 'The form holds more files than it takes: send fewer files at once',
    tooManyFields: 'The form holds more fields than it takes',
    unsupportedMediaType: 'File type not supported',
    internal: 'Something went wrong on our side. Please try again later',
    csrf: 'The request was refused: missing request header',
    uriTooLong: 'The address is too long',
    rangeNotSatisfiable: 'The requested part of the file is past its end',
    headersTooLarge: 'The request headers are too large',
    requestTimeout: 'The request took too long to arrive',
    unsafeText: (field: string) => `${field || 'The request'} holds a character that is not allowed (NUL or a broken character)`,
    tooDeep: 'The request nests too deep',
    malformedUpload: 'The upload form is malformed or was cut short. Please try again',
    busy: 'The portal is busy right now. Please try again in a few seconds',
    insufficientStorage: 'There is not enough storage space left for this file',
    ready: 'Ready',
    notReady: (parts: readonly string[]) => `Not ready: ${parts.join(', ')}`,
    metricsToken: 'A valid metrics token is required',
  },
  auth: {
    emailInvalid: 'Must be a valid email',
    emailRequired: 'Email is required',
    emailTooLong: 'Email must be at most 255 characters',
    passwordRequired: 'Password is required',
    passwordTooLong: 'Password must be at most 255 characters',
    wrongPassword: "Wrong password. Please try again or click 'Forgot password' to reset it.",
    unknownUser: 'No account found with this email address.',
    accountDisabled: 'Your account has been disabled. Please contact your organisation.',
    noPasswordYet:
      'Your account has no password yet. Use the link in your invitation email, or click Forgot password.',
    emailNotFound: 'Email not found',
    resetLinkSent: 'Please check your email for password reset link',
    resetLinkInvalid: 'The link is malformed, expired, or has already been used',
    passwordRule:
      'Password length must be 6 and contain 1 Uppercase, 1 Lowercase, 1 Special Character, 1 Number',
    newPasswordRequired: 'New Password is required',
    confirmPasswordRequired: 'Confirm Password is required',
    passwordsMustMatch: 'Password should match with New Password!',
    currentPasswordRequired: 'Current Password is required',
    currentPasswordWrong: 'Current password is wrong',
    passwordChanged: 'Your Password has been Changed Successfully',
    loggedOut: 'Logged Out Successfully',
    ownAccountOnly: 'You can change the password of your own account only',
    signInWait: (seconds: number) =>
      `Too many failed sign-ins for this account. Wait ${seconds} second${seconds === 1 ? '' : 's'} before trying again.`,
    accountLocked: (minutes: number) =>
      `This account is locked after too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or click 'Forgot password' to reset it.`,
    signOutOtherSessions: 'Sign out of all other devices',
    otherSessionsSignedOut: (count: number) =>
      count === 0 ? 'No other device was signed in' : `Signed out of ${count} other device${count === 1 ? '' : 's'}`,
    /** On the sign-in page after a session ended by itself (expiry, signed out elsewhere). */
    sessionEnded: 'Your session ended. Please sign in again.',
    /** The same, when answers typed before it ended are kept in this browser (issue 56). */
    sessionEndedAnswersKept:
      'Your session ended. Your unsaved answers are kept in this browser and will be saved when you sign in again.',
    signIn: 'Sign in',
    signInTitle: 'Sign in',
    signInSubtitle: 'Sign in to the supplier safety and compliance portal',
    rememberMe: 'Remember me',
    forgotPasswordLink: 'Forgot password?',
    forgotPasswordTitle: 'Forgot password',
    forgotPasswordSubtitle: 'Enter the email of your account and we will send you a reset link',
    sendEmail: 'Send Email',
    signInLink: 'Sign In',
    resetPasswordTitle: 'Reset password',
    newPassword: 'New Password',
    confirmPassword: 'Confirm Password',
    currentPassword: 'Current Password',
    changePassword: 'Change Password',
    emailAddress: 'Email Address',
    password: 'Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    logOut: 'Log out',
    resetMailSubject: 'Reset your Palisade password',
    resetMailText: (name: string, email: string, link: string) =>
      `Hello ${name},\n\nFollow this link to choose a new password for your Palisade account (${email}). It works once and expires in one hour.\n\n${link}\n\nIf you did not ask for it, ignore this mail.`,
    inviteMailSubject: 'You are invited to Palisade',
  },
  pages: {
    home: 'Home',
    login: 'Login',
    forgotPassword: 'Forgot Password',
    resetPassword: 'Reset Password',
    notFound: '404',
    comingWithLaterWork: 'Nothing to show here yet.',
  },
} as const);

/** Page title in the spec's form: "{page} | Palisade". */
export function pageTitle(page: string): string {
  return `${page} | Palisade`;
}

/** A calendar day (YYYY-MM-DD) as the portal shows dates: DD/MM/YYYY (spec §9). */
export function dayText(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return y && m && d ? `${d}/${m}/${y}` : isoDay;
}

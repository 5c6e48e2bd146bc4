/** The catalogue's `profile` texts (messages.ts holds them as `messages.profile`). */
import { TEXT_MAX_LENGTH } from '../constants';
import { localised } from '../i18n/catalogue';
export const profileMessages = localised('profileMessages', {
  title: 'Profile',
  accountTitle: 'Account',
  devicesTitle: 'Signed-in devices',
  devicesHint:
    'Signed in somewhere you no longer use, or on a shared computer? End every other session; this one stays signed in.',
  settingsTitle: 'Settings',
  name: 'Name',
  email: 'Email',
  phone: 'Phone Number',
  location: 'Location',
  code: 'Code',
  organisation: 'Organisation',
  userType: 'Role',
  uploadPicture: 'Upload picture',
  save: 'Save details',
  saved: 'Profile updated successfully',
  imageUpdated: 'Profile image updated successfully',
  nameRequired: 'Name is required',
  nameMin: 'Name must be at least 3 characters',
  nameTooLong: `Name must be at most ${TEXT_MAX_LENGTH} characters`,
  phoneInvalid: 'Phone no is invalid',
  locationTooLong: 'Location must be at most 255 characters',
  imageTypeNotSupported: 'File type not supported',
  emailNotifications: 'E-mail notifications',
  emailNotificationsHelp: 'Send me an e-mail when an assessment or a notice needs my attention',
  preferencesSaved: 'Preferences saved',
  languageTitle: 'Language',
  languageHelp: 'The language of your screens, messages and e-mails',
} as const);

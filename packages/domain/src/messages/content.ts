import { localised } from '../i18n/catalogue';
/** The catalogue's `content` texts (messages.ts holds them as `messages.content`). */
export const contentMessages = localised('contentMessages', {
  noticeCreated: 'Notice created successfully!',
  learningUploaded: 'Learning uploaded Successfully',
  documentCreated: 'Document created successfully!',
  allMandatory: 'All fields are mandatory',
} as const);

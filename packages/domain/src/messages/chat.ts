import { localised } from '../i18n/catalogue';
/** The catalogue's `chat` texts (messages.ts holds them as `messages.chat`). */
export const chatMessages = localised('chatMessages', {
  notFound: 'Chat not found',
  questionNotFound: 'Question not found in this response',
  empty: 'Type a message or attach a file',
  multipart: 'Send the message as multipart/form-data',
  oneFile: 'A message may carry one file',
  tooLong: 'A message may have at most 2000 characters',
  messageText: 'message must be text',
  limit: 'limit must be a whole number from 1 to 100',
  beforeNotFound: 'before: message not found in this chat',
  sinceInvalid: 'since must be an ISO date',
  badFrame: 'The message could not be read',
  notSubscribable: 'You may not follow this response',
  accessEnded: 'You no longer have access to this response',
  tooManySubscriptions: 'Too many responses followed on one connection',
  unauthenticated: 'Sign in to chat',
  crossSite: 'Cross-site connection refused',
  sent: 'Message sent',
  read: 'Marked as read',
} as const);

import { localised } from '../i18n/catalogue';
/** The catalogue's `files` texts (messages.ts holds them as `messages.files`). */
export const filesMessages = localised('filesMessages', {
  unsupported: 'Files with unsupported type found',
  wrongDocumentType: 'Please select Image, PDF and Excel files only!',
  tooLarge: 'Sorry, Max file size allowed is 10MB',
  required: 'File is required',
  typeNotSupported: 'File type not supported',
  mismatch: 'The file content does not match its extension',
  /** A file of no bytes (issue 56): named, as a form may hold several. */
  empty: (name: string) => `The file ${name} is empty: choose a file with content`,
  selectDocumentType: 'Please select document type!',
  invalidUrl: 'Invalid Url',
  linkNotValid: 'Link is not valid',
  confirmDelete: (name: string) => `Are you sure you want to delete the file ${name}?`,
  noFiles: 'No files available',
  storageFull: (quota: string) =>
    `Your organisation's file storage is full (its limit is ${quota}): this file was not stored. Delete files it no longer needs, or ask the portal's operator for more space.`,
  tooManyUnattached: (max: number) =>
    `You have ${max} uploaded files that are not attached to an answer yet. Attach them to a question, or delete those you do not need, before uploading more (unattached files are deleted after 24 hours).`,
  // Uploads in progress, and leaving while one runs (issue 56)
  /** A size as the progress shows it: bytes, KB or MB (1024-based, one decimal from KB up). */
  size: (bytes: number) =>
    bytes < 1024
      ? `${bytes} B`
      : bytes < 1024 * 1024
        ? `${(bytes / 1024).toFixed(1)} KB`
        : `${(bytes / (1024 * 1024)).toFixed(1)} MB`,
  uploading: (name: string) => `Uploading ${name}`,
  uploadProgressOf: (name: string) => `Upload of ${name}`,
  uploadedOf: (sent: string, total: string, percent: number) => `${sent} of ${total} (${percent}%)`,
  uploadLeaveTitle: 'Leave this page?',
  uploadLeaveMessage: 'An upload is still running. Leave and lose it?',
  uploadLeave: 'Leave',
  uploadStay: 'Stay',
} as const);

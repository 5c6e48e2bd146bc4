/** The catalogue's `files` texts (messages.ts holds them as `messages.files`). */
export const filesMessages = {
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
} as const;

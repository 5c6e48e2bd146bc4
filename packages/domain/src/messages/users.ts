import { localised } from '../i18n/catalogue';
/** The catalogue's `users` texts (messages.ts holds them as `messages.users`). */
export const usersMessages = localised('usersMessages', {
  emailExists: 'Email already exists',
  nameExists: 'Name already exists',
  nameNoExists: 'Name no already exists',
  phoneExists: 'Phone no already exists',
  codeExists: 'Code no already exists',
  emailNoExists: 'Email no already exists',
  nameInvalid: 'Name is invalid',
  codeInvalid: 'Code is invalid',
  locationRequired: 'Location is required',
  locationInvalid: 'Location is invalid',
  validEmail: 'Please enter valid email',
  bulkFormat:
    'File is not in proper format. Please download sample file from above link and try again.',
  notCsv: (name: string) =>
    `${name} is not a CSV file. Save the sheet as CSV (comma or semicolon separated) and choose the .csv file.`,
  failedStatus: 'Failed to change account status',
  companiesAdded: 'Companies Added Successfully',
  auditorAdded: 'Auditor Added Successfully',
  auditorEdited: 'Auditor Edited Successfully',
  auditorDeleted: 'Auditor Deleted Successfully',
  companyAdded: 'Company Added Successfully',
  companyEdited: 'Company Edited Successfully',
  companyDeleted: 'Company Deleted Successfully',
  auditorToggled: (enabled: boolean) =>
    enabled ? 'Auditor Enabled Successfully' : 'Auditor Disabled Successfully',
  companyToggled: (enabled: boolean) =>
    enabled ? 'Company Enabled Successfully' : 'Company Disabled Successfully',
  confirmDelete: (name: string) => `Are you sure,You want to delete ${name}?`,
  confirmToggle: (enable: boolean) =>
    enable ? 'You want to enable this user' : 'You want to disable this user',
  /** The switch of an account that also serves another organisation (DECISIONS.md): this organisation only. */
  confirmToggleShared: (enable: boolean) =>
    enable
      ? 'You want to enable this user for your organisation only. The other organisations it serves are not changed.'
      : 'You want to disable this user for your organisation only. It stays active for the other organisations it serves.',
  nameRequired: 'Name is required',
  nameMin: 'Name must be at least 3 characters',
  emailRequired: 'Email is required',
  contactPersonRequired: 'Contact person is required',
  contactPersonInvalid: 'Contact person is invalid',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  nothingToUpdate: 'Nothing to update',
  /** An auditor or contractor that also serves another organisation is the operator's to change. */
  sharedAccount: 'This account also serves another organisation. Ask the operator to change it.',
  bulkEmpty: 'The file has no company rows',
  bulkTooMany: (max: number) => `A file may hold at most ${max} companies`,
  bulkDuplicateOf: (row: number) => `Duplicate of row ${row}`,
  noCompaniesAdded: 'No company was added',
  /** The contractor search (issue 63: the pickers, the companies table, the Share dialog). */
  searchTooLong: (max: number) => `search must be at most ${max} characters`,
  searchLocationTooLong: (max: number) => `location must be at most ${max} characters`,
  searchStatusInvalid: "status must be 'active' or 'inactive'",
  searchFieldsInvalid: "fields must be 'full' or 'picker'",
  searchIdsList: 'ids must be a list of contractor ids',
  searchIdsTooMany: (max: number) => `ids may name at most ${max} contractors`,
  inviteMailText: (who: string, organisation: string, account: string, link: string) =>
    `Hello ${who},\n\n${organisation} has invited ${account} to Palisade, its supplier safety and compliance portal.\n\nFollow this link to choose your password. It works once and expires in 7 days.\n\n${link}\n\nIf the link has expired, use "Forgot password?" on the sign-in page.`,
} as const);

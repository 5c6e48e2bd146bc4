import { localised } from '../i18n/catalogue';
/**
 * The texts of a contractor's Employees tab and calls (DECISIONS.md, Employee; the spec names no
 * employee screen). Part of the one catalogue: messages.ts holds them as `messages.employees`.
 */
export const employeeMessages = localised('employeeMessages', {
  // Account page tabs
  tabsLabel: 'Account sections',
  profileTab: 'Profile',
  employeesTab: 'Employees',
  // Table
  tableLabel: 'Employees',
  search: 'Search',
  srNo: 'Sr.No.',
  name: 'Name',
  email: 'E-mail',
  mobile: 'Mobile',
  code: 'Employee Code',
  status: 'Status',
  actions: 'Actions',
  active: 'Active',
  invited: 'Invited',
  disabled: 'Disabled',
  empty: 'No employees yet',
  editLabel: (name: string) => `Edit ${name}`,
  enableLabel: (name: string) => `Enable ${name}`,
  disableLabel: (name: string) => `Disable ${name}`,
  // Buttons and dialogs
  addEmployee: 'Add Employee',
  editEmployee: 'Edit Employee',
  addBulk: 'Add Bulk Employees',
  add: 'Add',
  save: 'Save',
  cancel: 'Cancel',
  yes: 'Yes',
  confirmTitle: 'Are you sure?',
  optional: (label: string) => `${label} (optional)`,
  addHelp: 'The employee receives an e-mail with a link to choose a password for the field app.',
  // Results
  added: 'Employee Added Successfully',
  edited: 'Employee Edited Successfully',
  toggled: (enabled: boolean) =>
    enabled ? 'Employee Enabled Successfully' : 'Employee Disabled Successfully',
  employeesAdded: 'Employees Added Successfully',
  noEmployeesAdded: 'No employee was added',
  // Rules
  codeExists: 'Employee code already exists',
  codeInvalid: 'Employee code is invalid',
  mobileInvalid: 'Phone no is invalid',
  searchTooLong: (max: number) => `Search must be at most ${max} characters`,
  pageInvalid: 'page must be a whole number from 1',
  pageSizeInvalid: (sizes: readonly number[]) => `pageSize must be one of ${sizes.join(', ')}`,
  disableInvalid: 'disable must be true or false',
  noOrganisation: 'Choose an organisation first',
  // Bulk file
  bulkTitle: 'Add Bulk Employees',
  bulkHelp:
    'Upload a CSV file with the columns Name, Email, Mobile, Employee Code, in this order. Mobile and Employee Code may be left empty.',
  bulkSampleName: 'Sample_Employees.csv',
  bulkUploading: 'Uploading employees…',
  bulkReady: (count: number) =>
    `${count} ${count === 1 ? 'employee' : 'employees'} ready to upload`,
  bulkCreated: (count: number) => `${count} ${count === 1 ? 'employee' : 'employees'} added`,
  bulkEmpty: 'The file has no employee rows',
  bulkTooMany: (max: number) => `A file may hold at most ${max} employees`,
  // Invitation
  inviteMailText: (name: string, contractor: string, organisation: string, link: string) =>
    `Hello ${name},\n\n${contractor} has added you as one of its employees on Palisade, the supplier safety and compliance portal of ${organisation}.\n\nFollow this link to choose your password for the field app. It works once and expires in 7 days.\n\n${link}\n\nIf the link has expired, use "Forgot password?" on the sign-in page.`,
} as const);

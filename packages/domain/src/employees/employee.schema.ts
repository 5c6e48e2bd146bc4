import { z } from 'zod';
import { CODE_MAX_LENGTH, PHONE_DIGITS } from '../constants';
import { employeeMessages } from '../employees/employee.messages';
import { filesMessages } from '../messages/files';
import { userScreensMessages } from '../messages/user-screens';
import { usersMessages } from '../messages/users';
import { accountEmailField, accountNameField, bulkInvalidRowReplySchema, CODE_PATTERN } from '../users/accounts.schema';
import { idField } from '../users/users.schema';
import {
  BULK_EMPLOYEES_MAX_CSV_BYTES,
  EMPLOYEE_SEARCH_MAX_LENGTH,
  EMPLOYEE_TABLE_PAGE_SIZES,
} from './employee.constants';
import { pageField, pageSizeField } from '../paging';

const m = employeeMessages;

/**
 * A contractor's employees (user type 5, DECISIONS.md): the contractor adds them (each gets an
 * invitation mail), edits, enables and disables them on the Employees tab of its Account page.
 * The form and the server validate with the same schemas.
 */

/** Ten digits as typed, or empty (not given); stored in E.164 with the default country code. */
export const employeeMobileField = z
  .string({ error: m.mobileInvalid })
  .trim()
  .regex(new RegExp(`^(\\d{${PHONE_DIGITS}})?$`), m.mobileInvalid);

/** The contractor's own code for the worker (letters, digits, underscore, hyphen), or empty. */
export const employeeCodeField = z
  .string({ error: m.codeInvalid })
  .trim()
  .max(CODE_MAX_LENGTH, m.codeInvalid)
  .refine((v) => v === '' || CODE_PATTERN.test(v), m.codeInvalid);

/**
 * Add / Edit Employee form, and POST /contractor/createEmployee: name and e-mail required (the
 * account rules), mobile and employee code optional ('' or absent: not given).
 */
export const employeeFormSchema = z.object({
  name: accountNameField,
  email: accountEmailField,
  mobile: employeeMobileField.optional(),
  code: employeeCodeField.optional(),
});
export type EmployeeForm = z.input<typeof employeeFormSchema>;
export type EmployeeValues = z.output<typeof employeeFormSchema>;

/** POST /contractor/createEmployee */
export const createEmployeeSchema = employeeFormSchema;
export type CreateEmployeeBody = z.output<typeof createEmployeeSchema>;

/** POST /contractor/editEmployee: the fields to change (at least one), each as in the form. */
export const editEmployeeSchema = z.object({
  employeeId: idField('employeeId'),
  updateData: employeeFormSchema
    .partial()
    .refine((v) => Object.values(v).some((x) => x !== undefined), {
      message: usersMessages.nothingToUpdate,
    }),
});
export type EditEmployeeInput = z.input<typeof editEmployeeSchema>;
export type EditEmployeeBody = z.output<typeof editEmployeeSchema>;

/** POST /contractor/changeEmployeeStatus: disable true turns the account off (sign-in refused), false on. */
export const changeEmployeeStatusSchema = z.object({
  employeeId: idField('employeeId'),
  disable: z.boolean({ error: m.disableInvalid }),
});
export type ChangeEmployeeStatusInput = z.input<typeof changeEmployeeStatusSchema>;

/**
 * POST /contractor/getEmployees: one page (from 1) of the caller's employees in its working
 * organisation, by name; search matches name, e-mail, mobile and code (case-insensitive).
 */
export const getEmployeesSchema = z.object({
  search: z
    .string({ error: m.searchTooLong(EMPLOYEE_SEARCH_MAX_LENGTH) })
    .trim()
    .max(EMPLOYEE_SEARCH_MAX_LENGTH, m.searchTooLong(EMPLOYEE_SEARCH_MAX_LENGTH))
    .default(''),
  page: pageField.default(1),
  pageSize: pageSizeField(EMPLOYEE_TABLE_PAGE_SIZES).default(EMPLOYEE_TABLE_PAGE_SIZES[0]),
});
export type GetEmployeesInput = z.input<typeof getEmployeesSchema>;

/** POST /contractor/createBulkEmployees: the CSV file's text; the server checks the header and numbers the rows. */
export const createBulkEmployeesSchema = z.object({
  csv: z
    .string({ error: filesMessages.required })
    .min(1, filesMessages.required)
    .max(BULK_EMPLOYEES_MAX_CSV_BYTES, userScreensMessages.bulkFileTooLarge),
});
export type CreateBulkEmployeesInput = z.input<typeof createBulkEmployeesSchema>;

/** An employee as the calls reply. */
export const employeeSchema = z.object({
  _id: z.string(),
  employeeId: z.string(),
  name: z.string(),
  email: z.string(),
  /** E.164, or null (use localPhone to fill the form). */
  mobile: z.string().nullable(),
  code: z.string().nullable(),
  isActive: z.boolean(),
  /** False until the invitation has been used (no password yet). */
  invitationAccepted: z.boolean(),
  contractorId: z.string(),
  /** The organisation it works for (its contractor's working organisation when added). */
  companyId: z.string(),
  /** ISO date and time. */
  createdAt: z.string(),
});
export type Employee = z.infer<typeof employeeSchema>;

/** createEmployee's data: the employee, and whether its invitation mail left. */
export type CreatedEmployee = Employee & { invitationSent: boolean };

/** getEmployees' data: the page and the count of all that match. */
export const employeesPageSchema = z.object({
  data: z.array(employeeSchema),
  total: z.number().int().nonnegative(),
});
export type EmployeesPage = z.infer<typeof employeesPageSchema>;

/** A valid bulk row that was not created (its e-mail or code is taken, or repeats an earlier row). */
export interface BulkEmployeeSkipped {
  row: number;
  field: 'email' | 'code';
  reason: string;
}

/** createBulkEmployees' data: what was created, skipped and invalid, row by row (header = 1). */
export interface BulkEmployeesReport {
  created: Employee[];
  createdCount: number;
  skipped: BulkEmployeeSkipped[];
  invalid: { row: number; field: string; message: string }[];
  invitationsSent: number;
}

/** createEmployee's data: the employee, and whether its invitation mail left. */
export const createdEmployeeReplySchema = employeeSchema.extend({ invitationSent: z.boolean() }) satisfies z.ZodType<CreatedEmployee>;

/** A skipped bulk row, as the reply carries it. */
export const bulkEmployeeSkippedReplySchema = z.object({
  row: z.number().int(),
  field: z.enum(['email', 'code']),
  reason: z.string(),
}) satisfies z.ZodType<BulkEmployeeSkipped>;

/** createBulkEmployees' data (BulkEmployeesReport). */
export const bulkEmployeesReplySchema = z.object({
  created: z.array(employeeSchema),
  createdCount: z.number().int().nonnegative(),
  skipped: z.array(bulkEmployeeSkippedReplySchema),
  invalid: z.array(bulkInvalidRowReplySchema),
  invitationsSent: z.number().int().nonnegative(),
}) satisfies z.ZodType<BulkEmployeesReport>;

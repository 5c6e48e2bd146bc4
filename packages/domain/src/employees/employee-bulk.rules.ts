import { employeeMessages } from '../employees/employee.messages';
import { usersMessages } from '../messages/users';
import {
  bulkSampleCsv,
  parseBulkFile,
  type BulkFileResult,
  type BulkFileSpec,
} from '../users/bulk-file.rules';
import { BULK_EMPLOYEES_MAX_ROWS } from './employee.constants';
import {
  employeeFormSchema,
  type BulkEmployeeSkipped,
  type EmployeeValues,
} from './employee.schema';

/** The header a bulk employee file must carry, exactly and in this order. */
export const BULK_EMPLOYEE_HEADER = ['Name', 'Email', 'Mobile', 'Employee Code'] as const;
/** The field each header column fills. */
export const BULK_EMPLOYEE_FIELDS = ['name', 'email', 'mobile', 'code'] as const;
export type BulkEmployeeField = (typeof BULK_EMPLOYEE_FIELDS)[number];

/** The sample file offered for download next to the upload button. */
export const BULK_EMPLOYEE_SAMPLE_CSV = bulkSampleCsv(BULK_EMPLOYEE_HEADER, [
  ['Jamie Watt', 'jamie.watt@northsea.example', '9876500001', 'EMP-001'],
  ['Morgan Bell', 'morgan.bell@northsea.example', '', ''],
]);

/**
 * A bulk employee file: the Add Employee schema per row; e-mail (any case) and, where given, the
 * employee code (any case) once a file. Names may repeat: two workers can share one.
 */
export const BULK_EMPLOYEE_FILE: BulkFileSpec<
  BulkEmployeeField,
  EmployeeValues,
  BulkEmployeeSkipped['field']
> = {
  header: BULK_EMPLOYEE_HEADER,
  fields: BULK_EMPLOYEE_FIELDS,
  schema: employeeFormSchema,
  unique: [
    { field: 'email', key: (r) => r.email.toLowerCase() },
    { field: 'code', key: (r) => (r.code ? r.code.toLowerCase() : undefined) },
  ],
  normalise: (r) => ({ ...r, email: r.email.toLowerCase() }),
  maxRows: BULK_EMPLOYEES_MAX_ROWS,
  texts: {
    format: usersMessages.bulkFormat,
    empty: employeeMessages.bulkEmpty,
    tooMany: employeeMessages.bulkTooMany,
  },
};

/** A bulk employee file split into rows of cells (splitCsv): the format text, or its rows checked. */
export function parseBulkEmployees(
  rows: readonly (readonly string[])[],
): BulkFileResult<EmployeeValues, BulkEmployeeSkipped['field']> {
  return parseBulkFile(BULK_EMPLOYEE_FILE, rows);
}

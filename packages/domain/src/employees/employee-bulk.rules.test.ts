import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { splitCsv } from '../users/bulk.rules';
import {
  BULK_EMPLOYEE_HEADER,
  BULK_EMPLOYEE_SAMPLE_CSV,
  parseBulkEmployees,
} from './employee-bulk.rules';
import { BULK_EMPLOYEES_MAX_ROWS } from './employee.constants';
import { employeeFormSchema, getEmployeesSchema } from './employee.schema';

const header = [...BULK_EMPLOYEE_HEADER];
const m = messages.employees;

describe('employee form', () => {
  it('needs a name and an e-mail; mobile (10 digits) and code are optional', () => {
    expect(employeeFormSchema.safeParse({ name: 'Jamie Watt', email: 'j@x.test' }).success).toBe(
      true,
    );
    expect(
      employeeFormSchema.safeParse({ name: 'Jamie Watt', email: 'j@x.test', mobile: '', code: '' })
        .success,
    ).toBe(true);
    expect(
      employeeFormSchema.parse({
        name: ' Jamie Watt ',
        email: 'j@x.test',
        mobile: ' 9876543210 ',
        code: 'E_1-a',
      }),
    ).toEqual({
      name: 'Jamie Watt',
      email: 'j@x.test',
      mobile: '9876543210',
      code: 'E_1-a',
    });
    const bad = employeeFormSchema.safeParse({
      name: 'Jo',
      email: 'nope',
      mobile: '98765',
      code: 'a b',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', messages.users.nameMin],
      ['email', messages.users.validEmail],
      ['mobile', m.mobileInvalid],
      ['code', m.codeInvalid],
    ]);
  });

  it('pages 10, 20 or 30 rows, 10 by default', () => {
    expect(getEmployeesSchema.parse({})).toEqual({ search: '', page: 1, pageSize: 10 });
    expect(getEmployeesSchema.safeParse({ pageSize: 30 }).success).toBe(true);
    expect(getEmployeesSchema.safeParse({ pageSize: 25 }).success).toBe(false);
  });
});

describe('bulk employee file', () => {
  it('reads the sample file', () => {
    const parsed = parseBulkEmployees(splitCsv(BULK_EMPLOYEE_SAMPLE_CSV));
    expect(parsed.ok && parsed.valid.map((v) => v.data.name)).toEqual([
      'Jamie Watt',
      'Morgan Bell',
    ]);
  });

  it('needs the exact header, a row at least and at most the limit', () => {
    expect(parseBulkEmployees([['Name', 'Email']])).toEqual({
      ok: false,
      message: messages.users.bulkFormat,
    });
    expect(parseBulkEmployees([['Email', 'Name', 'Mobile', 'Employee Code']])).toEqual({
      ok: false,
      message: messages.users.bulkFormat,
    });
    expect(parseBulkEmployees([[...header, '', '']]).ok).toBe(false);
    expect(parseBulkEmployees([header, [' ', '', '', '']])).toEqual({
      ok: false,
      message: m.bulkEmpty,
    });
    const many = Array.from({ length: BULK_EMPLOYEES_MAX_ROWS + 1 }, (_, i) => [
      'Pat Lowe',
      `p${i}@x.test`,
      '',
      '',
    ]);
    expect(parseBulkEmployees([header, ...many])).toEqual({
      ok: false,
      message: m.bulkTooMany(BULK_EMPLOYEES_MAX_ROWS),
    });
  });

  it('keeps valid rows, lists invalid fields and skips repeated e-mails and codes; names may repeat', () => {
    const result = parseBulkEmployees([
      header,
      ['Jamie Watt', 'Jamie@X.test', '9876500001', 'E-1'], // 2
      ['Jamie Watt', 'other@x.test', '', ''], // 3 same name: fine
      ['Bad 1', 'bad', '12', ''], // 4 invalid
      ['Riley Scott', 'jamie@x.test', '', ''], // 5 e-mail of row 2
      ['Casey Hume', 'casey@x.test', '', 'e-1'], // 6 code of row 2
      ['Morgan Bell', 'morgan@x.test'], // 7 short row: mobile and code empty
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.valid.map((v) => v.row)).toEqual([2, 3, 7]);
    expect(result.valid[0]?.data.email).toBe('jamie@x.test');
    expect(result.invalid).toEqual([
      { row: 4, field: 'name', message: messages.users.nameInvalid },
      { row: 4, field: 'email', message: messages.users.validEmail },
      { row: 4, field: 'mobile', message: m.mobileInvalid },
    ]);
    expect(result.skipped).toEqual([
      { row: 5, field: 'email', reason: messages.users.bulkDuplicateOf(2) },
      { row: 6, field: 'code', reason: messages.users.bulkDuplicateOf(2) },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { fileDateStamp, toCsv } from '../../../components/csv-file';
import { auditorsCsv, auditorsCsvName, companiesCsv, companiesCsvName } from '../users-csv';
import { makeAuditor, makeCompany } from './fixtures';

describe('users CSV export', () => {
  it('builds Auditors: Organization, Mobile, E-mail, Contact Person', () => {
    const csv = auditorsCsv([
      makeAuditor(),
      makeAuditor({ _id: 'a2', name: 'Kerr, Sons', phoneNo: null, contactPersonName: null }),
    ]);
    expect(csv).toBe(
      'Organization,Mobile,E-mail,Contact Person\r\n' +
        'Safeguard Inspections,+919876543210,safeguard@example.com,Alex Morgan\r\n' +
        '"Kerr, Sons",,safeguard@example.com,\r\n',
    );
  });

  it('builds Companies: Company Name, Location, E-mail, Contact Person', () => {
    expect(companiesCsv([makeCompany({ location: 'St. John\'s "Old" Quay' })])).toBe(
      'Company Name,Location,E-mail,Contact Person\r\n' +
        'North Sea Scaffolding,"St. John\'s ""Old"" Quay",north@example.com,Callum Reid\r\n',
    );
  });

  it('names the files Auditors_{DD-MM-YYYY}.csv and Companies_{DD-MM-YYYY}.csv', () => {
    const date = fileDateStamp(dayjs('2025-03-07T10:00:00'));
    expect(date).toBe('07-03-2025');
    expect(auditorsCsvName(date)).toBe('Auditors_07-03-2025.csv');
    expect(companiesCsvName(date)).toBe('Companies_07-03-2025.csv');
  });

  it('keeps a spreadsheet from running a cell as a formula, but leaves phone numbers alone', () => {
    expect(
      toCsv(['a'], [['=HYPERLINK("x")'], ['@SUM(1)'], ['-cmd'], ['+919876543210'], ['-12.5']]),
    ).toBe('a\r\n"\'=HYPERLINK(""x"")"\r\n\'@SUM(1)\r\n\'-cmd\r\n+919876543210\r\n-12.5\r\n');
  });
});

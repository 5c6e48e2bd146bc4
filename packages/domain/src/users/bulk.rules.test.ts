import { describe, expect, it } from 'vitest';
import { BULK_MAX_ROWS } from '../constants';
import { messages } from '../messages';
import {
  BULK_COMPANY_HEADER,
  BULK_COMPANY_SAMPLE_CSV,
  isBulkCompanyHeader,
  parseBulkCompanies,
  parseBulkCompanyObjects,
  splitCsv,
} from './bulk.rules';

const header = [...BULK_COMPANY_HEADER];

describe('splitCsv', () => {
  it('splits rows and cells, with quotes, escaped quotes, CRLF and a BOM', () => {
    expect(splitCsv('\uFEFFa,b\r\n"c, d","e ""f"""\n')).toEqual([
      ['a', 'b'],
      ['c, d', 'e "f"'],
    ]);
    expect(splitCsv('x,"multi\nline"\ny,')).toEqual([
      ['x', 'multi\nline'],
      ['y', ''],
    ]);
    expect(splitCsv('')).toEqual([]);
    expect(splitCsv('one')).toEqual([['one']]);
  });
  it('finds the delimiter: semicolons and tabs as spreadsheet programs write them, commas otherwise (issue 56)', () => {
    expect(splitCsv('Company Name;Location\r\n"Acme; Ltd";Leeds\r\n\r\nBeta;York\r\n')).toEqual([
      ['Company Name', 'Location'],
      ['Acme; Ltd', 'Leeds'],
      [''],
      ['Beta', 'York'],
    ]);
    expect(splitCsv('a\tb\nc\td\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    // Commas win where a cell merely holds a semicolon.
    expect(splitCsv('name,note\nA,"x;y"\n')).toEqual([
      ['name', 'note'],
      ['A', 'x;y'],
    ]);
  });
  it('reads the sample file', () => {
    const rows = splitCsv(BULK_COMPANY_SAMPLE_CSV);
    expect(rows[0]).toEqual(header);
    const parsed = parseBulkCompanies(rows);
    expect(parsed.ok && parsed.valid).toHaveLength(1);
  });
});

describe('bulk header', () => {
  it('must be exactly Company Name, Location, Email, Contact Person', () => {
    expect(isBulkCompanyHeader(header)).toBe(true);
    expect(isBulkCompanyHeader([' Company Name ', 'Location', 'Email', 'Contact Person', '', ''])).toBe(true);
    expect(isBulkCompanyHeader(['Company name', 'Location', 'Email', 'Contact Person'])).toBe(false);
    expect(isBulkCompanyHeader(['Location', 'Company Name', 'Email', 'Contact Person'])).toBe(false);
    expect(isBulkCompanyHeader(['Company Name', 'Location', 'Email'])).toBe(false);
    expect(isBulkCompanyHeader([...header, 'Phone'])).toBe(false);
  });
  it('gives the format text otherwise, also for an empty file', () => {
    expect(parseBulkCompanies([['Name', 'Email']])).toEqual({ ok: false, message: messages.users.bulkFormat });
    expect(parseBulkCompanies([])).toEqual({ ok: false, message: messages.users.bulkFormat });
  });
  it('needs at least one row, at most the limit', () => {
    expect(parseBulkCompanies([header, ['', '', '', '']])).toEqual({ ok: false, message: messages.users.bulkEmpty });
    const many = Array.from({ length: BULK_MAX_ROWS + 1 }, (_, i) => [`Company ${'x'.repeat(i % 5)}`, 'Leeds', `c${i}@x.test`, 'Pat Lowe']);
    expect(parseBulkCompanies([header, ...many])).toEqual({ ok: false, message: messages.users.bulkTooMany(BULK_MAX_ROWS) });
  });
});

describe('bulk rows', () => {
  it('keeps valid rows, reports invalid fields row by row and skips duplicates in the file', () => {
    const result = parseBulkCompanies([
      header,
      ['Acme Scaffolding', 'Aberdeen', 'Acme@Example.test', 'Callum Reid'], // 2 valid
      ['', '', '', ''], // 3 blank, skipped silently
      ['Bad Name 123', 'Dundee', 'not-an-email', 'Priya Nair'], // 4 invalid: name, email
      ['Harbour Works', '', 'harbour@example.test', 'Tom Fraser'], // 5 invalid: location
      ['Other Acme', 'Leeds', 'acme@example.test', 'Pat Lowe'], // 6 duplicate email of row 2
      ['acme scaffolding', 'Leeds', 'new@example.test', 'Pat Lowe'], // 7 duplicate name of row 2
      ['Short', 'Y', 'short@example.test'], // 8 missing contact person, location too short
      ["O'Brien/Sons", 'St. Andrews (Fife)', 'obrien@example.test', 'Seán Ó Murchú'], // 9 valid
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.valid.map((v) => v.row)).toEqual([2, 9]);
    expect(result.valid[0]?.data).toEqual({ name: 'Acme Scaffolding', location: 'Aberdeen', emailid: 'acme@example.test', contactPersonName: 'Callum Reid' });
    expect(result.invalid).toEqual([
      { row: 4, field: 'name', message: messages.users.nameInvalid },
      { row: 4, field: 'emailid', message: messages.users.validEmail },
      { row: 5, field: 'location', message: messages.users.locationRequired },
      { row: 8, field: 'location', message: messages.users.locationInvalid },
      { row: 8, field: 'contactPersonName', message: messages.users.contactPersonRequired },
    ]);
    expect(result.skipped).toEqual([
      { row: 6, field: 'emailid', reason: messages.users.bulkDuplicateOf(2) },
      { row: 7, field: 'name', reason: messages.users.bulkDuplicateOf(2) },
    ]);
  });

  it('accepts rows sent already parsed, numbered as under a header', () => {
    const result = parseBulkCompanyObjects([
      { name: 'Acme Scaffolding', location: 'Aberdeen', emailid: 'a@x.test', contactPersonName: 'Callum Reid' },
      { name: 'Ab', location: 'Aberdeen', emailid: 'b@x.test', contactPersonName: 'Callum Reid' },
      { name: 42, location: 'Aberdeen', emailid: 'c@x.test', contactPersonName: 'Callum Reid' },
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.valid.map((v) => v.row)).toEqual([2]);
    expect(result.invalid).toEqual([
      { row: 3, field: 'name', message: messages.users.nameMin },
      { row: 4, field: 'name', message: messages.users.nameRequired },
    ]);
  });

  it('refuses parsed rows without the four fields', () => {
    expect(parseBulkCompanyObjects([{ 'Company Name': 'Acme', Location: 'x', Email: 'a@x.test', 'Contact Person': 'Pat' }])).toEqual({
      ok: false,
      message: messages.users.bulkFormat,
    });
    expect(parseBulkCompanyObjects([])).toEqual({ ok: false, message: messages.users.bulkEmpty });
  });
});

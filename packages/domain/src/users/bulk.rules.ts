import Papa from 'papaparse';
import { BULK_MAX_ROWS } from '../constants';
import { usersMessages } from '../messages/users';
import { bulkCompanyRowSchema, type BulkCompanyRow, type BulkInvalidRow, type BulkSkippedRow } from './accounts.schema';
import {
  checkBulkRows,
  isBulkHeader,
  parseBulkFile,
  parseBulkObjects,
  type BulkFileResult,
  type BulkFileSpec,
  type BulkValid,
} from './bulk-file.rules';

/** The header a bulk company file must carry, exactly and in this order (spec §5). */
export const BULK_COMPANY_HEADER = ['Company Name', 'Location', 'Email', 'Contact Person'] as const;
/** The field each header column fills. */
export const BULK_COMPANY_FIELDS = ['name', 'location', 'emailid', 'contactPersonName'] as const;
export type BulkCompanyField = (typeof BULK_COMPANY_FIELDS)[number];

/** The sample file offered for download next to the upload button. */
export const BULK_COMPANY_SAMPLE_CSV = `${BULK_COMPANY_HEADER.join(',')}\nNorth Sea Scaffolding,Aberdeen,manager@northsea.example,Callum Reid\n`;

/** A valid row, numbered as in the file (the header is row 1). */
export type BulkValidRow = BulkValid<BulkCompanyRow>;

export type BulkParseResult = BulkFileResult<BulkCompanyRow, BulkSkippedRow['field']>;

/**
 * Why a chosen file cannot be read as CSV, or null: its name must end in .csv, and its first bytes
 * (`head`, as text) must be text, not a workbook or another binary file renamed.
 */
export function csvFileProblem(name: string, head: string): string | null {
  if (!/\.csv$/i.test(name.trim()) || head.includes('\u0000')) return usersMessages.notCsv(name);
  return null;
}

/** The delimiters a CSV file may use, by preference. */
const CSV_DELIMITERS = [',', ';', '\t'] as const;

/**
 * Splits CSV text into rows of cells with papaparse (RFC 4180: double-quoted cells with "" escapes
 * and line breaks inside quotes; CRLF or LF). The delimiter is found from the text: a comma, or
 * the semicolon (or tab) that spreadsheet programs write where the comma is the decimal mark. A
 * leading byte-order mark is dropped, and so is the empty row after a closing line break.
 */
export function splitCsv(text: string): string[][] {
  // One kind of line break (a file pasted together may mix them; a quoted cell keeps its breaks as \n).
  const src = (text.startsWith('\uFEFF') ? text.slice(1) : text).replace(/\r\n?/g, '\n');
  if (src === '') return [];
  // The delimiter is guessed over the first rows without their blank ones (papaparse counts a
  // blank row as a one-cell row, against every delimiter); the rows are then read with the blanks.
  const guess = Papa.parse<string[]>(src, { delimitersToGuess: [...CSV_DELIMITERS], skipEmptyLines: 'greedy', preview: 50 });
  const delimiter = guess.errors.some((e) => e.code === 'UndetectableDelimiter') ? ',' : guess.meta.delimiter;
  const { data } = Papa.parse<string[]>(src, { delimiter, newline: '\n', skipEmptyLines: false });
  const last = data[data.length - 1];
  if (last && last.length === 1 && last[0] === '' && src.endsWith('\n')) data.pop();
  return data;
}

/** A bulk company file (spec §5): header, fields, the Add Company schema; email, then name, once a file. */
export const BULK_COMPANY_FILE: BulkFileSpec<BulkCompanyField, BulkCompanyRow, 'emailid' | 'name'> = {
  header: BULK_COMPANY_HEADER,
  fields: BULK_COMPANY_FIELDS,
  schema: bulkCompanyRowSchema,
  unique: [
    { field: 'emailid', key: (r) => r.emailid.toLowerCase() },
    { field: 'name', key: (r) => r.name.toLowerCase() },
  ],
  normalise: (r) => ({ ...r, emailid: r.emailid.toLowerCase() }),
  maxRows: BULK_MAX_ROWS,
  texts: { format: usersMessages.bulkFormat, empty: usersMessages.bulkEmpty, tooMany: usersMessages.bulkTooMany },
};

/** True when the header row is exactly Company Name, Location, Email, Contact Person. */
export function isBulkCompanyHeader(cells: readonly string[]): boolean {
  return isBulkHeader(BULK_COMPANY_HEADER, cells);
}

/**
 * Checks company rows: each with the company schema (one entry per invalid field), then
 * duplicates within the file by email (case-insensitive) and by name (case-insensitive): the
 * first one counts, later ones are skipped. Rows are given with their number in the file.
 */
export function checkBulkCompanyRows(rows: readonly { row: number; values: Record<string, unknown> }[]): {
  valid: BulkValidRow[];
  invalid: BulkInvalidRow[];
  skipped: BulkSkippedRow[];
} {
  return checkBulkRows(BULK_COMPANY_FILE, rows);
}

/**
 * A bulk company file, already split into rows of cells (see splitCsv). The first row must be the
 * exact header, else the spec's format error. Blank rows are skipped; rows are numbered as in the
 * file (header = 1).
 */
export function parseBulkCompanies(rows: readonly (readonly string[])[]): BulkParseResult {
  return parseBulkFile(BULK_COMPANY_FILE, rows);
}

/**
 * Rows sent already parsed ({name, location, emailid, contactPersonName}): every row must carry
 * the four fields, else the format error. Numbered from 2, as under a header.
 */
export function parseBulkCompanyObjects(objects: readonly Record<string, unknown>[]): BulkParseResult {
  return parseBulkObjects(BULK_COMPANY_FILE, objects);
}

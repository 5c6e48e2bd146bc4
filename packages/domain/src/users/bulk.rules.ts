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
 * Splits CSV text into rows of cells (RFC 4180: commas, double-quoted cells with "" escapes and
 * line breaks inside quotes; CRLF or LF; a leading byte-order mark is dropped).
 */
export function splitCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let i = 0; i < src.length; i += 1) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else {
          quoted = false;
        }
      } else {
        cell += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += ch;
    }
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
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

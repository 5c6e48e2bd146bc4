import { BULK_MAX_ROWS } from '../constants';
import { messages } from '../messages';
import { bulkCompanyRowSchema, type BulkCompanyRow, type BulkInvalidRow, type BulkSkippedRow } from './accounts.schema';

/** The header a bulk company file must carry, exactly and in this order (spec §5). */
export const BULK_COMPANY_HEADER = ['Company Name', 'Location', 'Email', 'Contact Person'] as const;
/** The field each header column fills. */
export const BULK_COMPANY_FIELDS = ['name', 'location', 'emailid', 'contactPersonName'] as const;
export type BulkCompanyField = (typeof BULK_COMPANY_FIELDS)[number];

/** The sample file offered for download next to the upload button. */
export const BULK_COMPANY_SAMPLE_CSV = `${BULK_COMPANY_HEADER.join(',')}\nNorth Sea Scaffolding,Aberdeen,manager@northsea.example,Callum Reid\n`;

/** A valid row, numbered as in the file (the header is row 1). */
export interface BulkValidRow {
  row: number;
  data: BulkCompanyRow;
}

export type BulkParseResult =
  | { ok: false; message: string }
  | { ok: true; valid: BulkValidRow[]; invalid: BulkInvalidRow[]; skipped: BulkSkippedRow[] };

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

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/** Drops the empty cells a spreadsheet leaves after the last column. */
function withoutTrailingEmpty(cells: readonly string[]): string[] {
  const out = cells.map((c) => c.trim());
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

/** True when the header row is exactly Company Name, Location, Email, Contact Person. */
export function isBulkCompanyHeader(cells: readonly string[]): boolean {
  const header = withoutTrailingEmpty(cells);
  return header.length === BULK_COMPANY_HEADER.length && BULK_COMPANY_HEADER.every((h, i) => header[i] === h);
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
  const valid: BulkValidRow[] = [];
  const invalid: BulkInvalidRow[] = [];
  const skipped: BulkSkippedRow[] = [];
  const byEmail = new Map<string, number>();
  const byName = new Map<string, number>();
  for (const { row, values } of rows) {
    const parsed = bulkCompanyRowSchema.safeParse(values);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = issue.path.map(String).join('.') || 'row';
        if (seen.has(field)) continue;
        seen.add(field);
        invalid.push({ row, field, message: issue.message });
      }
      continue;
    }
    const email = parsed.data.emailid.toLowerCase();
    const name = parsed.data.name.toLowerCase();
    const sameEmail = byEmail.get(email);
    const sameName = byName.get(name);
    if (sameEmail !== undefined) {
      skipped.push({ row, field: 'emailid', reason: messages.users.bulkDuplicateOf(sameEmail) });
    } else if (sameName !== undefined) {
      skipped.push({ row, field: 'name', reason: messages.users.bulkDuplicateOf(sameName) });
    } else {
      byEmail.set(email, row);
      byName.set(name, row);
      valid.push({ row, data: { ...parsed.data, emailid: email } });
    }
  }
  return { valid, invalid, skipped };
}

/**
 * A bulk company file, already split into rows of cells (see splitCsv). The first row must be the
 * exact header, else the spec's format error. Blank rows are skipped; rows are numbered as in the
 * file (header = 1).
 */
export function parseBulkCompanies(rows: readonly (readonly string[])[]): BulkParseResult {
  const [header, ...body] = rows;
  if (!header || !isBulkCompanyHeader(header)) return { ok: false, message: messages.users.bulkFormat };
  const numbered: { row: number; values: Record<string, unknown> }[] = [];
  body.forEach((cells, i) => {
    if (isBlank(cells)) return;
    const values: Record<string, unknown> = {};
    BULK_COMPANY_FIELDS.forEach((field, col) => {
      values[field] = cells[col] ?? '';
    });
    numbered.push({ row: i + 2, values });
  });
  if (numbered.length === 0) return { ok: false, message: messages.users.bulkEmpty };
  if (numbered.length > BULK_MAX_ROWS) return { ok: false, message: messages.users.bulkTooMany(BULK_MAX_ROWS) };
  return { ok: true, ...checkBulkCompanyRows(numbered) };
}

/**
 * Rows sent already parsed ({name, location, emailid, contactPersonName}): every row must carry
 * the four fields, else the format error. Numbered from 2, as under a header.
 */
export function parseBulkCompanyObjects(objects: readonly Record<string, unknown>[]): BulkParseResult {
  if (objects.length === 0) return { ok: false, message: messages.users.bulkEmpty };
  if (objects.length > BULK_MAX_ROWS) return { ok: false, message: messages.users.bulkTooMany(BULK_MAX_ROWS) };
  if (!objects.every((o) => BULK_COMPANY_FIELDS.every((f) => f in o))) {
    return { ok: false, message: messages.users.bulkFormat };
  }
  return { ok: true, ...checkBulkCompanyRows(objects.map((values, i) => ({ row: i + 2, values }))) };
}

import Papa from 'papaparse';
import { neutralisedCell } from '../text/spreadsheet-cell';

/** A value of an exported row as a CSV cell: text as it is (formula-safe), numbers and yes/no as text, lists and objects as JSON. */
export function exportCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return neutralisedCell(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Lines of CSV (RFC 4180, CRLF, each ending with one): the header or a page of rows, the columns in this order. */
export function exportCsvLines(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(
    rows.map((row) => columns.map((c) => exportCell(row[c]))),
    { newline: '\r\n', quotes: false },
  )}\r\n`;
}

/** The CSV header line. */
export function exportCsvHeader(columns: readonly string[]): string {
  return `${Papa.unparse([[...columns]], { newline: '\r\n' })}\r\n`;
}

/** What README.txt says of one table. */
export interface ReadmeTable {
  table: string;
  description: string;
  rows: number;
  columns: readonly string[];
}

/** README.txt of an export: what it is, how it is laid out, and each file. */
export function exportReadme(input: {
  product: string;
  organisation: string;
  organisationId: string;
  builtAt: string;
  tables: readonly ReadmeTable[];
  files: number;
  missingFiles: readonly string[];
  notExported: Readonly<Record<string, string>>;
}): string {
  const lines = [
    `${input.product}: export of all of ${input.organisation}'s data`,
    '',
    `Organisation: ${input.organisation} (id ${input.organisationId})`,
    `Built: ${input.builtAt} (UTC)`,
    '',
    'Layout',
    '------',
    'data/{table}.json  the rows of one table as a JSON array, one row per line, every column as stored',
    '                   (times in ISO 8601 with their UTC offset; answers, file lists and form fields as JSON).',
    'data/{table}.csv   the same rows as CSV (comma-separated, UTF-8, a header line). Lists and objects are JSON',
    "                   text in their cell; a text cell that a spreadsheet would run as a formula (starting with =, +, -, @)",
    "                   has a leading apostrophe. The JSON files are the exact copy.",
    'files/{path}       every stored file of the organisation, at the path its row in data/files.json names',
    '                   (column path). Answers, chats, documents, observations and feedback name their files by it',
    '                   (filePath in their JSON).',
    '',
    'Ids: every row has its id; rows of other tables name it (organisation_id, assessment_id, response_id,',
    'contractor_id, user_id, ...). User types: 2 organisation user, 3 contractor company, 4 auditor, 5 employee.',
    'Accounts are exported without password hashes or any other secret.',
    '',
    'Files',
    '-----',
    ...input.tables.flatMap((t) => [
      `data/${t.table}.json, data/${t.table}.csv (${t.rows} ${t.rows === 1 ? 'row' : 'rows'})`,
      `    ${t.description}`,
      `    Columns: ${t.columns.join(', ')}`,
    ]),
    `files/ (${input.files} ${input.files === 1 ? 'file' : 'files'})`,
    '    The stored files named in data/files.json.',
    ...(input.missingFiles.length > 0
      ? ['', 'Files named in data/files.json that the store did not hold when the export was built:', ...input.missingFiles.map((p) => `    ${p}`)]
      : []),
    '',
    'Not exported',
    '------------',
    'Figures the portal keeps from the rows above (sums, counts, rankings) and delivery or sign-in bookkeeping:',
    ...Object.entries(input.notExported).map(([table, why]) => `    ${table}: ${why}`),
    '',
  ];
  return lines.join('\r\n');
}

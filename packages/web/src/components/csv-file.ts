import dayjs, { type Dayjs } from 'dayjs';

/**
 * A cell a spreadsheet would run as a formula (=, @, tab, CR, or + and - before anything but a
 * plain number) gets a leading apostrophe: CSV injection. Phone numbers like +919876543210 stay.
 */
function neutralised(cell: string): string {
  if (/^[=@\t\r]/.test(cell)) return `'${cell}`;
  if (/^[+-]/.test(cell) && !/^[+-]\d+(\.\d+)?$/.test(cell)) return `'${cell}`;
  return cell;
}

/** One CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvCell(value: string | null | undefined): string {
  const cell = neutralised(value ?? '');
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** CSV text: the header, then one line per row, CRLF line ends (RFC 4180). */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | null | undefined)[])[],
): string {
  return [header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The date part of exported file names: DD-MM-YYYY (no slashes, which file names cannot hold). */
export function fileDateStamp(now: Dayjs = dayjs()): string {
  return now.format('DD-MM-YYYY');
}

/** Has the browser save `content` as a file named `fileName`. */
export function downloadFile(fileName: string, content: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the object URL is no longer needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Saves CSV text; the byte-order mark makes spreadsheet programs read it as UTF-8, so names
 * with accents survive.
 */
export function downloadCsv(fileName: string, csv: string): void {
  downloadFile(fileName, `\uFEFF${csv}`, 'text/csv;charset=utf-8');
}

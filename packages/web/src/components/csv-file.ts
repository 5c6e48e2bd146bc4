import dayjs, { type Dayjs } from 'dayjs';
import { neutralisedCell } from '@palisade/domain/text/spreadsheet-cell';

/** One CSV cell, kept from running as a formula (neutralisedCell); quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvCell(value: string | null | undefined): string {
  const cell = neutralisedCell(value ?? '');
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

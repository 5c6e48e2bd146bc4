/**
 * Formula injection (OWASP "CSV injection"): a spreadsheet program runs a cell that starts with
 * =, @, a tab or a carriage return, or with + or - before anything but a plain number, as a
 * formula. Such a cell of an export (CSV in the browser, Excel on the server) gets a leading
 * apostrophe, so it is read as text. Phone numbers like +919876543210 and numbers like -12.5 stay.
 */
export function neutralisedCell(cell: string): string {
  if (/^[=@\t\r]/.test(cell)) return `'${cell}`;
  if (/^[+-]/.test(cell) && !/^[+-]\d+(\.\d+)?$/.test(cell)) return `'${cell}`;
  return cell;
}

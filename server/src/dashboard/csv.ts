/**
 * CSV writing for the candidate's exports (docs/product/dashboard.md#applications-csv: a cell starting with
 * = + - or @ is prefixed with an apostrophe), RFC 4180 with what spreadsheets need to open it safely and correctly.
 */

/**
 * What starts a formula in a spreadsheet: `=`, `+`, `-` and `@`, and the tab and carriage return OWASP adds (Excel
 * and LibreOffice skip a leading one and then read `=…` after it as a formula).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: neutralised when it could start a formula (a leading apostrophe, so the spreadsheet shows text), then
 * always quoted, with quotes doubled. Quoting every cell keeps commas, quotes and line breaks inside their cell.
 */
function csvCell(value: string): string {
  const neutral = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${neutral.replace(/"/g, '""')}"`;
}

/**
 * A whole CSV file: a UTF-8 byte order mark first (Excel reads a CSV without one in the machine's legacy code page,
 * and "Montréal" would come out as "MontrÃ©al"), rows separated and ended by CRLF (RFC 4180).
 */
export function csvDocument(rows: ReadonlyArray<readonly string[]>): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

// Spreadsheet formula injection (OWASP "CSV Injection"): a cell a lead typed that starts with
// = + - @ (or a tab or carriage return, which some spreadsheets skip before a formula) would run
// as a formula when an operator opens the export. Such text gets a leading apostrophe, which
// spreadsheets show as text. Numbers and dates are written by the exporter, never escaped.

const FORMULA_START = /^[=+\-@\t\r]/;

export function safeCsvText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

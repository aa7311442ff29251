// OWASP "CSV Injection": text starting = + - @ (or tab, CR) would run as a formula in the
// operator's spreadsheet; a leading apostrophe keeps it text.

const FORMULA_START = /^[=+\-@\t\r]/;

export function safeCsvText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

// One CSV field as RFC 4180 writes it (quoted only when it must be), and a text cell made safe for spreadsheets.

/** Quotes a field per RFC 4180 only when it holds a comma, a quote, CR or LF, doubling inner quotes. */
export function quoteCsvField(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 44 || c === 34 || c === 10 || c === 13) return `"${s.replace(/"/g, '""')}"`;
  }
  return s;
}

/** A plain decimal number (`-3.5`, `+2`, `1e-6`): a spreadsheet reads it as that number, never as a formula. */
const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A text cell of a CSV file meant for spreadsheets (`--messages`, `report --tables`): a cell that begins with `=`,
 * `+`, `-`, `@`, a tab or CR, which a spreadsheet would run as a formula, gets a leading `'` (OWASP, "CSV
 * Injection"), then RFC 4180 quoting. A plain number (`-3.5`) is left as it is; so is every other text. Trace files
 * use `quoteCsvField` alone: hsim reads them back, and the quote would become part of the key.
 */
export function spreadsheetCsvField(s: string): string {
  const c = s.charCodeAt(0);
  const risky = c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13;
  return quoteCsvField(risky && !PLAIN_NUMBER.test(s) ? `'${s}` : s);
}

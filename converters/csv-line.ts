// Splits one CSV line into fields (RFC 4180 quoting within a line; a quoted field cannot span lines).

/** Result of splitting a line: the fields, or null when a quote is unterminated or misplaced. */
export type CsvSplit = string[] | null;

/**
 * Splits `line` (without its line ending) on commas. Quoted fields may hold commas and doubled quotes.
 * Returns null for malformed quoting (an unterminated quote, or text after a closing quote).
 */
export function splitCsvLine(line: string): CsvSplit {
  const out: string[] = [];
  const n = line.length;
  let i = 0;
  for (;;) {
    if (i < n && line.charCodeAt(i) === 34) {
      let s = '';
      let j = i + 1;
      for (;;) {
        const q = line.indexOf('"', j);
        if (q < 0) return null;
        s += line.slice(j, q);
        if (line.charCodeAt(q + 1) === 34) {
          s += '"';
          j = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      out.push(s);
      if (i === n) return out;
      if (line.charCodeAt(i) !== 44) return null;
      i += 1;
    } else {
      const c = line.indexOf(',', i);
      if (c < 0) {
        out.push(line.slice(i));
        return out;
      }
      out.push(line.slice(i, c));
      i = c + 1;
    }
  }
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Strict decimal number parse (no surrounding blanks): NaN for empty, hex, `Infinity` or any other non-decimal text. */
export function parseDecimal(text: string): number {
  return DECIMAL.test(text) ? Number(text) : Number.NaN;
}

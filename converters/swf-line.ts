// Parsing of one SWF job line (18 whitespace-separated numeric fields; PWA swf.html) and of `;` header lines.
import { parseDecimal } from './csv-line.ts';

/** Number of fields of an SWF job line. */
export const SWF_FIELDS = 18;

/** Outcome codes of the byte parser: a job line, too few/many fields, or a non-numeric field. */
export const SWF_OK = 0;
export const SWF_FIELD_COUNT = 1;
export const SWF_NOT_NUMERIC = 2;

/** Result of parsing one job line: the 18 fields as numbers, or the reject reason. */
export type SwfLine = { ok: true; fields: number[] } | { ok: false; reason: 'field_count' | 'not_numeric' };

/**
 * Parses one SWF job line (plain reference implementation). Fields are split on ASCII blanks; each must be a
 * decimal number (`-1` stays -1, meaning missing). Field count is checked before numeric content.
 */
export function parseSwfLine(text: string): SwfLine {
  const parts = text.split(/[ \t\r\v\f]+/).filter((p) => p !== '');
  if (parts.length !== SWF_FIELDS) return { ok: false, reason: 'field_count' };
  const fields = parts.map(parseDecimal);
  if (fields.some((x) => !Number.isFinite(x))) return { ok: false, reason: 'not_numeric' };
  return { ok: true, fields };
}

/**
 * Parses the job line `buf[start, end)` into `out` (length ≥ 18) without allocating for integer fields.
 * Returns SWF_OK, SWF_FIELD_COUNT or SWF_NOT_NUMERIC with the same verdicts as `parseSwfLine`.
 */
export function parseSwfBytes(buf: Uint8Array, start: number, end: number, out: Float64Array): number {
  let count = 0;
  let bad = false;
  let i = start;
  while (i < end) {
    let c = buf[i]!;
    if (c === 32 || (c >= 9 && c <= 13)) {
      i++;
      continue;
    }
    const s = i;
    let neg = false;
    let v = 0;
    let simple = true;
    if (c === 45) {
      neg = true;
      i++;
    }
    const d0 = i;
    while (i < end) {
      c = buf[i]!;
      const d = c - 48;
      // Digits first: they are most bytes of a job line.
      if (d >= 0 && d <= 9) {
        v = v * 10 + d;
        i++;
      } else if (c === 32 || (c >= 9 && c <= 13)) {
        break;
      } else {
        simple = false;
        i++;
      }
    }
    if (count < SWF_FIELDS) {
      const digits = i - d0;
      if (simple && digits > 0 && digits <= 15) {
        out[count] = neg ? -v : v;
      } else {
        const x = decodeNumber(buf, s, i);
        if (Number.isFinite(x)) out[count] = x;
        else bad = true;
      }
    }
    count++;
  }
  if (count !== SWF_FIELDS) return SWF_FIELD_COUNT;
  return bad ? SWF_NOT_NUMERIC : SWF_OK;
}

function decodeNumber(buf: Uint8Array, s: number, e: number): number {
  let t = '';
  for (let k = s; k < e; k++) {
    const c = buf[k]!;
    // Only ASCII digits, signs, '.', 'e'/'E' can form a decimal; anything else is rejected before decoding.
    if (!((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46 || c === 101 || c === 69)) return Number.NaN;
    t += String.fromCharCode(c);
  }
  return parseDecimal(t);
}

/** A `; Key: value` header line, split; null for comment lines without a key (blank, rulers, continuations). */
export function parseSwfHeaderLine(text: string): { key: string; value: string } | null {
  // `http://…` continuation lines are not keys: a key's colon is never followed by `//`.
  const m = /^;\s*([A-Za-z][A-Za-z0-9_]*)\s*:(?!\/\/)\s?(.*)$/.exec(text);
  if (m === null) return null;
  return { key: m[1]!, value: m[2]!.trim() };
}

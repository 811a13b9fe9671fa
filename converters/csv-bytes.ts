// The fast path of CSV lines as bytes: plain ASCII fields split without strings, decimals parsed without text.
import { FNV_OFFSET, FNV_PRIME } from '../traces/byte-interner.ts';

/** 10^k for k = 0…22, exact doubles (the range where m / 10^k is correctly rounded for integer m < 2^53). */
const POW10 = Float64Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * Splits `buf[start, end)` on commas into `bounds` (field i is `bounds[i], bounds[i+1] - 1`; bounds[width] = end + 1)
 * when the line is plain: ASCII only, no quote (the reference scanPlainCsvLine is tested against). Returns the field count, or -1 when the line is not plain (the caller
 * then takes the text path, which handles quoting and UTF-8) or has more than `bounds.length - 1` fields.
 */
export function splitPlainCsvBytes(buf: Uint8Array, start: number, end: number, bounds: Int32Array): number {
  const max = bounds.length - 1;
  let n = 0;
  bounds[0] = start;
  for (let p = start; p < end; p++) {
    const c = buf[p]!;
    if (c === 44) {
      if (++n >= max) return -1;
      bounds[n] = p + 1;
    } else if (c === 34 || c >= 0x80) {
      return -1;
    }
  }
  bounds[n + 1] = end + 1;
  return n + 1;
}

/**
 * Set by each parsePlainDecimalBytes call: whether the text parsed is exactly `String(x)` of the number x returned,
 * so a writer may copy it instead of formatting x.
 */
export const plainDecimal = { shortest: false };

/**
 * Parses `buf[start, end)` when it is `-?digits[.digits]` with at most 15 digits (the reference of scanPlainCsvLine's numbers): the same double as `Number(text)`
 * (an integer below 2^53 divided by an exact power of ten is correctly rounded). NaN for anything else (empty,
 * blanks, `+`, exponents, longer numbers): the caller then parses the text.
 *
 * Sets `plainDecimal.shortest` when the text is `-?(0|[1-9]digits)(.digits)?` with no trailing zero after the dot,
 * at most six decimals, and not `-0`. Such a text is `String(x)`: a decimal of at most 15 significant digits is the
 * only one of that length within half an ulp of its nearest double (doubles carry 15.95 digits), so it is the
 * shortest round-trip text, and String writes it without an exponent between 1e-6 and 1e21 (ECMA-262
 * Number::toString).
 */
export function parsePlainDecimalBytes(buf: Uint8Array, start: number, end: number): number {
  plainDecimal.shortest = false;
  let p = start;
  const neg = p < end && buf[p] === 45;
  if (neg) p++;
  const first = p;
  let m = 0;
  let digits = 0;
  let frac = 0;
  let dot = false;
  for (; p < end; p++) {
    const c = buf[p]!;
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      digits++;
      if (dot) frac++;
    } else if (c === 46 && !dot) {
      dot = true;
    } else {
      return Number.NaN;
    }
  }
  if (digits === 0 || digits > 15) return Number.NaN;
  const int = digits - frac;
  plainDecimal.shortest =
    int > 0 && (buf[first] !== 48 || (int === 1 && (dot || !neg))) && (!dot || (frac > 0 && frac <= 6 && buf[end - 1] !== 48));
  const x = frac === 0 ? m : m / POW10[frac]!;
  return neg ? -x : x;
}

/** A field of scanPlainCsvLine read as a plain decimal (parsePlainDecimalBytes) into `values`, `shortest`. */
export const FIELD_NUMBER = 1;
/** A field of scanPlainCsvLine hashed (FNV-1a of its bytes, as hashBytes) into `hashes`. */
export const FIELD_HASH = 2;

/**
 * What scanPlainCsvLine reads a line with: one role per column (FIELD_NUMBER | FIELD_HASH bits, 0 = only split), and
 * the arrays it fills, all of the table's width (bounds one longer).
 */
export class PlainLine {
  readonly roles: Uint8Array;
  /** Field i is `bounds[i], bounds[i + 1] - 1` (as splitPlainCsvBytes). */
  readonly bounds: Int32Array;
  readonly values: Float64Array;
  /** 1 where the number field's text is `String` of its value (plainDecimal.shortest). */
  readonly shortest: Uint8Array;
  readonly hashes: Int32Array;

  constructor(roles: ArrayLike<number>) {
    this.roles = Uint8Array.from(roles);
    this.bounds = new Int32Array(roles.length + 1);
    this.values = new Float64Array(roles.length);
    this.shortest = new Uint8Array(roles.length);
    this.hashes = new Int32Array(roles.length);
  }
}

/**
 * One pass over the line `buf[start, end)`: splits it on commas into `plan.bounds` (as splitPlainCsvBytes), reads each
 * FIELD_NUMBER field as parsePlainDecimalBytes does (value and shortest flag) and hashes each FIELD_HASH field as
 * hashBytes does. Returns the field count, or -1 when the line is not plain (a quote or non-ASCII byte), has more
 * fields than `plan.roles`, or a number field is not `-?digits[.digits]` of at most 15 digits: the caller then takes
 * the text path, which decides.
 */
export function scanPlainCsvLine(buf: Uint8Array, start: number, end: number, plan: PlainLine): number {
  const roles = plan.roles;
  const bounds = plan.bounds;
  const width = roles.length;
  let p = start;
  let i = 0;
  for (;;) {
    bounds[i] = p;
    const role = roles[i]!;
    if ((role & FIELD_NUMBER) !== 0) {
      const neg = p < end && buf[p] === 45;
      if (neg) p++;
      const first = p;
      let m = 0;
      /** Where the dot is, or -1: digits and decimals are counted from it at the end, not per digit. */
      let dotAt = -1;
      for (; p < end; p++) {
        const d = buf[p]! - 48;
        if (d >= 0 && d <= 9) m = m * 10 + d;
        // '.' (46) once, then ',' (44) ends the field.
        else if (d === -2 && dotAt < 0) dotAt = p;
        else if (d === -4) break;
        else return -1;
      }
      const dot = dotAt >= 0;
      const digits = dot ? p - first - 1 : p - first;
      if (digits === 0 || digits > 15) return -1;
      const frac = dot ? p - dotAt - 1 : 0;
      const int = digits - frac;
      // The conditions of plainDecimal.shortest (see parsePlainDecimalBytes).
      plan.shortest[i] = int > 0 && (buf[first] !== 48 || (int === 1 && (dot || !neg))) && (!dot || (frac > 0 && frac <= 6 && buf[p - 1] !== 48)) ? 1 : 0;
      const x = frac === 0 ? m : m / POW10[frac]!;
      plan.values[i] = neg ? -x : x;
      if ((role & FIELD_HASH) !== 0) {
        let h = FNV_OFFSET;
        for (let k = bounds[i]!; k < p; k++) h = Math.imul(h ^ buf[k]!, FNV_PRIME);
        plan.hashes[i] = h;
      }
    } else if (role !== 0) {
      let h = FNV_OFFSET;
      for (; p < end; p++) {
        const c = buf[p]!;
        if (c === 44) break;
        if (c === 34 || c >= 0x80) return -1;
        h = Math.imul(h ^ c, FNV_PRIME);
      }
      plan.hashes[i] = h;
    } else {
      for (; p < end; p++) {
        const c = buf[p]!;
        if (c === 44) break;
        if (c === 34 || c >= 0x80) return -1;
      }
    }
    i++;
    if (p >= end) break;
    // Past the comma; a comma in the last column means more fields than the table has.
    p++;
    if (i >= width) return -1;
  }
  bounds[i] = end + 1;
  return i;
}

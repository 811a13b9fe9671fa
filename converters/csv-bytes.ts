// The fast path of CSV lines as bytes: plain ASCII fields split without strings, decimals parsed without text.

/** 10^k for k = 0…22, exact doubles (the range where m / 10^k is correctly rounded for integer m < 2^53). */
const POW10 = Float64Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * Splits `buf[start, end)` on commas into `bounds` (field i is `bounds[i], bounds[i+1] - 1`; bounds[width] = end + 1)
 * when the line is plain: ASCII only, no quote. Returns the field count, or -1 when the line is not plain (the caller
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
 * Parses `buf[start, end)` when it is `-?digits[.digits]` with at most 15 digits: the same double as `Number(text)`
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

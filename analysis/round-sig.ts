// Rounding to significant digits exactly as Python's `float('%.6g' % x)` (round half to even on the exact value).

/**
 * Rounds x to `digits` significant decimal digits (1..21), ties to even on the exact binary value, as
 * Python's `%g` formatting does; published analyses read window metrics rounded this way. Non-finite and 0
 * pass through. Throws RangeError for digits outside 1..21.
 */
export function roundSig(x: number, digits: number): number {
  if (!Number.isInteger(digits) || digits < 1 || digits > 21) throw new RangeError(`roundSig digits must be 1..21, got ${digits}`);
  if (!Number.isFinite(x) || x === 0) return x;
  const [mantissa = '', exponent = '0'] = Math.abs(x).toExponential(99).split('e');
  const allDigits = mantissa.replace('.', '');
  const tail = allDigits.slice(digits);
  // toPrecision rounds ties away from zero; a tie needs the even digit instead. A double that is an exact tie at
  // this precision has a short decimal expansion, so 100 digits show it exactly.
  if (/^50*$/.test(tail)) {
    const kept = allDigits.slice(0, digits);
    if (Number(kept[kept.length - 1]) % 2 === 0) {
      const value = Number(`${kept}e${Number(exponent) + 1 - digits}`);
      return x < 0 ? -value : value;
    }
  }
  return Number(x.toPrecision(digits));
}

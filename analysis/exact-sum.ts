// Exactly rounded summation (Shewchuk's algorithm, as CPython's math.fsum), used for bootstrap means.

const partials = new Float64Array(128);

/**
 * The sum of values[0..count), correctly rounded (bit-identical to Python's `math.fsum`). O(count) with a small
 * constant; non-finite input falls back to plain addition so Infinity/NaN propagate. Not reentrant-safe across
 * threads, but JavaScript runs it on one.
 */
export function exactSum(values: ArrayLike<number>, count: number = values.length): number {
  let n = 0;
  for (let k = 0; k < count; k++) {
    let x = values[k]!;
    if (!Number.isFinite(x)) return plainSum(values, count);
    let i = 0;
    for (let j = 0; j < n; j++) {
      let y = partials[j]!;
      if (Math.abs(x) < Math.abs(y)) {
        const t = x;
        x = y;
        y = t;
      }
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) partials[i++] = lo;
      x = hi;
    }
    if (!Number.isFinite(x)) return plainSum(values, count);
    n = i;
    if (x !== 0) partials[n++] = x;
  }
  if (n === 0) return 0;
  let hi = partials[--n]!;
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = partials[--n]!;
    hi = x + y;
    lo = y - (hi - x);
    if (lo !== 0) break;
  }
  // Round half-even correctly when the remaining partials push a tie one way (CPython mathmodule.c).
  if (n > 0 && ((lo < 0 && partials[n - 1]! < 0) || (lo > 0 && partials[n - 1]! > 0))) {
    const y = lo * 2;
    const x = hi + y;
    if (y === x - hi) hi = x;
  }
  return hi;
}

/** The mean of values[0..count) as `math.fsum(values) / count` (NaN for count 0). */
export function exactMean(values: ArrayLike<number>, count: number = values.length): number {
  return exactSum(values, count) / count;
}

function plainSum(values: ArrayLike<number>, count: number): number {
  let s = 0;
  for (let k = 0; k < count; k++) s += values[k]!;
  return s;
}

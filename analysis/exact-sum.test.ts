// exactSum and exactMean: float sums rounded once from the exact value, as Python's math.fsum.
import { describe, expect, it } from 'vitest';
import { exactMean, exactSum } from './exact-sum.ts';

describe('exactSum', () => {
  it('rounds the exact sum correctly, as math.fsum', () => {
    // Provenance: Python 3.11.7 math.fsum on the same inputs.
    expect(exactSum([0.1, 0.2, 0.3])).toBe(0.6);
    expect(exactSum([1e100, 1, -1e100])).toBe(1);
    expect(exactSum([1, 1e-16, 1e-16])).toBe(1.0000000000000002);
    expect(0.1 + 0.2 + 0.3).not.toBe(0.6);
  });

  it('sums only the first `count` values and is 0 when empty', () => {
    expect(exactSum([1, 2, 100], 2)).toBe(3);
    expect(exactSum([])).toBe(0);
    expect(exactMean([1, 2, 3, 4])).toBe(2.5);
  });

  it('propagates non-finite input instead of hiding it', () => {
    expect(exactSum([1, Number.NaN])).toBeNaN();
    expect(exactSum([1, Number.POSITIVE_INFINITY])).toBe(Number.POSITIVE_INFINITY);
  });
});

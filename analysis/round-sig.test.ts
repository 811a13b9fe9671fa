// roundSig: rounding to significant digits as Python's '%.6g' does (ties to even on the exact value).
import { describe, expect, it } from 'vitest';
import { roundSig } from './round-sig.ts';

describe('roundSig', () => {
  it("matches Python's float('%.6g' % x), ties to even on the exact value", () => {
    // Provenance: Python 3.11.7, float('%.6g' % x) and float('%.2g' % x).
    expect(roundSig(1234565, 6)).toBe(1234560);
    expect(roundSig(1234575, 6)).toBe(1234580);
    expect(roundSig(-1234565, 6)).toBe(-1234560);
    expect(roundSig(28695912.4, 6)).toBe(28695900);
    expect(roundSig(6495.515, 6)).toBe(6495.52);
    expect(roundSig(0.000123456789, 6)).toBe(0.000123457);
    expect(roundSig(0.125, 2)).toBe(0.12);
    expect(roundSig(125, 2)).toBe(120);
  });

  it('passes 0 and non-finite values through', () => {
    expect(roundSig(0, 6)).toBe(0);
    expect(roundSig(Number.POSITIVE_INFINITY, 6)).toBe(Number.POSITIVE_INFINITY);
  });

  it('rejects a digit count outside 1..21', () => {
    expect(() => roundSig(1, 0)).toThrow(RangeError);
    expect(() => roundSig(1, 22)).toThrow(RangeError);
  });
});

// Tests of the boundary refresh decision (validity, boundary hysteresis) and of tier hysteresis, rule by rule.
import { describe, expect, it } from 'vitest';
import { BoundaryDecision, decideBoundaries, tierOf, tierWithHysteresis, validBoundaries } from './boundaries.ts';

const f = (...x: number[]): Float64Array => Float64Array.from(x);

describe('boundary refresh decision', () => {
  const out = new Float64Array(2);

  it('ignores degenerate candidates: β_1 ≤ 0, not strictly increasing, NaN', () => {
    expect(validBoundaries(f(0, 5), 2)).toBe(false);
    expect(validBoundaries(f(5, 5), 2)).toBe(false);
    expect(validBoundaries(f(6, 5), 2)).toBe(false);
    expect(validBoundaries(f(Number.NaN, 5), 2)).toBe(false);
    expect(validBoundaries(f(1e-9, 5), 2)).toBe(true);
    expect(decideBoundaries(null, f(0, 5), 2, 0.1, out)).toBe(BoundaryDecision.degenerate);
    expect(decideBoundaries(f(10, 100), f(7, 7), 2, 0.1, out)).toBe(BoundaryDecision.degenerate);
  });

  it('publishes the first valid candidate as is', () => {
    expect(decideBoundaries(null, f(3, 30), 2, 0.1, out)).toBe(BoundaryDecision.published);
    expect(Array.from(out)).toEqual([3, 30]);
  });

  it('keeps each old boundary within ±10 % (inclusive) and takes the new one elsewhere', () => {
    expect(decideBoundaries(f(10, 100), f(11, 150), 2, 0.1, out)).toBe(BoundaryDecision.published);
    expect(Array.from(out)).toEqual([10, 150]); // |11 − 10| = 1 ≤ 1 kept; |150 − 100| = 50 > 10 replaced
    expect(decideBoundaries(f(10, 100), f(8.9, 100), 2, 0.1, out)).toBe(BoundaryDecision.published);
    expect(Array.from(out)).toEqual([8.9, 100]);
  });

  it('publishes nothing when the mixed vector equals the old one', () => {
    expect(decideBoundaries(f(10, 100), f(10.5, 95), 2, 0.1, out)).toBe(BoundaryDecision.unchanged);
  });

  it('publishes the candidate unmixed when the mixed vector would be invalid', () => {
    // old [10, 11], cand [11.05, 11.5]: β1 moves (1.05 > 1), β2 is kept (0.5 ≤ 1.1) → mixed [11.05, 11] not increasing
    expect(decideBoundaries(f(10, 11), f(11.05, 11.5), 2, 0.1, out)).toBe(BoundaryDecision.published);
    expect(Array.from(out)).toEqual([11.05, 11.5]);
  });
});

describe('tiers', () => {
  const b = f(10, 100);

  it('tier_of counts boundaries ≤ x', () => {
    expect([0, 9.99, 10, 99.9, 100, 1e6].map((x) => tierOf(b, 2, x))).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('without a held tier, takes the raw tier', () => {
    expect(tierWithHysteresis(b, 2, 10.5, -1, 0.1)).toBe(1);
  });

  it('holds tier 0 below 1.1·β_1 (lo = 0)', () => {
    expect(tierWithHysteresis(b, 2, 10.99, 0, 0.1)).toBe(0);
    expect(tierWithHysteresis(b, 2, 11, 0, 0.1)).toBe(1); // hi is exclusive
  });

  it('holds a middle tier in [0.9·β_h, 1.1·β_{h+1})', () => {
    expect(tierWithHysteresis(b, 2, 9, 1, 0.1)).toBe(1); // lo inclusive
    expect(tierWithHysteresis(b, 2, 8.99, 1, 0.1)).toBe(0);
    expect(tierWithHysteresis(b, 2, 109.99, 1, 0.1)).toBe(1);
    expect(tierWithHysteresis(b, 2, 110.01, 1, 0.1)).toBe(2); // 1.1·100 rounds to 110.00000000000001
  });

  it('holds the last tier above 0.9·β_{L−1} (hi = ∞) and jumps when far away', () => {
    expect(tierWithHysteresis(b, 2, 90, 2, 0.1)).toBe(2);
    expect(tierWithHysteresis(b, 2, 89.9, 2, 0.1)).toBe(1);
    expect(tierWithHysteresis(b, 2, 5, 2, 0.1)).toBe(0);
    expect(tierWithHysteresis(b, 2, 500, 0, 0.1)).toBe(2);
  });
});

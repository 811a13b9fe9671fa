// The per-seed change over replications: mean and t-interval checked by hand.
import { describe, expect, it } from 'vitest';
import { seedChangeInterval } from './seed-change-interval.ts';

describe('seedChangeInterval', () => {
  it('gives the mean of the per-seed changes and their 95 % t-interval', () => {
    // Changes −0.3, −0.2, −0.1 (seed 4 has no baseline and is left out): mean −0.2, s = 0.1,
    // t(0.975, 2 df) = 4.302653 (Student's t table), half-width 4.302653 · 0.1 / √3 = 0.248414.
    const r = seedChangeInterval(new Map([[1, 70], [2, 80], [3, 90], [4, 1]]), new Map([[3, 100], [1, 100], [2, 100]]))!;
    expect(r.seeds).toBe(3);
    expect(r.point).toBeCloseTo(-0.2, 12);
    expect(r.low).toBeCloseTo(-0.448414, 6);
    expect(r.high).toBeCloseTo(0.048414, 6);
  });
  it('gives null with one shared seed or a baseline of 0', () => {
    expect(seedChangeInterval(new Map([[1, 70], [2, 80]]), new Map([[1, 100]]))).toBeNull();
    expect(seedChangeInterval(new Map([[1, 70], [2, 80]]), new Map([[1, 100], [2, 0]]))).toBeNull();
  });
});

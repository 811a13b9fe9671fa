// Student's t: quantiles against published table values, the t-interval by hand, and bad input.
import { describe, expect, it } from 'vitest';
import { studentTCdf, studentTQuantile, tInterval } from './student-t.ts';

describe('Student t', () => {
  it('quantiles match the tables (scipy.stats.t.ppf(0.975, df): 12.7062047361747, 2.7764451051977987, 2.0638985616280205)', () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.7062047361747, 8);
    expect(studentTQuantile(0.975, 4)).toBeCloseTo(2.7764451051977987, 9);
    expect(studentTQuantile(0.975, 24)).toBeCloseTo(2.0638985616280205, 9);
    expect(studentTCdf(0, 5)).toBeCloseTo(0.5, 12);
  });

  it('refuses p outside (0, 1) and df ≤ 0', () => {
    expect(() => studentTQuantile(1, 3)).toThrow(RangeError);
    expect(() => studentTQuantile(0.5, 0)).toThrow(RangeError);
  });

  it('t-interval of 1, 2, 3, 4, 5: mean 3 ± 2.7764451·√2.5/√5', () => {
    const r = tInterval([1, 2, 3, 4, 5], 0.95);
    const half = 2.7764451051977987 * Math.sqrt(2.5 / 5);
    expect(r.mean).toBe(3);
    expect(r.low).toBeCloseTo(3 - half, 9);
    expect(r.high).toBeCloseTo(3 + half, 9);
    expect(() => tInterval([1], 0.95)).toThrow(RangeError);
  });
});

// Numerical closed forms of size-based orders: Simpson's rule, ρ(x), Phipps's SJF wait and Schrage–Miller's SRPT response.
import { describe, expect, it } from 'vitest';
import { exponentialDensity, loadUpTo, meanOverSizes, simpson, sjfWaitAt, srptResponseAt } from './size-based.ts';

const exp1 = exponentialDensity(1);

describe('size-based closed forms', () => {
  it('simpson integrates a cubic exactly and a step only approximately', () => {
    expect(simpson((x) => x ** 3, 0, 2, 2)).toBeCloseTo(4, 12);
    expect(Math.abs(simpson((x) => (x < 0.5 ? 1 : 0), 0, 1, 3) - 0.5)).toBeGreaterThan(0.01);
  });

  it('ρ(x) for exponential service is λμ⁻¹(1 − e^{−μx}(1 + μx)); 0 at x ≤ 0', () => {
    // Closed form of ∫_0^x t e^{−t} dt with μ = 1.
    expect(loadUpTo(0.5, exp1, 2)).toBeCloseTo(0.5 * (1 - Math.exp(-2) * 3), 8);
    expect(loadUpTo(0.5, exp1, -1)).toBe(0);
  });

  it('the SJF wait of the smallest job is W0 = λE[S²]/2 and rises with size; ρ ≥ 1 throws', () => {
    // M/M/1, μ = 1: E[S²] = 2, so W0 = λ.
    expect(sjfWaitAt(0.5, exp1, 0)).toBeCloseTo(0.5, 6);
    expect(sjfWaitAt(0.5, exp1, 3)).toBeGreaterThan(sjfWaitAt(0.5, exp1, 1));
    // Kleinrock's conservation: ∫ρ-weighted SJF waits equal FIFO's ρ·W_FIFO; with exponential sizes the mean over
    // sizes of x·W(x)·λ equals ρ·ρ/(1 − ρ) = 0.5 at ρ = 0.5.
    expect(0.5 * meanOverSizes((x) => x * sjfWaitAt(0.5, exp1, x), exp1)).toBeCloseTo(0.5, 3);
    expect(() => sjfWaitAt(1.2, exp1, 1)).toThrow(RangeError);
  });

  it('the SRPT response tends to the size itself at light load and is 0 for a zero-size job', () => {
    expect(srptResponseAt(1e-6, exp1, 2)).toBeCloseTo(2, 4);
    expect(srptResponseAt(0.5, exp1, 0)).toBe(0);
    expect(srptResponseAt(0.5, exp1, 2)).toBeGreaterThan(2);
  });

  it('meanOverSizes of a constant is that constant, over any band', () => {
    expect(meanOverSizes(() => 7, exp1)).toBeCloseTo(7, 9);
    expect(meanOverSizes(() => 7, exp1, 1, 2)).toBeCloseTo(7, 9);
  });
});

// Job sizes of the prodflow and serverless generators: cost follows size for some job types and not others; durations unchanged.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/rng/seeded.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { InputError } from '../../src/errors.ts';
import { sizeFollowingCost, unrelatedSize } from './job-sizes.ts';
import { generateProdflow } from './prodflow.ts';
import { generateServerless, SERVERLESS_DEFAULTS } from './serverless.ts';

/** Pearson correlation of ln duration and ln size over the rows where `pick` holds. */
function logCorrelation(t: Trace, pick: (r: number) => boolean): number {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let r = 0; r < t.n; r++) {
    if (!pick(r) || !(t.duration[r]! > 0)) continue;
    xs.push(Math.log(t.duration[r]!));
    ys.push(Math.log(t.size![r]!));
  }
  const mean = (v: number[]): number => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

const classIs = (t: Trace, name: string) => (r: number): boolean => t.classes![t.classId![r]!] === name;

describe('sizeFollowingCost and unrelatedSize', () => {
  it('without noise the size is the median size scaled by cost / median cost: 20 ms of a 10 ms median, 20 kB → 40 kB', () => {
    expect(sizeFollowingCost(createRng(1), 20, 10, 20_000, 0)).toBe(40_000);
    expect(sizeFollowingCost(createRng(1), 2.5, 10, 20_000, 0)).toBe(5000);
  });

  it('never gives a size below 1 byte (a zero cost, a tiny median)', () => {
    expect(sizeFollowingCost(createRng(1), 0, 10, 20_000, 0)).toBe(1);
    expect(unrelatedSize(createRng(1), 0.001, 0.1)).toBe(1);
  });
});

describe('prodflow --sizes', () => {
  const plain = generateProdflow({ workers: 4 }, createRng(3));
  const sized = generateProdflow({ workers: 4, sizes: { noise: 0.25 } }, createRng(3));

  it('adds a size column and leaves every arrival, duration, key and class as without it', () => {
    expect(plain.size).toBeNull();
    expect(sized.size).not.toBeNull();
    expect(Array.from(sized.duration)).toEqual(Array.from(plain.duration));
    expect(Array.from(sized.arrival)).toEqual(Array.from(plain.arrival));
    expect(Array.from(sized.classId!)).toEqual(Array.from(plain.classId!));
  });

  it('an invoice costs in proportion to its size, a stock reservation does not', () => {
    // create-invoice: σ_cost 0.5, noise 0.25 → corr(ln d, ln s) = 0.5/√(0.5² + 0.25²) ≈ 0.89 in theory.
    expect(logCorrelation(sized, classIs(sized, 'create-invoice'))).toBeGreaterThan(0.85);
    expect(Math.abs(logCorrelation(sized, classIs(sized, 'reserve-stock')))).toBeLessThan(0.05);
  });

  it('with noise 0 an invoice\'s cost per byte is one constant (10 ms per 20 kB), up to the rounding of ms and bytes', () => {
    const exact = generateProdflow({ workers: 4, sizes: { noise: 0 } }, createRng(3));
    const invoice = classIs(exact, 'create-invoice');
    for (let r = 0; r < exact.n; r++) {
      if (invoice(r) && exact.duration[r]! > 1) expect(exact.duration[r]! / exact.size![r]!).toBeCloseTo(10 / 20_000, 5);
    }
  });

  it('refuses a negative noise naming the option', () => {
    expect(() => generateProdflow({ workers: 4, sizes: { noise: -1 } }, createRng(3))).toThrow(InputError);
    expect(() => generateProdflow({ workers: 4, sizes: { noise: -1 } }, createRng(3))).toThrow(/--size-noise/);
  });
});

describe('serverless --sizes', () => {
  const opts = { ...SERVERLESS_DEFAULTS, n: 20_000, keys: 20 };
  const sized = generateServerless({ ...opts, sizes: { noise: 0.25 } }, createRng(5));

  it('durations as without sizes; odd-ranked keys follow their size, even-ranked ones do not', () => {
    expect(Array.from(sized.duration)).toEqual(Array.from(generateServerless(opts, createRng(5)).duration));
    const rank = (r: number): number => Number(sized.keys[sized.keyId[r]!]!.slice(2));
    // σ 1, noise 0.25 → correlation 1/√(1 + 0.0625) ≈ 0.97 within a key.
    expect(logCorrelation(sized, (r) => rank(r) === 1)).toBeGreaterThan(0.9);
    expect(Math.abs(logCorrelation(sized, (r) => rank(r) === 2))).toBeLessThan(0.1);
  });

  it('refuses a noise above 10', () => {
    expect(() => generateServerless({ ...opts, sizes: { noise: 11 } }, createRng(5))).toThrow(/--size-noise/);
  });
});

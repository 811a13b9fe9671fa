// selectKth and nearestRankQuantiles against sorting, on seeded random input (the plain reference is a sort).
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng/seeded.ts';
import { nearestRank } from './nearest-rank.ts';
import { nearestRankQuantiles, selectKth } from './select.ts';

describe('selection', () => {
  it('selectKth equals the sorted k-th value on random arrays with ties', () => {
    const rng = createRng('select');
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(rng.next() * 200);
      const a = Float64Array.from({ length: n }, () => Math.floor(rng.next() * 20) / 4);
      const sorted = Float64Array.from(a).sort();
      const k = Math.floor(rng.next() * n);
      expect(selectKth(Float64Array.from(a), k)).toBe(sorted[k]);
    }
  });

  it('selectKth equals the sorted k-th value on large ranges (sampled windows): heavy tails, runs, sorted and reversed', () => {
    const rng = createRng('select-large');
    const shapes: ((i: number, n: number) => number)[] = [
      () => 1 / (rng.next() + 1e-9) ** 1.5, // Pareto-like tail
      () => Math.floor(rng.next() * 3), // three values only
      (i) => i, // sorted
      (i, n) => n - i, // reversed
      (i) => (i % 97) * 1000 + rng.next(), // sawtooth
    ];
    for (let trial = 0; trial < 60; trial++) {
      const n = 601 + Math.floor(rng.next() * 20000);
      const shape = shapes[trial % shapes.length]!;
      const a = Float64Array.from({ length: n }, (_, i) => shape(i, n));
      const lo = Math.floor(rng.next() * 50);
      for (const q of [0, 0.5, 0.95, 0.99, 1]) {
        const k = Math.min(n - 1, lo + Math.floor(q * (n - 1 - lo)));
        const b = Float64Array.from(a);
        const want = Float64Array.from(b.subarray(lo)).sort()[k - lo];
        expect(selectKth(b, k, lo, n)).toBe(want);
        // The partition property that successive selections rely on.
        let misplaced = 0;
        for (let x = lo; x < n; x++) if ((x < k && b[x]! > b[k]!) || (x > k && b[x]! < b[k]!)) misplaced++;
        expect(misplaced).toBe(0);
      }
    }
  });

  it('nearestRankQuantiles equals nearestRank on the sorted values', () => {
    const rng = createRng('quantiles');
    const qs = [0.5, 0.95, 0.99];
    const out = new Float64Array(3);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(rng.next() * 500);
      const a = Float64Array.from({ length: n }, () => rng.next() * 1000);
      const sorted = Float64Array.from(a).sort();
      nearestRankQuantiles(a, n, qs, out);
      expect(Array.from(out)).toEqual(qs.map((q) => nearestRank(sorted, q)));
    }
  });

  it('gives NaN for an empty range', () => {
    const out = new Float64Array(1);
    nearestRankQuantiles(new Float64Array(0), 0, [0.5], out);
    expect(out[0]).toBeNaN();
  });
});

// selectKth and nearestRankQuantiles against sorting, on seeded random input (the plain reference is a sort).
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng/seeded.ts';
import { nearestRank } from './nearest-rank.ts';
import { nearestRankQuantiles, nearestRankQuantilesOf, radixQuantiles, selectionQuantiles, selectKth } from './select.ts';

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

  it('nearestRankQuantilesOf leaves small inputs and long quantile lists as they were (selecting on a copy)', () => {
    const rng = createRng('quantiles-of');
    for (let trial = 0; trial < 50; trial++) {
      const n = 1 + Math.floor(rng.next() * (trial % 2 === 0 ? 300 : 6000));
      const a = Float64Array.from({ length: n }, () => rng.next() * 100);
      const before = Float64Array.from(a);
      const qs = trial % 3 === 0 ? [0.1, 0.2, 0.3, 0.5, 0.9] : [0.5];
      const out = new Float64Array(qs.length);
      nearestRankQuantilesOf(a, n, qs, out);
      expect(a).toEqual(before);
      const sorted = Float64Array.from(a).sort();
      expect(Array.from(out)).toEqual(qs.map((q) => nearestRank(sorted, q)));
    }
  });

  it('gives NaN for an empty range', () => {
    const out = new Float64Array(1);
    nearestRankQuantiles(new Float64Array(0), 0, [0.5], out);
    expect(out[0]).toBeNaN();
  });

  it('radixQuantiles equals the sorted values (and the selection path) on large arrays of every shape, a untouched', () => {
    const rng = createRng('radix');
    const shapes: ((i: number) => number)[] = [
      () => rng.next() * 1000, // uniform: many buckets
      () => 1 / (rng.next() + 1e-9) ** 1.5, // heavy tail over many octaves
      () => 5 + rng.next() * 1e-9, // one bucket holds everything
      () => Math.floor(rng.next() * 3), // three values, with zeros
      () => (rng.next() - 0.5) * 1e6, // negatives and positives
      (i) => (i % 2 === 0 ? -0 : 0) + (i % 5 === 0 ? 1 : 0), // both zeros: −0 sorts first, as in a sorted array
      () => 7, // all equal
    ];
    const qsets = [[0.5], [0.5, 0.99], [0.5, 0.95, 0.99], [0, 1e-9, 1], [0.999, 0.9995, 1]];
    for (let trial = 0; trial < 70; trial++) {
      const n = 4096 + Math.floor(rng.next() * 40000);
      const a = Float64Array.from({ length: n + 5 }, (_, i) => shapes[trial % shapes.length]!(i));
      const sorted = Float64Array.from(a.subarray(0, n)).sort();
      const qs = qsets[trial % qsets.length]!;
      const before = Float64Array.from(a);
      const out = new Float64Array(qs.length);
      radixQuantiles(a, n, qs, out);
      expect(a).toEqual(before);
      qs.forEach((q, j) => expect(Object.is(out[j], nearestRank(sorted, q, 0, n))).toBe(true));
      const viaSelection = new Float64Array(qs.length);
      selectionQuantiles(Float64Array.from(a), n, qs, viaSelection);
      // Equal as numbers (selection may return either zero where both are present).
      expect(Array.from(viaSelection).map((x) => x + 0)).toEqual(Array.from(out).map((x) => x + 0));
      const dispatched = new Float64Array(qs.length);
      nearestRankQuantiles(Float64Array.from(a), n, qs, dispatched);
      expect(Array.from(dispatched)).toEqual(Array.from(out));
      nearestRankQuantilesOf(a, n, qs, dispatched);
      expect(Array.from(dispatched)).toEqual(Array.from(out));
      expect(a).toEqual(before);
    }
  });
});

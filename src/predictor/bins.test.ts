// Tests of the 48 log bins: edges, bin of hand-picked values, linear-in-bin quantiles on hand-computed histograms.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BIN_COUNT, BIN_LOWER_EDGES, BIN_UPPER_EDGES, binIndex, histogramQuantile, histogramQuantilePair } from './bins.ts';

// r = 600000^(1/47) = exp(13.304684934198283 / 47) = exp(0.28307840285528264) ≈ 1.3272 (hand: ln 600000 = 13.3047).
const r = Math.pow(600000, 1 / 47);

describe('bins', () => {
  it('has 48 bins: [0,1), [r^(k−1), r^k), the last ending at exactly 600000', () => {
    expect(BIN_COUNT).toBe(48);
    expect(r).toBeCloseTo(1.32721, 4);
    expect(BIN_LOWER_EDGES[0]).toBe(0);
    expect(BIN_UPPER_EDGES[0]).toBe(1);
    expect(BIN_UPPER_EDGES[1]).toBeCloseTo(r, 12);
    expect(BIN_UPPER_EDGES[10]).toBeCloseTo(Math.pow(r, 10), 9);
    expect(BIN_UPPER_EDGES[47]).toBe(600000);
    expect(BIN_LOWER_EDGES[47]).toBeCloseTo(600000 / r, 6);
  });

  it('puts hand-picked values in the right bins (0 and <1 ms in bin 0, 600000 and above in bin 47)', () => {
    expect(binIndex(0)).toBe(0);
    expect(binIndex(0.999)).toBe(0);
    expect(binIndex(1)).toBe(1);
    expect(binIndex(1.327)).toBe(1); // just below r
    expect(binIndex(1.3273)).toBe(2); // just above r
    // ln 10 / ln r = 2.302585 / 0.283078 = 8.134 → floor 8, + 1 = bin 9
    expect(binIndex(10)).toBe(9);
    // ln 1000 / ln r = 6.907755 / 0.283078 = 24.40 → bin 25
    expect(binIndex(1000)).toBe(25);
    expect(binIndex(599999)).toBe(47);
    expect(binIndex(600000)).toBe(47);
    expect(binIndex(1e12)).toBe(47);
  });

  it('agrees exactly with the stored edges at and around every edge', () => {
    for (let k = 1; k < BIN_COUNT; k++) {
      const lo = BIN_LOWER_EDGES[k]!;
      expect(binIndex(lo)).toBe(k);
      expect(binIndex(lo * (1 - 1e-15))).toBe(k - 1);
      if (k < BIN_COUNT - 1) expect(binIndex(BIN_UPPER_EDGES[k]! * (1 - 1e-15))).toBe(k);
    }
    fc.assert(
      fc.property(fc.double({ min: 0, max: 700000, noNaN: true }), (v) => {
        const k = binIndex(v);
        return k === BIN_COUNT - 1 ? v >= BIN_LOWER_EDGES[k]! : BIN_LOWER_EDGES[k]! <= v && v < BIN_UPPER_EDGES[k]!;
      }),
      { seed: 4242, numRuns: 2000 },
    );
  });
});

describe('histogramQuantile', () => {
  const h = new Float64Array(BIN_COUNT);
  h[0] = 1;
  h[2] = 3;

  it('interpolates linearly inside the bin where the cumulative weight reaches q·total (hand-computed)', () => {
    // total 4; q = 0.5 → target 2: bin 0 gives cum 1 < 2; bin 2 = [r, r²) reaches: r + (r² − r)·(2 − 1)/3
    expect(histogramQuantile(h, 0, 4, 0.5)).toBeCloseTo(r + (r * r - r) / 3, 12);
    // q = 0.25 → target 1 is reached exactly at the end of bin 0 → its upper edge 1
    expect(histogramQuantile(h, 0, 4, 0.25)).toBe(1);
    // q = 0.125 → target 0.5 → half-way through [0, 1)
    expect(histogramQuantile(h, 0, 4, 0.125)).toBe(0.5);
    // q = 1 → the upper edge of bin 2
    expect(histogramQuantile(h, 0, 4, 1)).toBeCloseTo(r * r, 12);
  });

  it('gives the lower edge of the first non-empty bin for target 0, and 0 when empty', () => {
    expect(histogramQuantile(h, 0, 4, 0)).toBe(0);
    const g = new Float64Array(BIN_COUNT);
    g[5] = 2;
    expect(histogramQuantile(g, 0, 2, 0)).toBe(BIN_LOWER_EDGES[5]);
    expect(histogramQuantile(new Float64Array(BIN_COUNT), 0, 0, 0.5)).toBe(0);
  });

  it('ignores a common scale factor and reads at an offset', () => {
    const big = new Float64Array(BIN_COUNT * 2);
    big[BIN_COUNT + 0] = 1e90;
    big[BIN_COUNT + 2] = 3e90;
    expect(histogramQuantile(big, BIN_COUNT, 4e90, 0.5)).toBeCloseTo(r + (r * r - r) / 3, 12);
  });

  it('the pair walk equals two single walks', () => {
    const out = new Float64Array(2);
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 5, noNaN: true }), { minLength: BIN_COUNT, maxLength: BIN_COUNT }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (ws, a, b) => {
          const bins = Float64Array.from(ws);
          const total = ws.reduce((x, y) => x + y, 0);
          const [qa, qb] = a <= b ? [a, b] : [b, a];
          histogramQuantilePair(bins, 0, total, qa, qb, out);
          return out[0] === histogramQuantile(bins, 0, total, qa) && out[1] === histogramQuantile(bins, 0, total, qb);
        },
      ),
      { seed: 2026, numRuns: 500 },
    );
  });
});

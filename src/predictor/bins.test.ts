// Tests of the 48 log bins: edges, bin of hand-picked values, linear-in-bin quantiles on hand-computed histograms.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRng } from '../rng/seeded.ts';
import { BIN_COUNT, BIN_LOWER_EDGES, BIN_UPPER_EDGES, LN_R, MAX_BIN_VALUE_MS, binIndex, histogramQuantile, histogramQuantilePair } from './bins.ts';

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

// The earlier implementations (logarithm plus a one-step edge correction; a walk over the non-empty bins only), kept
// as references: the comparison-based bin and the branch-light walks must give the same numbers to the last bit.
function binByLog(v: number): number {
  if (v < 1) return 0;
  if (v >= MAX_BIN_VALUE_MS) return BIN_COUNT - 1;
  let k = Math.floor(Math.log(v) / LN_R) + 1;
  if (k > BIN_COUNT - 1) k = BIN_COUNT - 1;
  if (k < BIN_COUNT - 1 && v >= BIN_UPPER_EDGES[k]!) k += 1;
  else if (k > 1 && v < BIN_LOWER_EDGES[k]!) k -= 1;
  return k;
}

function quantileOverNonEmpty(bins: Float64Array, base: number, total: number, q: number): number {
  if (!(total > 0)) return 0;
  const target = q * total;
  let cum = 0;
  let last = 0;
  for (let k = 0; k < BIN_COUNT; k++) {
    const w = bins[base + k]!;
    if (w > 0) {
      last = k;
      if (cum + w >= target) {
        const lo = BIN_LOWER_EDGES[k]!;
        return lo + (BIN_UPPER_EDGES[k]! - lo) * ((target - cum) / w);
      }
      cum += w;
    }
  }
  return BIN_UPPER_EDGES[last]!;
}

describe('bins against the earlier implementations', () => {
  it('binIndex equals the logarithm with its edge correction, on every edge, its neighbours and random values', () => {
    const values: number[] = [0, 0.5, 1, 2, 599999.9999999999, 600000, 1e9];
    for (let k = 0; k < BIN_COUNT; k++) {
      const e = BIN_UPPER_EDGES[k]!;
      values.push(e, e * (1 - 2 ** -52), e * (1 + 2 ** -52), e * (1 - 1e-12), e * (1 + 1e-12));
    }
    for (let e = 0; e < 21; e++) values.push(2 ** e, 2 ** e * (1 - 2 ** -52));
    const rng = createRng('bins-vs-log');
    for (let i = 0; i < 200_000; i++) values.push(Math.exp(rng.next() * 14.5 - 1), rng.next() * 700_000);
    const differ = values.filter((v) => binIndex(v) !== binByLog(v));
    expect(differ).toEqual([]);
  });

  it('fails the comparison for a bin rule that is one edge off (the check can fail)', () => {
    const shifted = (v: number): number => (v >= BIN_UPPER_EDGES[10]! && v < BIN_UPPER_EDGES[11]! ? 10 : binIndex(v));
    expect(shifted(BIN_UPPER_EDGES[10]!)).not.toBe(binByLog(BIN_UPPER_EDGES[10]!));
  });

  it('both walks give the same bits as the walk over non-empty bins, with empty bins, a start offset and q = 0 or 1', () => {
    const out = new Float64Array(2);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 5, noNaN: true }), fc.double({ min: 0, max: 1e-300, noNaN: true })), {
          minLength: BIN_COUNT,
          maxLength: BIN_COUNT,
        }),
        fc.oneof(fc.constant(0), fc.constant(0.5), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
        fc.oneof(fc.constant(0.99), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
        fc.double({ min: 0.5, max: 1.5, noNaN: true }),
        (ws, a, b, drift) => {
          const bins = Float64Array.from(ws);
          // total as kept incrementally: it can differ from the bins' sum in the last bits (or more, here)
          const total = ws.reduce((x, y) => x + y, 0) * drift;
          const [qa, qb] = a <= b ? [a, b] : [b, a];
          const start = Math.max(0, bins.findIndex((w) => w > 0));
          histogramQuantilePair(bins, 0, total, qa, qb, out, start);
          const ra = quantileOverNonEmpty(bins, 0, total, qa);
          const rb = quantileOverNonEmpty(bins, 0, total, qb);
          return Object.is(histogramQuantile(bins, 0, total, qa), ra) && Object.is(out[0], ra) && Object.is(out[1], rb);
        },
      ),
      { seed: 1203, numRuns: 3000 },
    );
  });

  it('past the sum of the bins (a total above it) both give the upper edge of the last non-empty bin, bin 0 included', () => {
    const out = new Float64Array(2);
    for (const k of [0, 1, 7, 47]) {
      const bins = new Float64Array(BIN_COUNT);
      bins[k] = 2;
      // total 3 > sum 2: q = 0.9 aims at 2.7, beyond every bin
      expect(histogramQuantile(bins, 0, 3, 0.9)).toBe(BIN_UPPER_EDGES[k]);
      histogramQuantilePair(bins, 0, 3, 0.9, 0.95, out, k);
      expect([out[0], out[1]]).toEqual([BIN_UPPER_EDGES[k], BIN_UPPER_EDGES[k]]);
    }
    // a positive total over bins that all underflowed to 0: the upper edge of bin 0, as the earlier walk gave
    expect(histogramQuantile(new Float64Array(BIN_COUNT), 0, 1e-310, 0.5)).toBe(quantileOverNonEmpty(new Float64Array(BIN_COUNT), 0, 1e-310, 0.5));
  });
});

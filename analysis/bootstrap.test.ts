// The bootstrap: seeded resampling of indices, the resampled means and their percentile intervals.
import { describe, expect, it } from 'vitest';
import { PythonRandom } from '../src/rng/python-random.ts';
import { bootstrapMeans, percentileInterval, resampleIndices, type UniformSource } from './bootstrap.ts';

/** A source that replays fixed uniforms, so indices can be checked by hand. */
function fixed(values: number[]): UniformSource & { used: number } {
  const src = { used: 0, random: () => values[src.used++]! };
  return src;
}

describe('resampleIndices', () => {
  it('draws iid indices floor(random()·n) from the CPython generator', () => {
    const out = new Int32Array(7);
    resampleIndices('iid', 7, 4, new PythonRandom(2026), out);
    // Provenance: SPEC §7, the first values of floor(random()·7) for seed 2026.
    expect(Array.from(out)).toEqual([0, 3, 3, 6, 0, 1, 4]);
  });

  it('moving-block: ⌈n/b⌉ starts floor(u·(n−b+1)), consecutive indices, cut to n', () => {
    // n = 5, b = 2: starts floor(u·4) for u = 0, 0.99, 0.5 → 0, 3, 2 → [0,1 | 3,4 | 2] (third block cut).
    const src = fixed([0, 0.99, 0.5]);
    const out = new Int32Array(5);
    resampleIndices('moving-block', 5, 2, src, out);
    expect(Array.from(out)).toEqual([0, 1, 3, 4, 2]);
    expect(src.used).toBe(3);
  });

  it('circular-block: starts floor(u·n), indices wrap modulo n', () => {
    // n = 5, b = 2: starts floor(u·5) for u = 0.99, 0.2, 0.6 → 4, 1, 3 → [4,0 | 1,2 | 3].
    const out = new Int32Array(5);
    resampleIndices('circular-block', 5, 2, fixed([0.99, 0.2, 0.6]), out);
    expect(Array.from(out)).toEqual([4, 0, 1, 2, 3]);
    // n = 7, b = 4: two blocks from starts 5 and 6 → [5,6,0,1 | 6,0,1] (cut to 7).
    const out7 = new Int32Array(7);
    resampleIndices('circular-block', 7, 4, fixed([5 / 7 + 1e-9, 6 / 7 + 1e-9]), out7);
    expect(Array.from(out7)).toEqual([5, 6, 0, 1, 6, 0, 1]);
  });

  it('rejects a block longer than the series and an empty series', () => {
    expect(() => resampleIndices('moving-block', 3, 4, fixed([0]), new Int32Array(3))).toThrow(RangeError);
    expect(() => resampleIndices('iid', 0, 4, fixed([0]), new Int32Array(0))).toThrow(RangeError);
  });
});

describe('bootstrapMeans', () => {
  it('returns B sorted means that are means of actual resamples', () => {
    const x = [1, 2, 3, 4, 5, 6, 7, 8];
    const means = bootstrapMeans(x, { method: 'moving-block', block: 4, samples: 500, seed: 7, confidence: 0.95 });
    expect(means.length).toBe(500);
    for (let i = 1; i < means.length; i++) expect(means[i]!).toBeGreaterThanOrEqual(means[i - 1]!);
    // A moving-block resample of 8 from blocks of 4 consecutive values has a mean in [2.5, 6.5] (blocks 1..4, 5..8).
    expect(means[0]!).toBeGreaterThanOrEqual(2.5);
    expect(means[499]!).toBeLessThanOrEqual(6.5);
  });

  it('is deterministic for a seed and differs across seeds', () => {
    const x = [3, 1, 4, 1, 5, 9, 2, 6];
    const opts = { method: 'iid' as const, block: 4, samples: 200, seed: 1, confidence: 0.95 };
    expect(bootstrapMeans(x, opts)).toEqual(bootstrapMeans(x, opts));
    expect(bootstrapMeans(x, { ...opts, seed: 2 })).not.toEqual(bootstrapMeans(x, opts));
  });
});

describe('percentileInterval', () => {
  const ramp = (b: number): Float64Array => Float64Array.from({ length: b }, (_, i) => i);
  it('uses low = sorted[⌊B·α/2⌋] and high = sorted[⌈B·(1−α/2)⌉ − 1]', () => {
    expect(percentileInterval(ramp(10000), 0.95)).toEqual({ low: 250, high: 9749 });
    expect(percentileInterval(ramp(1000), 0.9)).toEqual({ low: 50, high: 949 });
    // B 101 at 0.95: B·α/2 = 2.525 → low index 2, high ⌈98.475⌉ − 1 = 98.
    expect(percentileInterval(ramp(101), 0.95)).toEqual({ low: 2, high: 98 });
  });

  it('rejects a confidence outside (0, 1) and no resamples', () => {
    expect(() => percentileInterval(ramp(100), 1)).toThrow(RangeError);
    expect(() => percentileInterval(ramp(100), 0)).toThrow(RangeError);
    expect(() => percentileInterval(ramp(0), 0.95)).toThrow(RangeError);
  });
});

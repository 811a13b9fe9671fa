// The latency CDF fold against hand-computed nearest-rank values, and its refusals.
import { describe, expect, it } from 'vitest';
import { LATENCY_CDF_PERMILLE, latencyCdf } from './latency-cdf.ts';
import type { MessageColumns } from './metrics.ts';

/** Messages with the given latencies (arrival 0, start 0, end = latency), in this order. */
function columns(latencies: readonly number[], scale = 1): MessageColumns {
  const n = latencies.length;
  return { arrival: new Float64Array(n), start: new Float64Array(n), end: Float64Array.from(latencies), duration: new Float64Array(n), scale, cls: new Uint8Array(n), levels: 3 };
}

describe('latencyCdf', () => {
  it('gives the nearest-rank latency at every level of ten shuffled messages 1 … 10 ms', () => {
    const cdf = latencyCdf(columns([7, 3, 10, 1, 9, 2, 8, 5, 4, 6]), new Float64Array(10))!;
    expect(cdf.q).toEqual(LATENCY_CDF_PERMILLE.map((pm) => pm / 1000));
    // By hand, n = 10: rank ⌈10·q⌉ (at least 1) of 1 … 10 is the latency itself. Levels 0 … 0.1 → 1; 0.15, 0.2 → 2;
    // 0.25, 0.3 → 3 (not 4: 10 · 0.3 is 3.0000000000000004 in floats); … 0.85, 0.9 → 9; 0.95 … 1 → 10.
    const expected = [1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 10, 10, 10, 10, 10];
    expect(cdf.latency_ms).toEqual(expected);
  });

  it('measures latency from arrival and applies the time scale (replay)', () => {
    const cols = { ...columns([30, 50]), arrival: Float64Array.of(10, 20) };
    // Latencies (30 − 10)·2 = 40 and (50 − 20)·2 = 60: min 40, median (rank ⌈2·0.5⌉ = 1) 40, max 60.
    const cdf = latencyCdf({ ...cols, scale: 2 }, new Float64Array(2))!;
    expect(cdf.latency_ms[0]).toBe(40);
    expect(cdf.latency_ms[cdf.q.indexOf(0.5)]).toBe(40);
    expect(cdf.latency_ms.at(-1)).toBe(60);
  });

  it('equals the plain definition (sort, then index the nearest rank) on seeded random latencies with ties', () => {
    let seed = 7;
    const next = (): number => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (const n of [1, 2, 3, 999, 1000, 4321]) {
      // Rounded to whole ms so many latencies tie.
      const latencies = Array.from({ length: n }, () => Math.round(Math.exp(8 * next())));
      const sorted = [...latencies].sort((a, b) => a - b);
      const reference = LATENCY_CDF_PERMILLE.map((pm) => sorted[Math.min(n - 1, Math.max(0, Math.ceil((n * pm) / 1000) - 1))]);
      expect(latencyCdf(columns(latencies), new Float64Array(n))!.latency_ms, `n = ${n}`).toEqual(reference);
    }
  });

  it('returns null for a run without messages and refuses a scratch shorter than the run', () => {
    expect(latencyCdf(columns([]), new Float64Array(1))).toBeNull();
    expect(() => latencyCdf(columns([1, 2, 3]), new Float64Array(2))).toThrow(/scratch holds 2 entries, expected at least 3/);
  });
});

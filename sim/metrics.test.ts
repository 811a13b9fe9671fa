// The metric fold against the one metric-name list: it returns exactly the names, and hand-computed values.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { METRIC_NAMES, type MetricName } from '../src/result/metric-names.ts';
import { MetricFolder, windowOffsets } from './metrics.ts';

/** Three messages, arrivals 0, 1, 2; starts 0, 1, 4; ends 10, 3, 5; durations 10, 2, 1; classes long, medium, short. */
function folder(): MetricFolder {
  return new MetricFolder({
    arrival: Float64Array.of(0, 1, 2), start: Float64Array.of(0, 1, 4), end: Float64Array.of(10, 3, 5),
    duration: Float64Array.of(10, 2, 1), scale: 1, cls: Uint8Array.of(2, 1, 0), levels: 3,
  });
}

describe('MetricFolder', () => {
  it('returns exactly the names of METRIC_NAMES, as its type says (a missing fold line does not compile)', () => {
    const m = folder().range(0, 3);
    expectTypeOf(m).toEqualTypeOf<Record<MetricName, number>>();
    expect(Object.keys(m).sort()).toEqual([...METRIC_NAMES].sort());
  });

  it('folds hand-computed values: latencies 10, 2, 3; waits 0, 0, 2; slowdowns 1, 1, 3', () => {
    const m = folder().range(0, 3);
    expect(m).toMatchObject({
      count: 3, mean_latency_ms: 5, p50_latency_ms: 3, p99_latency_ms: 10, mean_wait_ms: 2 / 3,
      slowdown_p50: 1, slowdown_p99: 3, long_max_wait_ms: 0, short_mean_ms: 3, medium_mean_ms: 2, long_mean_ms: 10,
    });
    expect(folder().subset(Int32Array.of(2)).long_mean_ms).toBe(0);
  });

  it('gives 0, not NaN, for an empty range', () => {
    const m = folder().range(1, 1);
    expect(Object.values(m).every((v) => v === 0)).toBe(true);
  });
});

describe('windowOffsets', () => {
  it('splits by count and by time', () => {
    expect(Array.from(windowOffsets(Float64Array.of(0, 1, 2, 10), 2, 'count'))).toEqual([0, 2, 4]);
    // Span 10: t = 0, 1, 2 fall in window 0, t = 10 in window min(1, 2) = 1.
    expect(Array.from(windowOffsets(Float64Array.of(0, 1, 2, 10), 2, 'time'))).toEqual([0, 3, 4]);
  });
});

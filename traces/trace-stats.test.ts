// Tests of the trace statistics on a hand-computed trace.
import { describe, expect, it } from 'vitest';
import { traceFromRows } from '../src/trace/trace.ts';
import { formatTraceInfo, nearestRank, traceStats } from './trace-stats.ts';

describe('traceStats', () => {
  // Ten jobs over 0…900 ms with durations 10, 20, …, 100 ms; keys a, b; classes x, y.
  const rows = Array.from({ length: 10 }, (_, i) => ({ arrival_ms: i * 100, duration_ms: (10 - i) * 10, key: i % 2 ? 'a' : 'b', class: i < 3 ? 'x' : 'y' }));
  const t = traceFromRows(rows);

  it('counts jobs, keys and classes and finds the span and nearest-rank quantiles', () => {
    const s = traceStats(t, 2);
    expect(s).toMatchObject({ jobs: 10, keys: 2, classes: 2, workers: 2, arrival: { first: 0, last: 900, span_ms: 900 } });
    // Nearest rank: p50 = v[ceil(5) − 1] = v[4] = 50; p90 = v[8] = 90; p99 = v[ceil(9.9) − 1] = v[9] = 100.
    expect(s.duration).toEqual({ p50: 50, p90: 90, p99: 100, max: 100, mean: 55, total: 550 });
    // Offered load = 550 / (900 × 2).
    expect(s.offered_load).toBeCloseTo(550 / 1800, 15);
  });

  it('has no offered load for a zero span and zeros for an empty trace', () => {
    const one = traceStats(traceFromRows([{ arrival_ms: 5, duration_ms: 3, key: 'k' }]), 64);
    expect(one.offered_load).toBeNull();
    expect(one.classes).toBeNull();
    const none = traceStats(traceFromRows([]), 64);
    expect(none).toMatchObject({ jobs: 0, keys: 0, arrival: { first: null, last: null, span_ms: 0 }, offered_load: null });
    expect(none.duration.p99).toBe(0);
  });

  it('picks nearest-rank values', () => {
    const v = Float64Array.from([1, 2, 3, 4]);
    expect([0, 0.25, 0.26, 0.5, 1].map((q) => nearestRank(v, q))).toEqual([1, 1, 2, 2, 4]);
  });

  it('renders the statistics as text, noting a missing sidecar', () => {
    const text = formatTraceInfo('t.csv', 'f'.repeat(64), null, traceStats(t, 2));
    expect(text).toContain('meta      none (no .meta.json sidecar)\n');
    expect(text).toContain('duration  p50 50, p90 90, p99 100, max 100, mean 55 ms\n');
    expect(text).toContain('load      0.305556 for 2 workers');
  });
});

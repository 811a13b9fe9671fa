// Per-key summaries of a run: hand-computed means, key order, keys without evaluation messages left out.
import { describe, expect, it } from 'vitest';
import { byKey } from './by-key.ts';

describe('byKey', () => {
  it('counts and averages waits and latencies per key (hand-computed)', () => {
    // Rows 0–1 are history (first 2); evaluation rows 2, 3, 4 have keys b, a, b.
    // b: waits 1 and 3 → mean 2; latencies 4 and 8 → mean 6. a: wait 0, latency 2. `c` has no evaluation row.
    const out = byKey(Int32Array.from([2, 2, 1, 0, 1]), ['a', 'b', 'c'], 2, Float64Array.from([0, 1, 2]), Float64Array.from([1, 1, 5]), Float64Array.from([4, 3, 10]));
    expect(out).toEqual({ a: { count: 1, mean_wait_ms: 0, mean_latency_ms: 2 }, b: { count: 2, mean_wait_ms: 2, mean_latency_ms: 6 } });
    expect(Object.keys(out)).toEqual(['a', 'b']);
  });

  it('gives an empty record for no messages, and keeps a key named __proto__ as a key', () => {
    expect(byKey(new Int32Array(0), ['a'], 0, new Float64Array(0), new Float64Array(0), new Float64Array(0))).toEqual({});
    const out = byKey(Int32Array.from([0]), ['__proto__'], 0, Float64Array.from([0]), Float64Array.from([1]), Float64Array.from([2]));
    expect(Object.keys(out)).toEqual(['__proto__']);
  });
});

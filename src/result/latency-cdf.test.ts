// Reading a result file's latency_cdf block: a well-formed one, and every malformed shape dropped with its path.
import { describe, expect, it } from 'vitest';
import { parseLatencyCdf } from './latency-cdf.ts';

describe('parseLatencyCdf', () => {
  it('reads equal-length ascending levels and non-decreasing latencies', () => {
    const issues: string[] = [];
    expect(parseLatencyCdf({ q: [0, 0.5, 1], latency_ms: [1, 1, 7] }, 'r.json → x', issues)).toEqual({ q: [0, 0.5, 1], latency_ms: [1, 1, 7] });
    expect(issues).toEqual([]);
  });

  it('drops a malformed block with one issue naming the place', () => {
    const cases: [unknown, RegExp][] = [
      [[1, 2], /r\.json → x: found an array; expected an object/],
      [{ q: [0, 1], latency_ms: [1] }, /found q with 2 and latency_ms with 1 entries/],
      [{ q: [0, 0.5, 0.5], latency_ms: [1, 2, 3] }, /x\.q\[2\]: found 0\.5; expected levels strictly ascending within \[0, 1\]/],
      [{ q: [0, 1.5], latency_ms: [1, 2] }, /x\.q\[1\]: found 1\.5/],
      [{ q: [0, 1], latency_ms: [5, 4] }, /x\.latency_ms\[1\]: found 4; expected latencies ≥ 0 that never decrease/],
      [{ q: [0, 1], latency_ms: [1, null] }, /expected two arrays of finite numbers/],
    ];
    for (const [raw, message] of cases) {
      const issues: string[] = [];
      expect(parseLatencyCdf(raw, 'r.json → x', issues)).toBeNull();
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatch(message);
    }
  });
});

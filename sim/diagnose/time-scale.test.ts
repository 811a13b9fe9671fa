// Tests of the time-scale section: nearest-rank duration percentiles, aging shares and arrival ties.
import { describe, expect, it } from 'vitest';
import { aboveShare, tieShare, timeScale } from './time-scale.ts';

describe('timeScale', () => {
  // Evaluation durations (rows 1..4) 100, 6000, 200, 9000 → sorted 100, 200, 6000, 9000; p50 = v[ceil(2) − 1] = 200.
  // Arrivals 0, 5, 5, 7, 7: four of five rows share theirs.
  it('computes the hand-worked example', () => {
    const ts = timeScale(Float64Array.of(0, 5, 5, 7, 7), Float64Array.of(1, 100, 6000, 200, 9000), 1, 5, 5000, 500);
    expect(ts).toEqual({
      duration_ms: { p50: 200, p90: 9000, p99: 9000, max: 9000 },
      aging_threshold_ms: 5000, aging_interval_ms: 500,
      above_aging_share: 0.5, below_interval_share: 0.5, tie_share: 4 / 5,
    });
  });
  it('has no aging share without aging, and null percentiles without evaluation rows', () => {
    const ts = timeScale(Float64Array.of(0, 1), Float64Array.of(9000, 9000), 2, 2, null, 500);
    expect(ts).toMatchObject({ duration_ms: { p50: null, max: null }, above_aging_share: 0, tie_share: 0 });
  });
  it('counts every row of each tie group: at the start, three in a row, none at the end', () => {
    // Arrivals 1 1 | 2 | 3 3 3 | 4: groups of 2 and 3 → 5 of 7 rows tied.
    const ts = timeScale(Float64Array.of(1, 1, 2, 3, 3, 3, 4), new Float64Array(7).fill(10), 0, 7, null, 500);
    expect(ts.tie_share).toBe(5 / 7);
    expect(timeScale(Float64Array.of(1, 2, 2), new Float64Array(3), 0, 3, null, 500).tie_share).toBe(2 / 3);
  });
});

describe('tieShare and aboveShare (what the sanity warnings read)', () => {
  it('count tied rows over all rows and long durations over the evaluation rows', () => {
    expect(tieShare(Float64Array.of(1, 1, 2, 3, 3, 3, 4), 7)).toBe(5 / 7);
    expect(tieShare(Float64Array.of(1, 2, 3), 3)).toBe(0);
    expect(tieShare(new Float64Array(0), 0)).toBe(0);
    // Rows 1..4 evaluated: 100, 6000, 200, 9000 against 5000 → 2 of 4 (strictly above; 5000 itself is not).
    expect(aboveShare(Float64Array.of(1e9, 100, 6000, 200, 9000), 1, 5, 5000)).toBe(0.5);
    expect(aboveShare(Float64Array.of(5000), 0, 1, 5000)).toBe(0);
    expect(aboveShare(Float64Array.of(1), 1, 1, 0)).toBe(0);
  });
});

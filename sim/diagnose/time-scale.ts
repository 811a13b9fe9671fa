// A trace's time scale against the scheduler's clocks: duration percentiles vs aging, and arrival ties (issue 13).
import { nearestRank } from '../../src/stats/nearest-rank.ts';

/** The time-scale section of `traces diagnose`. Times in ms. */
export interface TimeScale {
  /** Nearest-rank percentiles of the evaluation rows' durations. */
  duration_ms: { p50: number | null; p90: number | null; p99: number | null; max: number | null };
  /** The arm's aging threshold (null: no aging) and tick interval. */
  aging_threshold_ms: number | null;
  aging_interval_ms: number;
  /** Share of evaluation rows whose duration exceeds the aging threshold (0 without aging). */
  above_aging_share: number;
  /** Share of evaluation rows shorter than the aging interval. */
  below_interval_share: number;
  /** Share of all rows whose arrival time equals another row's (their order is the file order). */
  tie_share: number;
}

/** Computes the time-scale section over rows [first, n) (ties over all rows, which are sorted by arrival). O(n log n). */
export function timeScale(arrival: Float64Array, duration: Float64Array, first: number, n: number, agingMs: number | null, intervalMs: number): TimeScale {
  const sorted = Float64Array.from(duration.subarray(first, n)).sort();
  const q = (p: number): number | null => (sorted.length > 0 ? nearestRank(sorted, p) : null);
  let above = 0;
  let below = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (agingMs !== null && sorted[i]! > agingMs) above++;
    if (sorted[i]! < intervalMs) below++;
  }
  let tied = 0;
  for (let r = 0; r < n; r++) {
    if ((r > 0 && arrival[r - 1] === arrival[r]) || (r + 1 < n && arrival[r + 1] === arrival[r])) tied++;
  }
  const m = sorted.length;
  return {
    duration_ms: { p50: q(0.5), p90: q(0.9), p99: q(0.99), max: m > 0 ? sorted[m - 1]! : null },
    aging_threshold_ms: agingMs,
    aging_interval_ms: intervalMs,
    above_aging_share: m > 0 ? above / m : 0,
    below_interval_share: m > 0 ? below / m : 0,
    tie_share: n > 0 ? tied / n : 0,
  };
}

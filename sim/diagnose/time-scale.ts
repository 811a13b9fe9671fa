// A trace's time scale against the scheduler's clocks: duration percentiles vs aging, and arrival ties.
import { nearestRankQuantiles } from '../../src/stats/select.ts';

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

/** Computes the time-scale section over rows [first, n) (ties over all rows, which are sorted by arrival). O(n) (selection). */
export function timeScale(arrival: Float64Array, duration: Float64Array, first: number, n: number, agingMs: number | null, intervalMs: number): TimeScale {
  const m = n - first;
  const copy = Float64Array.from(duration.subarray(first, n));
  const q = new Float64Array(3);
  nearestRankQuantiles(copy, m, [0.5, 0.9, 0.99], q);
  const at = (j: number): number | null => (m > 0 ? q[j]! : null);
  const shares = timeScaleShares(arrival, duration, first, n, agingMs, intervalMs);
  return { ...shares, duration_ms: { ...shares.duration_ms, p50: at(0), p90: at(1), p99: at(2) } };
}

/**
 * The time-scale section without its percentiles (null there): the shares and the maximum, in one pass over the
 * evaluation durations and one over the arrivals, no copy.
 */
export function timeScaleShares(arrival: Float64Array, duration: Float64Array, first: number, n: number, agingMs: number | null, intervalMs: number): TimeScale {
  const m = n - first;
  const threshold = agingMs ?? Number.POSITIVE_INFINITY;
  let above = 0;
  let below = 0;
  let max = Number.NEGATIVE_INFINITY;
  for (let r = first; r < n; r++) {
    const d = duration[r]!;
    above += d > threshold ? 1 : 0;
    below += d < intervalMs ? 1 : 0;
    if (d > max) max = d;
  }
  return {
    duration_ms: { p50: null, p90: null, p99: null, max: m > 0 ? max : null },
    aging_threshold_ms: agingMs,
    aging_interval_ms: intervalMs,
    above_aging_share: m > 0 ? above / m : 0,
    below_interval_share: m > 0 ? below / m : 0,
    tie_share: tieShare(arrival, n),
  };
}

/** Share of rows [0, n) (sorted by arrival) whose arrival equals another row's: the rows of every run of equal arrivals. */
export function tieShare(arrival: Float64Array, n: number): number {
  // Each equal neighbour pair adds its second row, and its first too when that one opens the run.
  let tied = 0;
  let prevEq = 0;
  for (let r = 1; r < n; r++) {
    const eq = arrival[r] === arrival[r - 1] ? 1 : 0;
    tied += eq + (eq & (prevEq ^ 1));
    prevEq = eq;
  }
  return n > 0 ? tied / n : 0;
}

/** Share of evaluation rows [first, n) whose duration exceeds `thresholdMs` (0 when there are none). */
export function aboveShare(duration: Float64Array, first: number, n: number, thresholdMs: number): number {
  let above = 0;
  for (let r = first; r < n; r++) above += duration[r]! > thresholdMs ? 1 : 0;
  return n > first ? above / (n - first) : 0;
}

// Whether a trace's durations are plausible against its arrivals, or look like a unit declared wrong (×1000).
import { nearestRankQuantiles } from '../stats/select.ts';

/** As-is load (total duration / (span × workers)) above which durations are called too long for the arrivals. */
export const MAX_PLAUSIBLE_AS_IS_LOAD = 10;
/** Mean number of jobs running at once (total duration / span) above which durations are called too long, any workers. */
export const MAX_PLAUSIBLE_BUSY = 1000;
/** Mean number of jobs running at once (total duration / span) below which durations are called too short. */
export const MIN_PLAUSIBLE_BUSY = 1e-3;

/** Why the durations look like the wrong unit, with the numbers behind it (ms). */
export interface UnitSuspicion {
  /** `long`: durations look ~1000× too long for the arrivals (ms declared as s); `short`: too short (s declared as ms). */
  readonly kind: 'long' | 'short';
  readonly medianMs: number;
  readonly spanMs: number;
  /** Total duration / (span × workers): the as-is load. */
  readonly asIsLoad: number;
  readonly workers: number;
}

/**
 * Rows [0, n) sorted by arrival. `long` when the median duration exceeds the whole arrival span, when on average
 * more than MAX_PLAUSIBLE_BUSY jobs would run at once, or when the as-is load on `workers` exceeds
 * MAX_PLAUSIBLE_AS_IS_LOAD (far more work than the workers can do in the span); `short` when on average fewer than
 * MIN_PLAUSIBLE_BUSY jobs would run at once; null when plausible or when the span is 0. A unit declared wrong moves
 * these by ×1000; the public traces lie between 0.8 and 35 jobs at once (LPC-EGEE 34, the Azure 2021 sample 8.8), so
 * only gross cases are caught. O(n).
 */
export function durationUnitSuspicion(arrival: Float64Array, duration: Float64Array, n: number, workers: number): UnitSuspicion | null {
  if (n < 2) return null;
  const span = arrival[n - 1]! - arrival[0]!;
  if (!(span > 0)) return null;
  let work = 0;
  for (let r = 0; r < n; r++) work += duration[r]!;
  const q = new Float64Array(1);
  nearestRankQuantiles(Float64Array.from(duration.subarray(0, n)), n, [0.5], q);
  const median = q[0]!;
  const asIsLoad = work / (span * workers);
  const base = { medianMs: median, spanMs: span, asIsLoad, workers };
  if (median > span || work / span > MAX_PLAUSIBLE_BUSY || asIsLoad > MAX_PLAUSIBLE_AS_IS_LOAD) return { kind: 'long', ...base };
  if (work / span < MIN_PLAUSIBLE_BUSY) return { kind: 'short', ...base };
  return null;
}

/** The time unit 1000× smaller (`long`) or larger (`short`) than `declared` among us, ms, s; null past either end. */
export function likelyUnit(kind: UnitSuspicion['kind'], declared: string): string | null {
  const units = ['us', 'ms', 's'];
  const i = units.indexOf(declared);
  if (i < 0) return null;
  return units[kind === 'long' ? i - 1 : i + 1] ?? null;
}

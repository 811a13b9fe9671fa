// The history/evaluation split of a trace and the compress factor for a target load (SPEC §5).
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import type { Trace } from '../src/trace/trace.ts';

export type SplitBy = 'time' | 'count' | 'none';

/** Where the evaluation half starts: history = rows [0, cut), evaluation = rows [cut, n). */
export interface Split {
  readonly by: SplitBy;
  readonly fraction: number;
  readonly cut: number;
}

/**
 * Splits a sorted trace. `time`: history = arrivals before the midpoint of the first and last arrival
 * (generalised to first + fraction·span); `count`: cut = floor(n·fraction); `none`: every row is evaluated.
 */
export function splitTrace(trace: Trace, by: SplitBy, fraction = 0.5): Split {
  const n = trace.n;
  if (by === 'none' || n === 0) return { by, fraction, cut: 0 };
  if (by === 'count') return { by, fraction, cut: Math.floor(n * fraction) };
  const first = trace.arrival[0]!;
  const last = trace.arrival[n - 1]!;
  const mid = fraction === 0.5 ? (first + last) / 2 : first + fraction * (last - first);
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const m = (lo + hi) >>> 1;
    if (trace.arrival[m]! < mid) lo = m + 1;
    else hi = m;
  }
  return { by, fraction, cut: lo };
}

/** A load: a target utilisation ρ > 0, or `as-is` (arrivals unscaled). */
export type Load = number | 'as-is';

/**
 * Compress factor c = ρ·W·S/D over the evaluation rows (S = span of evaluation arrivals, D = total duration);
 * 1 for `as-is`. Evaluation row i then arrives at (arrival_i − arrival_first)/c. Throws InputError when the load
 * cannot be reached (no work, or a single instant).
 */
export function compressFactor(trace: Trace, split: Split, load: Load, workers: number): number {
  if (load === 'as-is') return 1;
  const n = trace.n;
  const first = split.cut;
  if (n - first < 2) throw new InputError(msg.loadTooFewRows(load, n - first));
  const span = trace.arrival[n - 1]! - trace.arrival[first]!;
  let work = 0;
  for (let i = first; i < n; i++) work += trace.duration[i]!;
  if (!(span > 0) || !(work > 0)) {
    throw new InputError(msg.loadNothingToScale(load));
  }
  return (load * workers * span) / work;
}

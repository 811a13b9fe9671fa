// Small pieces shared by the workload generators: option checks, weighted choice, rounding to microseconds, collecting.
import { atOption, InputError } from '../../src/errors.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { RowBuffer } from '../row-buffer.ts';
import type { RowRun, RowSink } from '../row-sink.ts';

/**
 * Checks that `value` (the option `--flag`) is finite and within [min, max] (or above min when `exclusiveMin`),
 * and an integer when asked. @throws InputError naming the option.
 */
export function checkNumber(flag: string, value: number, rule: { min?: number; max?: number; exclusiveMin?: boolean; integer?: boolean }): void {
  const { min = -Infinity, max = Infinity, exclusiveMin = false, integer = false } = rule;
  const okRange = Number.isFinite(value) && (exclusiveMin ? value > min : value >= min) && value <= max;
  if (!okRange || (integer && !Number.isSafeInteger(value))) {
    const kind = integer ? 'an integer' : 'a number';
    const lo = min === -Infinity ? '' : exclusiveMin ? ` > ${min}` : ` ≥ ${min}`;
    const hi = max === Infinity ? '' : `${lo === '' ? '' : ' and'} ≤ ${max}`;
    throw new InputError(atOption(flag, String(value), `${kind}${lo}${hi}`));
  }
}

/** Cumulative sums of `weights`, normalised so the last is exactly 1. */
export function cumulativeShares(weights: readonly number[]): Float64Array {
  const total = weights.reduce((a, b) => a + b, 0);
  const cum = new Float64Array(weights.length);
  let acc = 0;
  for (let i = 0; i < weights.length; i++) {
    acc += weights[i]!;
    cum[i] = acc / total;
  }
  if (cum.length > 0) cum[cum.length - 1] = 1;
  return cum;
}

/** Index of the first cumulative share > u (u uniform on [0, 1)): a draw from the weighted choice. O(log n). */
export function pickIndex(cum: Float64Array, u: number): number {
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cum[mid]! > u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Rounds milliseconds to whole microseconds, so written traces stay short (e.g. `1414.979`). */
export function toMicros(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** Mean of a lognormal with the given median and log-space sigma: median·exp(σ²/2). */
export function lognormalMean(median: number, sigma: number): number {
  return median * Math.exp((sigma * sigma) / 2);
}

/** Runs a row producer into memory and returns its trace (tests and in-memory callers; the CLI streams instead). */
export function collectTrace(withClass: boolean, produce: (sink: RowSink) => RowRun, withSize = false): Trace {
  const buf = new RowBuffer(withClass, withSize);
  const run = produce(buf);
  while (run.next().done !== true);
  return buf.toTrace();
}

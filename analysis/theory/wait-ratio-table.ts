// The mean-wait ratio table: short vs long class and all messages, non-preemptive priority vs FIFO (Cobham, M/G/1).
import { exponentialClass, fifoMeanWait, priorityMeanWaits } from './cobham.ts';

/** One mix of two exponential classes: the short share of messages and the long/short mean service ratio. */
export interface ClassMix {
  readonly shortShare: number;
  readonly longShortRatio: number;
}

/** One row: waits relative to FIFO at load ρ (a ratio below 1 is an improvement). */
export interface WaitRatioRow {
  readonly rho: number;
  readonly shortShare: number;
  readonly longShortRatio: number;
  /** W_short(priority) / W_FIFO. */
  readonly short: number;
  /** W_long(priority) / W_FIFO. */
  readonly long: number;
  /** Message-weighted mean wait under priority / W_FIFO. */
  readonly all: number;
  /** W_long / W_short under priority. */
  readonly longOverShort: number;
}

/** Default loads of the table. */
export const DEFAULT_LOADS: readonly number[] = [0.5, 0.7, 0.8, 0.9, 0.95];
/** Default mixes: short share 0.5/0.8/0.9/0.95, long/short mean ratio 10 and 100. */
export const DEFAULT_MIXES: readonly ClassMix[] = [10, 100].flatMap((r) => [0.5, 0.8, 0.9, 0.95].map((p) => ({ shortShare: p, longShortRatio: r })));

/**
 * One row of the table for one server with two exponential classes (short mean 1, long mean r), total load ρ
 * split by message share p; short served first non-preemptively. Throws RangeError for ρ outside (0, 1),
 * p outside (0, 1) or r ≤ 0.
 */
export function waitRatioRow(rho: number, mix: ClassMix): WaitRatioRow {
  const { shortShare: p, longShortRatio: r } = mix;
  if (!(rho > 0 && rho < 1)) throw new RangeError(`load ρ must be in (0, 1), got ${rho}`);
  if (!(p > 0 && p < 1)) throw new RangeError(`short share must be in (0, 1), got ${p}`);
  if (!(r > 0)) throw new RangeError(`long/short ratio must be > 0, got ${r}`);
  const lambda = rho / (p + (1 - p) * r);
  const classes = [exponentialClass(lambda * p, 1), exponentialClass(lambda * (1 - p), r)];
  const [ws = NaN, wl = NaN] = priorityMeanWaits(classes);
  const wf = fifoMeanWait(classes);
  return { rho, shortShare: p, longShortRatio: r, short: ws / wf, long: wl / wf, all: (p * ws + (1 - p) * wl) / wf, longOverShort: wl / ws };
}

/** The whole table: every mix at every load, mixes in the given order. */
export function waitRatioTable(loads: readonly number[] = DEFAULT_LOADS, mixes: readonly ClassMix[] = DEFAULT_MIXES): WaitRatioRow[] {
  return mixes.flatMap((m) => loads.map((rho) => waitRatioRow(rho, m)));
}

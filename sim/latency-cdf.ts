// The latency CDF of one arm run (opt-in `--latency-cdf`): the latency at fixed quantile levels, min to max.
import { selectKth } from '../src/stats/select.ts';
import type { LatencyCdf } from '../src/result/latency-cdf.ts';
import type { MessageColumns } from './metrics.ts';

/**
 * The quantile levels of the stored CDF in thousandths: min (0) and max (1000), dense steps into both tails
 * (0.001 … 0.05 and 0.95 … 0.999) and steps of 0.05 between, 31 in all.
 */
export const LATENCY_CDF_PERMILLE: readonly number[] = [
  0, 1, 2, 5, 10, 20, 50,
  100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650, 700, 750, 800, 850, 900,
  950, 980, 990, 995, 998, 999, 1000,
];

/**
 * The CDF of the latencies ((end − arrival) · scale, ms) of all messages of `cols`: at each level q of
 * LATENCY_CDF_PERMILLE (written as q = permille / 1000), the nearest-rank latency of SPEC §5, v[min(n−1, max(0,
 * ⌈n·q⌉ − 1))] of the sorted latencies, so level 0 is the minimum and level 1 the maximum. The rank is computed in
 * integers (⌈n·permille / 1000⌉), so it is exact: the float product 10 · 0.3 is 3.0000000000000004, whose ceiling
 * would skip a rank. `scratch` holds at least as many entries as there are messages (it is overwritten). Returns
 * null for a run without messages; throws RangeError for a short scratch. Cost O(n) expected (one pass, then
 * successive selections); called once per arm and load after the run, never in the event loop.
 */
export function latencyCdf(cols: MessageColumns, scratch: Float64Array): LatencyCdf | null {
  const n = cols.arrival.length;
  if (n === 0) return null;
  if (scratch.length < n) throw new RangeError(`latencyCdf: scratch holds ${scratch.length} entries, expected at least ${n}`);
  copyLatencies(cols.arrival, cols.end, cols.scale, n, scratch);
  const q: number[] = [];
  const latency: number[] = [];
  let lo = 0;
  for (const pm of LATENCY_CDF_PERMILLE) {
    // n · pm is an exact integer for any n below 2^53 / 1000, and so is the quotient when 1000 divides it.
    const k = Math.min(n - 1, Math.max(0, Math.ceil((n * pm) / 1000) - 1));
    latency.push(selectKth(scratch, k, Math.min(lo, k), n));
    q.push(pm / 1000);
    lo = k;
  }
  return { q, latency_ms: latency };
}

function copyLatencies(arrival: Float64Array, end: Float64Array, scale: number, n: number, buf: Float64Array): void {
  for (let i = 0; i < n; i++) buf[i] = (end[i]! - arrival[i]!) * scale;
}

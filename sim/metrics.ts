// Per-message metrics folded into the metric objects of SPEC §7/§10, per window and for the whole run.
import { nearestRankQuantiles } from '../src/stats/select.ts';
import type { MetricObject } from '../src/result/metric-names.ts';
import type { MetricFold } from '../src/result/result-file.ts';

export type { MetricObject } from '../src/result/metric-names.ts';

/**
 * Per-message inputs, indexed by evaluation message: arrival, start and end times, and the true duration (ms).
 * Latency is (end − arrival) · scale, wait (start − arrival) · scale, slowdown latency / max(1, duration); they are
 * computed where they are read rather than kept in three more arrays per run (scale 1 is exact: x · 1 = x).
 */
export interface MessageColumns {
  readonly arrival: Float64Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  readonly duration: Float64Array;
  /** Factor from the times' unit to ms (1 in the simulator; the time scale in replay). */
  readonly scale: number;
  /** Metric class: 0 short, 1 … L−2 medium, L−1 long (min(L−1, tier of the true duration)). */
  readonly cls: Uint8Array;
  readonly levels: number;
}

/** Folds messages into metric objects, reusing scratch buffers (one instance per run). Cost O(n) per fold. */
export class MetricFolder implements MetricFold {
  private readonly buf: Float64Array;
  private readonly q = new Float64Array(3);
  private readonly sums = new Float64Array(9);
  private static readonly LATENCY_QS = [0.5, 0.95, 0.99];
  private static readonly SLOWDOWN_QS = [0.5, 0.99];
  private static readonly MEDIAN = [0.5];

  /** `scratch` (optional) is a reusable array of at least as many entries as there are messages. */
  constructor(private readonly cols: MessageColumns, scratch?: Float64Array) {
    this.buf = scratch ?? new Float64Array(Math.max(1, cols.arrival.length));
  }

  /** Metrics over messages [from, to). */
  range(from: number, to: number): MetricObject {
    return this.fold(from, to, null);
  }

  /** Metrics over the listed messages. */
  subset(indices: Int32Array): MetricObject {
    return this.fold(0, indices.length, indices);
  }

  /** Folds messages idx[j] (or j itself when idx is null) for j in [from, to). */
  private fold(from: number, to: number, idx: Int32Array | null): MetricObject {
    const cols = this.cols;
    const { levels } = cols;
    const buf = this.buf;
    const q = this.q;
    const sums = this.sums;
    const k = to - from;
    // Each pass over the messages is its own small function: V8 compiles a long loop while it runs (on-stack
    // replacement), and code after the loop that has not run yet throws that compilation away. Small leaves keep
    // this to one cheap compilation each instead of recompiling the whole fold (and it matters once per thread).
    sumAndCopyLatencies(cols, levels - 1, from, to, idx, buf, sums);
    const sumLat = sums[0]!, sumWait = sums[1]!, longMaxWait = sums[2]!;
    const s0 = sums[3]!, s1 = sums[4]!, s2 = sums[5]!, n0 = sums[6]!, n1 = sums[7]!, n2 = sums[8]!;
    nearestRankQuantiles(buf, k, MetricFolder.LATENCY_QS, q);
    const p50 = q[0]!, p95 = q[1]!, p99 = q[2]!;
    gatherSlowdowns(cols.arrival, cols.end, cols.duration, cols.scale, from, to, idx, buf);
    nearestRankQuantiles(buf, k, MetricFolder.SLOWDOWN_QS, q);
    const sd50 = q[0]!, sd99 = q[1]!;
    // Class latencies into three consecutive regions of buf: short [0, n0), medium [n0, n0+n1), long after.
    partitionLatencies(cols.arrival, cols.end, cols.cls, cols.scale, levels - 1, from, to, idx, buf, n0, n0 + n1);
    const median = (lo: number, n: number): number => {
      if (n === 0) return 0;
      nearestRankQuantiles(buf.subarray(lo, lo + n), n, MetricFolder.MEDIAN, q);
      return q[0]!;
    };
    const mean = (s: number, n: number): number => (n > 0 ? s / n : 0);
    // One line per name of METRIC_NAMES (src/result/metric-names.ts): the type makes a missing name an error.
    return {
      count: k,
      mean_latency_ms: mean(sumLat, k),
      p50_latency_ms: k > 0 ? p50 : 0,
      p95_latency_ms: k > 0 ? p95 : 0,
      p99_latency_ms: k > 0 ? p99 : 0,
      mean_wait_ms: mean(sumWait, k),
      slowdown_p50: k > 0 ? sd50 : 0,
      slowdown_p99: k > 0 ? sd99 : 0,
      long_max_wait_ms: longMaxWait,
      short_mean_ms: mean(s0, n0),
      short_p50_ms: median(0, n0),
      medium_mean_ms: mean(s1, n1),
      medium_p50_ms: median(n0, n1),
      long_mean_ms: mean(s2, n2),
      long_p50_ms: median(n0 + n1, n2),
    };
  }
}

/**
 * Over messages idx[j] (or j) for j in [from, to): writes [Σ latency, Σ wait, max wait of the long class, Σ latency
 * of short, medium, long, count of short, medium, long] into `out`, and the latencies into buf[0, to − from).
 * Two things keep this loop free of allocation (measured with V8's sampling heap profiler, incl. collected objects):
 * - the columns and the scale come in as arguments: read from the columns object inside the function, the loop
 *   boxed its numbers (~90 MB of garbage per FIFO cell on a 2M-row trace, ~45 young-generation collections);
 * - it works in chunks that continue the same running sums (the same additions in the same order, so the same
 *   bits): V8 optimizes the chunk function by its calls, with feedback for every line. One long loop was compiled
 *   while it ran, before the stores after it had run, and that code bailed out at those stores on every call.
 */
function sumAndCopyLatencies(cols: MessageColumns, long: number, from: number, to: number, idx: Int32Array | null, buf: Float64Array, out: Float64Array): void {
  out.fill(0);
  const { arrival, start, end, cls, scale } = cols;
  for (let at = from; at < to; at += CHUNK) sumChunk(arrival, start, end, cls, scale, long, from, at, Math.min(to, at + CHUNK), idx, buf, out);
}

const CHUNK = 4096;

/** Continues sumAndCopyLatencies's running sums (in `out`) over j in [at, end); buf is indexed from `from`. */
function sumChunk(arrival: Float64Array, start: Float64Array, finish: Float64Array, cls: Uint8Array, scale: number, long: number, from: number, at: number, end: number, idx: Int32Array | null, buf: Float64Array, out: Float64Array): void {
  let sumLat = out[0]!, sumWait = out[1]!, longMaxWait = out[2]!;
  let s0 = out[3]!, s1 = out[4]!, s2 = out[5]!, n0 = out[6]!, n1 = out[7]!, n2 = out[8]!;
  for (let j = at; j < end; j++) {
    const i = idx === null ? j : idx[j]!;
    const a = arrival[i]!;
    const l = (finish[i]! - a) * scale;
    sumLat += l;
    const w = (start[i]! - a) * scale;
    sumWait += w;
    const c = cls[i]!;
    if (c === 0) {
      s0 += l;
      n0++;
    } else if (c === long) {
      s2 += l;
      n2++;
      if (w > longMaxWait) longMaxWait = w;
    } else {
      s1 += l;
      n1++;
    }
    buf[j - from] = l;
  }
  out[0] = sumLat;
  out[1] = sumWait;
  out[2] = longMaxWait;
  out[3] = s0;
  out[4] = s1;
  out[5] = s2;
  out[6] = n0;
  out[7] = n1;
  out[8] = n2;
}

/** Writes the slowdowns of messages idx[j] (or j) for j in [from, to) into buf[0, to − from). */
function gatherSlowdowns(arrival: Float64Array, end: Float64Array, duration: Float64Array, scale: number, from: number, to: number, idx: Int32Array | null, buf: Float64Array): void {
  for (let j = from; j < to; j++) {
    const i = idx === null ? j : idx[j]!;
    const d = duration[i]!;
    buf[j - from] = ((end[i]! - arrival[i]!) * scale) / (d > 1 ? d : 1);
  }
}

/** Writes the latencies of short messages to buf[0, …), medium ones from `mediumAt`, long ones from `longAt`. */
function partitionLatencies(arrival: Float64Array, end: Float64Array, cls: Uint8Array, scale: number, long: number, from: number, to: number, idx: Int32Array | null, buf: Float64Array, mediumAt: number, longAt: number): void {
  let o0 = 0, o1 = mediumAt, o2 = longAt;
  for (let j = from; j < to; j++) {
    const i = idx === null ? j : idx[j]!;
    const c = cls[i]!;
    const l = (end[i]! - arrival[i]!) * scale;
    if (c === 0) buf[o0++] = l;
    else if (c === long) buf[o2++] = l;
    else buf[o1++] = l;
  }
}

export type WindowBy = 'time' | 'count';

/**
 * Window bounds over evaluation messages sorted by arrival: K + 1 offsets (window w = [off[w], off[w+1])).
 * `count`: [⌊n·w/K⌋, ⌊n·(w+1)/K⌋); `time`: row at t is in min(K−1, ⌊K·(t − t_first)/(t_last − t_first)⌋).
 */
export function windowOffsets(arrival: Float64Array, k: number, by: WindowBy): Int32Array {
  const n = arrival.length;
  const off = new Int32Array(k + 1);
  if (by === 'count') {
    for (let w = 0; w <= k; w++) off[w] = Math.floor((n * w) / k);
    return off;
  }
  const first = n > 0 ? arrival[0]! : 0;
  const span = n > 0 ? arrival[n - 1]! - first : 0;
  // Rows are sorted, so each window is a contiguous range: count rows per window, then prefix-sum.
  const counts = new Int32Array(k);
  for (let i = 0; i < n; i++) {
    const w = span > 0 ? Math.min(k - 1, Math.floor((k * (arrival[i]! - first)) / span)) : 0;
    counts[w]!++;
  }
  for (let w = 0; w < k; w++) off[w + 1] = off[w]! + counts[w]!;
  return off;
}

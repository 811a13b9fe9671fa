// Per-message metrics folded into the metric objects of SPEC §7/§10, per window and for the whole run.
import { nearestRank } from '../src/stats/nearest-rank.ts';

/** The metric object of SPEC §10 (all latencies and waits in ms). */
export interface MetricObject {
  count: number;
  mean_latency_ms: number;
  p50_latency_ms: number;
  p95_latency_ms: number;
  p99_latency_ms: number;
  mean_wait_ms: number;
  slowdown_p50: number;
  slowdown_p99: number;
  long_max_wait_ms: number;
  short_mean_ms: number;
  short_p50_ms: number;
  medium_mean_ms: number;
  medium_p50_ms: number;
  long_mean_ms: number;
  long_p50_ms: number;
}

/** Per-message inputs, indexed by evaluation message. */
export interface MessageColumns {
  readonly latency: Float64Array;
  readonly wait: Float64Array;
  readonly slowdown: Float64Array;
  /** Metric class: 0 short, 1 … L−2 medium, L−1 long (min(L−1, tier of the true duration)). */
  readonly cls: Uint8Array;
  readonly levels: number;
}

/** Folds messages into metric objects, reusing scratch buffers (one instance per run). */
export class MetricFolder {
  private readonly a: Float64Array;
  private readonly b: Float64Array;

  constructor(private readonly cols: MessageColumns) {
    this.a = new Float64Array(Math.max(1, cols.latency.length));
    this.b = new Float64Array(Math.max(1, cols.latency.length));
  }

  /** Metrics over messages [from, to). */
  range(from: number, to: number): MetricObject {
    let k = 0;
    for (let i = from; i < to; i++) this.a[k++] = i;
    return this.fold(k);
  }

  /** Metrics over the listed messages. */
  subset(indices: Int32Array | Uint32Array): MetricObject {
    for (let k = 0; k < indices.length; k++) this.a[k] = indices[k]!;
    return this.fold(indices.length);
  }

  /** Folds the k message indices held in `a` (as floats) into a metric object. */
  private fold(k: number): MetricObject {
    const { latency, wait, slowdown, cls, levels } = this.cols;
    const idx = this.a;
    const buf = this.b;
    const long = levels - 1;
    let sumLat = 0;
    let sumWait = 0;
    let longMaxWait = 0;
    const clsSum = [0, 0, 0];
    const clsCount = [0, 0, 0];
    for (let j = 0; j < k; j++) {
      const i = idx[j]!;
      const l = latency[i]!;
      sumLat += l;
      const w = wait[i]!;
      sumWait += w;
      const c = cls[i]!;
      const g = c === 0 ? 0 : c === long ? 2 : 1;
      clsSum[g]! += l;
      clsCount[g]!++;
      if (c === long && w > longMaxWait) longMaxWait = w;
    }
    for (let j = 0; j < k; j++) buf[j] = latency[idx[j]!]!;
    let sorted = buf.subarray(0, k).sort();
    const p50 = nearestRank(sorted, 0.5);
    const p95 = nearestRank(sorted, 0.95);
    const p99 = nearestRank(sorted, 0.99);
    for (let j = 0; j < k; j++) buf[j] = slowdown[idx[j]!]!;
    sorted = buf.subarray(0, k).sort();
    const s50 = nearestRank(sorted, 0.5);
    const s99 = nearestRank(sorted, 0.99);
    const clsP50 = [0, 0, 0];
    for (let g = 0; g < 3; g++) {
      if (clsCount[g] === 0) continue;
      let n = 0;
      for (let j = 0; j < k; j++) {
        const i = idx[j]!;
        const c = cls[i]!;
        const gg = c === 0 ? 0 : c === long ? 2 : 1;
        if (gg === g) buf[n++] = latency[i]!;
      }
      clsP50[g] = nearestRank(buf.subarray(0, n).sort(), 0.5);
    }
    const mean = (s: number, n: number): number => (n > 0 ? s / n : 0);
    return {
      count: k,
      mean_latency_ms: mean(sumLat, k),
      p50_latency_ms: k > 0 ? p50 : 0,
      p95_latency_ms: k > 0 ? p95 : 0,
      p99_latency_ms: k > 0 ? p99 : 0,
      mean_wait_ms: mean(sumWait, k),
      slowdown_p50: k > 0 ? s50 : 0,
      slowdown_p99: k > 0 ? s99 : 0,
      long_max_wait_ms: longMaxWait,
      short_mean_ms: mean(clsSum[0]!, clsCount[0]!),
      short_p50_ms: clsP50[0]!,
      medium_mean_ms: mean(clsSum[1]!, clsCount[1]!),
      medium_p50_ms: clsP50[1]!,
      long_mean_ms: mean(clsSum[2]!, clsCount[2]!),
      long_p50_ms: clsP50[2]!,
    };
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

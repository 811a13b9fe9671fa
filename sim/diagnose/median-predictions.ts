// The two baseline predictors of the predictability table: the global and the per-key median of history durations.
import type { RowKeys } from '../row-keys.ts';
import { medianInPlace } from './prediction-accuracy.ts';

/** The median of the history rows' durations (rows [0, first)); null without history. */
export function globalMedian(duration: Float64Array, first: number): number | null {
  return medianInPlace(Float64Array.from(duration.subarray(0, first)));
}

/** Prediction per evaluation row: the global history median (NaN for every row when there is no history). */
export function globalMedianPredictions(duration: Float64Array, first: number, n: number): Float64Array {
  return new Float64Array(n - first).fill(globalMedian(duration, first) ?? Number.NaN);
}

/**
 * Prediction per evaluation row: the median of its key's history durations, or the global history median when the
 * key has no history row. Keys are the predictor keys of `keys`. Cost O(n log n).
 */
export function perKeyMedianPredictions(duration: Float64Array, first: number, n: number, keys: RowKeys): Float64Array {
  const k = keys.distinct.length;
  const counts = new Int32Array(k + 1);
  for (let r = 0; r < first; r++) counts[keys.rowKeyId[r]! + 1]!++;
  for (let id = 0; id < k; id++) counts[id + 1]! += counts[id]!;
  // Durations grouped by key (counting sort), so each key's slice is sorted alone.
  const grouped = new Float64Array(first);
  const fill = Int32Array.from(counts.subarray(0, k));
  for (let r = 0; r < first; r++) grouped[fill[keys.rowKeyId[r]!]!++] = duration[r]!;
  const global = globalMedian(duration, first) ?? Number.NaN;
  const medianOf = new Float64Array(k);
  for (let id = 0; id < k; id++) {
    const slice = grouped.subarray(counts[id]!, counts[id + 1]!);
    medianOf[id] = slice.length > 0 ? medianInPlace(slice)! : global;
  }
  const out = new Float64Array(n - first);
  for (let r = first; r < n; r++) out[r - first] = medianOf[keys.rowKeyId[r]!]!;
  return out;
}

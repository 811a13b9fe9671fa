// How well a per-row duration prediction matches the truth: median |log2 error|, share within 2×, tier accuracy.
import { tierOf } from '../../src/stats/nearest-rank.ts';

/** One row of the predictability table. Shares in [0, 1]; null where the set they are taken over is empty. */
export interface PredictionAccuracy {
  /** Rows with duration > 0 and prediction > 0: the set of the error statistics. */
  n: number;
  /** Median of |log2(prediction / duration)| over those rows (an even count gives the mean of the two middle values). */
  median_abs_log2_error: number | null;
  /** Share of those rows with error ≤ 1 (the prediction within a factor of 2). */
  within_2x: number | null;
  /** Rows the tier accuracy is taken over (every row that has a prediction). */
  tier_rows: number;
  /** Share of `tier_rows` whose predicted tier (boundaries ≤ prediction) equals the true tier (boundaries ≤ duration). */
  tier_accuracy: number | null;
}

/** Median of `values` (sorted in place): the middle value, or the mean of the two middle ones; null when empty. */
export function medianInPlace(values: Float64Array): number | null {
  const n = values.length;
  if (n === 0) return null;
  values.sort();
  const h = n >> 1;
  return n % 2 === 1 ? values[h]! : (values[h - 1]! + values[h]!) / 2;
}

/**
 * Accuracy of `prediction[m]` for the durations of rows first + m (m over the evaluation rows). A NaN prediction
 * means "no prediction for this row": the row counts in neither set. Cost O(M log M).
 */
export function predictionAccuracy(duration: Float64Array, first: number, prediction: Float64Array, boundaries: ArrayLike<number>): PredictionAccuracy {
  const m = prediction.length;
  const errors = new Float64Array(m);
  let n = 0;
  let within = 0;
  let tierRows = 0;
  let tierHits = 0;
  for (let i = 0; i < m; i++) {
    const p = prediction[i]!;
    if (Number.isNaN(p)) continue;
    const d = duration[first + i]!;
    tierRows++;
    if (tierOf(boundaries, p) === tierOf(boundaries, d)) tierHits++;
    if (d > 0 && p > 0) {
      const e = Math.abs(Math.log2(p / d));
      errors[n++] = e;
      if (e <= 1) within++;
    }
  }
  return {
    n,
    median_abs_log2_error: medianInPlace(errors.subarray(0, n)),
    within_2x: n > 0 ? within / n : null,
    tier_rows: tierRows,
    tier_accuracy: tierRows > 0 ? tierHits / tierRows : null,
  };
}

// The complete state of a Predictor as plain typed arrays: what a snapshot stores and restores.

/**
 * A predictor's state. Entries (keys) are listed by slot, ascending; per-entry arrays are indexed by
 * entry. Times are whole microseconds held in float64. Histogram weights, censored weight and the
 * weighted sum of values are stored scaled: the real weight of each is value / scale of the entry.
 */
export interface PredictorState {
  /** The clock, µs. */
  nowUs: number;
  /** Next creation sequence number (tie-break of recycling). */
  nextSeq: number;
  pooledScale: number;
  /** Pooled observations so far (raw count). */
  pooledCount: number;
  /** 48 scaled pooled weights. */
  pooledBins: Float64Array;
  /** Published boundaries β_1..β_{L−1}, ms; empty when none yet. */
  boundaries: Float64Array;
  /** Boundary snapshots published. */
  snapshots: number;
  /** Degenerate boundary candidates ignored. */
  degenerate: number;
  /** Counts by PredictOutcome code (7). */
  predictCounts: Float64Array;
  /** Counts by ObserveOutcome code (6). */
  observeCounts: Float64Array;
  keys: string[];
  slots: Int32Array;
  scale: Float64Array;
  /** Raw duration observations since creation or reset. */
  count: Float64Array;
  censored: Float64Array;
  sumWeightedValues: Float64Array;
  /** Scaled sum of the entry's histogram weights (kept incrementally; stored so a restore is exact). */
  total: Float64Array;
  lastActivityUs: Float64Array;
  lastDecayUs: Float64Array;
  createdSeq: Float64Array;
  /** Held tier, −1 when none. */
  tier: Int8Array;
  /** 48 scaled weights per entry, entry-major. */
  bins: Float64Array;
}

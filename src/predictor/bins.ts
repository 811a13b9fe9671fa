// The 48 logarithmic duration bins of the predictor's histograms and their linear-in-bin quantile (SPEC §6).

/** Number of bins. */
export const BIN_COUNT = 48;
/** Largest representable duration, ms; larger values are clamped to it (it falls in the last bin). */
export const MAX_BIN_VALUE_MS = 600_000;
/** ln r with r = 600000^(1/47). */
export const LN_R = Math.log(MAX_BIN_VALUE_MS) / (BIN_COUNT - 1);

/**
 * Upper edges: bin 0 = [0, EDGE[0] = 1 ms); bin k = [EDGE[k−1], EDGE[k]) with EDGE[k] = exp(k·ln r) = r^k;
 * EDGE[47] is exactly 600000 and the last bin also holds 600000 itself (the clamp target).
 */
export const BIN_UPPER_EDGES: Float64Array = (() => {
  const e = new Float64Array(BIN_COUNT);
  for (let k = 0; k < BIN_COUNT; k++) e[k] = Math.exp(k * LN_R);
  e[0] = 1;
  e[BIN_COUNT - 1] = MAX_BIN_VALUE_MS;
  return e;
})();

/** Lower edges: 0 for bin 0, else the previous bin's upper edge. */
export const BIN_LOWER_EDGES: Float64Array = (() => {
  const e = new Float64Array(BIN_COUNT);
  for (let k = 1; k < BIN_COUNT; k++) e[k] = BIN_UPPER_EDGES[k - 1]!;
  return e;
})();

/** The bin holding 2^e, for e = 0..19 (2^19 < 600000 < 2^20): where `binIndex` starts for a value of that octave. */
const OCTAVE_FIRST_BIN: Int8Array = (() => {
  const first = new Int8Array(20);
  for (let e = 0, k = 0; e < 20; e++) {
    while (Math.pow(2, e) >= BIN_UPPER_EDGES[k]!) k++;
    first[e] = k;
  }
  return first;
})();

/**
 * Bin of a duration v ≥ 0 (ms): the k with BIN_LOWER_EDGES[k] ≤ v < BIN_UPPER_EDGES[k]; 0 when v < 1, 47 for values
 * ≥ 600000. By comparisons with the stored edges, so membership agrees with them exactly (no logarithm, whose rounding
 * at an edge would need a correction): it starts at the bin of 2^⌊log2 v⌋ (read from the integer part's leading
 * zeros) and steps up at most three bins, as an octave spans log 2 / log r ≈ 2.45 bins.
 */
export function binIndex(v: number): number {
  if (v < 1) return 0;
  if (v >= MAX_BIN_VALUE_MS) return BIN_COUNT - 1;
  let k = OCTAVE_FIRST_BIN[31 - Math.clz32(v)]!;
  while (v >= BIN_UPPER_EDGES[k]!) k++;
  return k;
}

/**
 * Quantile q ∈ [0, 1] of the histogram `bins[base .. base+47]` whose weights sum to `total`, ms.
 * target = q·total; walk the non-empty bins (weight > 0); in the first bin where the cumulative weight
 * reaches the target (cum + w ≥ target), return lo + (hi − lo)·(target − cum)/w. So q = 0 gives the
 * lower edge of the first non-empty bin. Returns 0 when total ≤ 0 (empty). When rounding leaves the
 * target just above the sum of the bins (q = 1), returns the upper edge of the last non-empty bin.
 * Weights may carry any common scale factor. Cost: at most 48 steps, no allocation.
 */
export function histogramQuantile(bins: Float64Array, base: number, total: number, q: number): number {
  if (!(total > 0)) return 0;
  const target = q * total;
  // An empty bin adds exactly 0 to the running sum, so the sum runs over every bin and only the test that stops
  // the walk asks for weight: the same numbers as a walk over the non-empty bins, with one branch a bin.
  let cum = 0;
  for (let k = 0; k < BIN_COUNT; k++) {
    const w = bins[base + k]!;
    const next = cum + w;
    if (next >= target && w > 0) {
      const lo = BIN_LOWER_EDGES[k]!;
      return lo + (BIN_UPPER_EDGES[k]! - lo) * ((target - cum) / w);
    }
    cum = next;
  }
  return BIN_UPPER_EDGES[lastNonEmpty(bins, base)]!;
}

/**
 * Two quantiles qa ≤ qb of the same histogram in one walk, written to out[0] and out[1] (ms); each equals
 * `histogramQuantile(bins, base, total, q)`. `start` may skip leading bins known to be empty. No allocation.
 */
export function histogramQuantilePair(bins: Float64Array, base: number, total: number, qa: number, qb: number, out: Float64Array, start = 0): void {
  if (!(total > 0)) {
    out[0] = 0;
    out[1] = 0;
    return;
  }
  let target = qa * total;
  const targetB = qb * total;
  let which = 0;
  let cum = 0;
  for (let k = start; k < BIN_COUNT; k++) {
    const w = bins[base + k]!;
    const next = cum + w;
    if (next >= target && w > 0) {
      const lo = BIN_LOWER_EDGES[k]!;
      const width = BIN_UPPER_EDGES[k]! - lo;
      out[which] = lo + width * ((target - cum) / w);
      if (which === 1) return;
      which = 1;
      target = targetB;
      if (next >= target) {
        out[1] = lo + width * ((target - cum) / w);
        return;
      }
    }
    cum = next;
  }
  const top = BIN_UPPER_EDGES[lastNonEmpty(bins, base)]!;
  if (which === 0) out[0] = top;
  out[1] = top;
}

/** The last bin with weight > 0 (0 when none). */
function lastNonEmpty(bins: Float64Array, base: number): number {
  let k = BIN_COUNT - 1;
  while (k > 0 && !(bins[base + k]! > 0)) k--;
  return k;
}

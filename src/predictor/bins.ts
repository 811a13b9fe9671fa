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

/**
 * Bin of a duration v ≥ 0 (ms): 0 when v < 1, else floor(ln v / ln r) + 1 capped at 47. The float
 * logarithm can be one ulp off at an exact edge, so the index is then moved by one so that membership
 * agrees exactly with BIN_LOWER_EDGES ≤ v < BIN_UPPER_EDGES (values ≥ 600000 go to bin 47).
 */
export function binIndex(v: number): number {
  if (v < 1) return 0;
  if (v >= MAX_BIN_VALUE_MS) return BIN_COUNT - 1;
  let k = Math.floor(Math.log(v) / LN_R) + 1;
  if (k > BIN_COUNT - 1) k = BIN_COUNT - 1;
  if (k < BIN_COUNT - 1 && v >= BIN_UPPER_EDGES[k]!) k += 1;
  else if (k > 1 && v < BIN_LOWER_EDGES[k]!) k -= 1;
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
  let cum = 0;
  let last = 0;
  for (let k = 0; k < BIN_COUNT; k++) {
    const w = bins[base + k]!;
    if (w > 0) {
      last = k;
      if (cum + w >= target) {
        const lo = BIN_LOWER_EDGES[k]!;
        return lo + (BIN_UPPER_EDGES[k]! - lo) * ((target - cum) / w);
      }
      cum += w;
    }
  }
  return BIN_UPPER_EDGES[last]!;
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
  let last = 0;
  for (let k = start; k < BIN_COUNT; k++) {
    const w = bins[base + k]!;
    if (w > 0) {
      last = k;
      while (cum + w >= target) {
        const lo = BIN_LOWER_EDGES[k]!;
        out[which] = lo + (BIN_UPPER_EDGES[k]! - lo) * ((target - cum) / w);
        if (which === 1) return;
        which = 1;
        target = targetB;
      }
      cum += w;
    }
  }
  const top = BIN_UPPER_EDGES[last]!;
  if (which === 0) out[0] = top;
  out[1] = top;
}

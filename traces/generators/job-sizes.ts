// Job sizes for generated rows: a size the cost follows (cost ∝ size with lognormal noise), or one unrelated to the cost.
import { lognormal, type Rng } from '../../src/rng/seeded.ts';

/** How generated jobs get a `size_bytes`: the log-space sigma of the noise between size and cost. */
export interface SizeOptions {
  /** σ of ln(cost / (k·size)) for job types whose cost follows their size; 0 = cost exactly ∝ size [--size-noise]. */
  readonly noise: number;
}


/**
 * The size (bytes, an integer ≥ 1) of a job whose cost `costMs` was drawn lognormal around `medianCostMs`:
 * ln size = ln medianBytes + ln(costMs/medianCostMs) − noise·Z, so costMs = (medianCostMs/medianBytes)·size·e^(noise·Z)
 * (up to rounding). The cost is drawn first and left as it is, so adding sizes changes no duration.
 */
export function sizeFollowingCost(rng: Rng, costMs: number, medianCostMs: number, medianBytes: number, noise: number): number {
  const ratio = costMs > 0 ? costMs / medianCostMs : Number.MIN_VALUE;
  return Math.max(1, Math.round(lognormal(rng, medianBytes * ratio, noise)));
}

/** A size (bytes, an integer ≥ 1) drawn lognormal around `medianBytes` with `sigma`, independent of the cost. */
export function unrelatedSize(rng: Rng, medianBytes: number, sigma: number): number {
  return Math.max(1, Math.round(lognormal(rng, medianBytes, sigma)));
}

// Nearest-rank quantiles and tiers against boundaries (SPEC §5, §7).
import { nearestRankQuantiles, nearestRankQuantilesOf } from './select.ts';

/** Nearest-rank quantile of ascending-sorted values: v[min(n−1, max(0, ceil(n·q) − 1))]; NaN when empty. */
export function nearestRank(sorted: ArrayLike<number>, q: number, from = 0, to = sorted.length): number {
  const n = to - from;
  if (n <= 0) return Number.NaN;
  const idx = Math.min(n - 1, Math.max(0, Math.ceil(n * q) - 1));
  return sorted[from + idx]!;
}

/**
 * Boundaries B_j = nearest-rank quantile j/L of the values, j = 1 … L−1 (SPEC §5). O(n); the values are left as
 * they are (read in place, or selected on a copy when that is needed) unless `inPlace` (then they may be reordered).
 */
export function nearestRankBoundaries(values: Float64Array, levels: number, inPlace = false): Float64Array {
  const qs: number[] = [];
  for (let j = 1; j < levels; j++) qs.push(j / levels);
  const b = new Float64Array(qs.length);
  if (inPlace) nearestRankQuantiles(values, values.length, qs, b);
  else nearestRankQuantilesOf(values, values.length, qs, b);
  return b;
}

/** tier_of(B, x): the number of boundaries ≤ x (SPEC §5). */
export function tierOf(boundaries: ArrayLike<number>, x: number): number {
  let t = 0;
  for (let j = 0; j < boundaries.length; j++) if (boundaries[j]! <= x) t++;
  return t;
}

// Level boundaries: validity, the refresh decision with boundary hysteresis, and tier_of (SPEC §6).

/** Result of `decideBoundaries`. */
export const BoundaryDecision = { degenerate: -1, unchanged: 0, published: 1 } as const;
export type BoundaryDecisionCode = (typeof BoundaryDecision)[keyof typeof BoundaryDecision];

/** Whether b[0..n) is a usable boundary vector: β_1 > 0 and strictly increasing (NaN fails). */
export function validBoundaries(b: Float64Array, n: number): boolean {
  if (!(b[0]! > 0)) return false;
  for (let j = 1; j < n; j++) if (!(b[j]! > b[j - 1]!)) return false;
  return true;
}

/**
 * SPEC §6 refresh decision for a candidate vector `cand` (n values, ms):
 * - invalid candidate → `degenerate` (ignored);
 * - no current boundaries (`current` null) → `published`, out = candidate;
 * - else mixed_j = current_j where |cand_j − current_j| ≤ h·current_j, else cand_j; when the mixed vector
 *   is invalid the candidate is used unmixed; when the result equals `current` exactly → `unchanged`,
 *   else `published` with the result in `out`.
 * `out` must hold n values; it may be written even when the result is not published. No allocation.
 */
export function decideBoundaries(current: Float64Array | null, cand: Float64Array, n: number, h: number, out: Float64Array): BoundaryDecisionCode {
  if (!validBoundaries(cand, n)) return BoundaryDecision.degenerate;
  if (current === null) {
    for (let j = 0; j < n; j++) out[j] = cand[j]!;
    return BoundaryDecision.published;
  }
  for (let j = 0; j < n; j++) {
    const old = current[j]!;
    out[j] = Math.abs(cand[j]! - old) <= h * old ? old : cand[j]!;
  }
  if (!validBoundaries(out, n)) for (let j = 0; j < n; j++) out[j] = cand[j]!;
  for (let j = 0; j < n; j++) if (out[j] !== current[j]) return BoundaryDecision.published;
  return BoundaryDecision.unchanged;
}

/** tier_of(β, x): the number of boundaries ≤ x (SPEC §5). */
export function tierOf(b: Float64Array, n: number, x: number): number {
  let t = 0;
  while (t < n && b[t]! <= x) t++;
  return t;
}

/**
 * Tier with per-key hysteresis (SPEC §6): t = tier_of(β, est); when the key holds h ≥ 0 and t ≠ h, keep
 * h while lo ≤ est < hi, lo = 0 for h = 0 else (1 − hyst)·β_h, hi = ∞ for the last tier else
 * (1 + hyst)·β_{h+1} (β 1-based: β_h = b[h−1]). `held` −1 means none.
 */
export function tierWithHysteresis(b: Float64Array, n: number, est: number, held: number, hyst: number): number {
  const t = tierOf(b, n, est);
  if (held < 0 || t === held) return t;
  const lo = held === 0 ? 0 : (1 - hyst) * b[held - 1]!;
  const hi = held === n ? Number.POSITIVE_INFINITY : (1 + hyst) * b[held]!;
  return lo <= est && est < hi ? held : t;
}

// One gate criterion: paired per-window values of an arm against its baseline, point, interval and pass rule (SPEC §7).
import { bootstrapMeanInterval, type BootstrapOptions } from './bootstrap.ts';
import { exactMean } from './exact-sum.ts';
import { roundSig } from './round-sig.ts';

/**
 * relative_delta: x_w = (arm_w − base_w)/base_w; ratio: x_w = arm_w/base_w; equivalence: the relative delta, judged
 * two-sided (the interval must lie inside ±limit, as the paper's Tables 11 and 15 do).
 */
export type CriterionKind = 'relative_delta' | 'ratio' | 'equivalence';

/** primary and guardrail criteria are what gates list; secondary ones are reported only. */
export type CriterionRole = 'primary' | 'guardrail' | 'secondary';

/**
 * A criterion's verdict; unevaluable (a zero baseline) counts as a failure in a gate, and so does unstable
 * (replications that disagree on the verdict).
 */
export type CriterionStatus = 'pass' | 'fail' | 'unevaluable' | 'unstable';

/** A criterion's estimate: point (mean of the paired values), percentile interval, verdict and margin. */
export interface CriterionEstimate {
  readonly point: number | null;
  readonly low: number | null;
  readonly high: number | null;
  readonly status: CriterionStatus;
  /** How far the estimate is from failing, in the criterion's units (≥ 0 when it passes); null when unevaluable. */
  readonly margin: number | null;
}

/** The paired change of one value against its baseline, or null when the baseline is 0. */
export function pairedChange(kind: CriterionKind, arm: number, base: number): number | null {
  if (base === 0) return null;
  return kind === 'ratio' ? arm / base : (arm - base) / base;
}

/**
 * The per-window paired values x_w, after optionally rounding both inputs to `roundDigits` significant digits;
 * null when any baseline window is 0. Throws RangeError when the two series differ in length.
 */
export function pairedValues(kind: CriterionKind, arm: readonly number[], base: readonly number[], roundDigits?: number): Float64Array | null {
  if (arm.length !== base.length) throw new RangeError(`arm has ${arm.length} windows, baseline ${base.length}`);
  const x = new Float64Array(arm.length);
  for (let w = 0; w < arm.length; w++) {
    const a = roundDigits === undefined ? arm[w]! : roundSig(arm[w]!, roundDigits);
    const b = roundDigits === undefined ? base[w]! : roundSig(base[w]!, roundDigits);
    const v = pairedChange(kind, a, b);
    if (v === null) return null;
    x[w] = v;
  }
  return x;
}

/**
 * Whether a criterion passes (SPEC §7). relative_delta: limit < 0 (improvement) iff point ≤ limit and high < 0;
 * limit = 0 iff high < 0; limit > 0 (non-inferiority) iff high ≤ limit. ratio (guardrail): iff high ≤ limit.
 * equivalence (limit > 0, the margin): iff −limit ≤ low and high ≤ limit.
 */
export function passesRule(kind: CriterionKind, limit: number, point: number, high: number, low = Number.NEGATIVE_INFINITY): boolean {
  if (kind === 'equivalence') return -limit <= low && high <= limit;
  if (kind === 'ratio') return high <= limit;
  if (limit < 0) return point <= limit && high < 0;
  if (limit === 0) return high < 0;
  return high <= limit;
}

/**
 * The signed room left before the rule fails (≥ 0 passes, except the strict `high < 0` edge where 0 fails):
 * improvement min(limit − point, −high); limit 0: −high; equivalence min(limit − high, low + limit); otherwise limit − high.
 */
export function ruleMargin(kind: CriterionKind, limit: number, point: number, high: number, low = Number.NEGATIVE_INFINITY): number {
  if (kind === 'equivalence') return Math.min(limit - high, low + limit);
  if (kind === 'relative_delta' && limit < 0) return Math.min(limit - point, -high);
  if (kind === 'relative_delta' && limit === 0) return -high;
  return limit - high;
}

/** Estimates a criterion from paired values (null = unevaluable): exact mean, bootstrap interval, verdict. */
export function estimateCriterion(kind: CriterionKind, limit: number, x: Float64Array | null, bootstrap: BootstrapOptions): CriterionEstimate {
  if (x === null || x.length === 0) return { point: null, low: null, high: null, status: 'unevaluable', margin: null };
  const point = exactMean(x);
  const { low, high } = bootstrapMeanInterval(x, bootstrap);
  const status = passesRule(kind, limit, point, high, low) ? 'pass' : 'fail';
  return { point, low, high, status, margin: ruleMargin(kind, limit, point, high, low) };
}

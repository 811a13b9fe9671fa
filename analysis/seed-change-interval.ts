// The change of an arm against its baseline over replications: each seed's whole-run change, their mean and t-interval.
import { pairedChange } from './criterion.ts';
import { tInterval } from './student-t.ts';

/** The mean over seeds of the per-seed relative change and its 95 % Student t-interval (n − 1 degrees of freedom). */
export interface SeedChangeInterval {
  readonly point: number;
  readonly low: number;
  readonly high: number;
  /** How many seeds both arms have (≥ 2). */
  readonly seeds: number;
}

/**
 * Over the seeds both maps hold (seed → a whole-run value, e.g. mean latency in ms): x_s = (arm_s − base_s)/base_s,
 * the mean of x and its 95 % t-interval. Null with fewer than two shared seeds or when a baseline value is 0.
 * Pure; cost O(seeds).
 */
export function seedChangeInterval(arm: ReadonlyMap<number, number>, base: ReadonlyMap<number, number>): SeedChangeInterval | null {
  const seeds = [...arm.keys()].filter((s) => base.has(s)).sort((a, b) => a - b);
  if (seeds.length < 2) return null;
  const x: number[] = [];
  for (const s of seeds) {
    const c = pairedChange('relative_delta', arm.get(s)!, base.get(s)!);
    if (c === null) return null;
    x.push(c);
  }
  const t = tInterval(x, 0.95);
  return { point: t.mean, low: t.low, high: t.high, seeds: seeds.length };
}

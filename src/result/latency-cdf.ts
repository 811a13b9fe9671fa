// The `latency_cdf` block of an arm result (opt-in): latency at fixed quantile levels, written and read.
import { describe, isObject } from '../json/json-value.ts';

/**
 * A latency CDF as a result file stores it: `latency_ms[i]` is the nearest-rank latency (ms) at quantile level
 * `q[i]`; levels ascend from 0 (the minimum) to 1 (the maximum). `sim/latency-cdf.ts` computes it.
 */
export interface LatencyCdf {
  readonly q: number[];
  readonly latency_ms: number[];
}

/**
 * Reads a `latency_cdf` block at `where` (`file → path`): equal-length arrays of at least two entries, levels
 * strictly ascending in [0, 1], latencies finite, ≥ 0 and non-decreasing. Returns null and pushes one issue when it
 * is malformed; never throws.
 */
export function parseLatencyCdf(raw: unknown, where: string, issues: string[]): LatencyCdf | null {
  if (!isObject(raw)) {
    issues.push(`${where}: found ${describe(raw)}; expected an object {"q": [...], "latency_ms": [...]} (ignored)`);
    return null;
  }
  const q = raw['q'];
  const ms = raw['latency_ms'];
  const numbers = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isFinite(x));
  if (!numbers(q) || !numbers(ms) || q.length !== ms.length || q.length < 2) {
    issues.push(`${where}: found q with ${Array.isArray(q) ? q.length : describe(q)} and latency_ms with ${Array.isArray(ms) ? ms.length : describe(ms)} entries; expected two arrays of finite numbers of one length ≥ 2 (ignored)`);
    return null;
  }
  for (let i = 0; i < q.length; i++) {
    if (q[i]! < 0 || q[i]! > 1 || (i > 0 && q[i]! <= q[i - 1]!)) {
      issues.push(`${where}.q[${i}]: found ${q[i]}; expected levels strictly ascending within [0, 1] (ignored)`);
      return null;
    }
    if (ms[i]! < 0 || (i > 0 && ms[i]! < ms[i - 1]!)) {
      issues.push(`${where}.latency_ms[${i}]: found ${ms[i]}; expected latencies ≥ 0 that never decrease (ignored)`);
      return null;
    }
  }
  return { q: [...q], latency_ms: [...ms] };
}

// What a predictor believes, key by key, read without changing it: the table of `hsim predictor show`.
import { BIN_COUNT, histogramQuantile } from './bins.ts';
import { tierWithHysteresis } from './boundaries.ts';
import type { PredictOutcomeName } from './outcomes.ts';
import type { Predictor } from './predictor.ts';

/** One key as the predictor holds it. Times in ms on the predictor's clock. */
export interface KeyReport {
  key: string;
  /** Raw observations since creation or the last stale reset (the n_min gate counts these). */
  n: number;
  /** Decayed median and upper spread quantile (p99 by default) of the key's histogram, ms. */
  median_ms: number;
  p99_ms: number;
  /** p99 / max(median, 1 ms): the high-spread gate fails above `spreadRatio`. */
  spread_ratio: number;
  /** Censored weight / (censored + histogram weight). */
  censored_share: number;
  last_activity_ms: number;
  /** The clock minus last activity: the stale gate fails above `staleAfterMs`. */
  idle_ms: number;
  /** The held tier (null when none yet). */
  tier: number | null;
  /** What `predict` would answer now: `predicted` or the first gate that fails. */
  gate: PredictOutcomeName;
  /** The gate's reason in words, e.g. `n 12 < minSamples 20`. */
  reason: string;
  /** The estimate and the tier it would route to when `gate` is `predicted`, else null. */
  estimate_ms: number | null;
  route_tier: number | null;
  /** The key's histogram, 48 weights normalised to sum 1 (zeros when empty). */
  weights: number[];
}

/** The whole report: the predictor's state and its keys, most observed first. */
export interface PredictorReport {
  clock_ms: number;
  boundaries_ms: number[];
  keys_held: number;
  observations: number;
  snapshots: number;
  pooled_weights: number[];
  params: { minSamples: number; spreadRatio: number; spreadQuantile: number; censoredShare: number; staleAfterMs: number; summary: string };
  keys: KeyReport[];
}

const r3 = (x: number): string => String(Number(x.toPrecision(3)));

/**
 * The report of key `key` (undefined when the predictor does not hold it). Evaluates the gates of `predict` in their
 * order without calling it (which would mark the key active): unready, stale_key, cold_key, censored, high_spread.
 */
export function keyReport(p: Predictor, key: string): KeyReport | undefined {
  const k = p.inspectKey(key);
  if (k === undefined) return undefined;
  const prm = p.params;
  const bins = Float64Array.from(k.weights);
  let total = 0;
  for (let b = 0; b < BIN_COUNT; b++) total += bins[b]!;
  const median = histogramQuantile(bins, 0, total, 0.5);
  const high = histogramQuantile(bins, 0, total, prm.spreadQuantile);
  const spread = high / Math.max(median, 1);
  const censored = k.censoredWeight > 0 ? k.censoredWeight / (k.censoredWeight + total) : 0;
  const now = p.nowMs();
  const idle = now - k.lastActivityMs;
  const bounds = p.boundaries();
  let gate: PredictOutcomeName = 'predicted';
  let reason: string;
  let estimate: number | null = null;
  let routeTier: number | null = null;
  if (bounds.length === 0) {
    gate = 'unready';
    reason = `no boundaries yet (${p.observationCount()} of ${prm.firstRefreshAt} pooled observations)`;
  } else if (idle > prm.staleAfterMs) {
    gate = 'stale_key';
    reason = `idle ${r3(idle)} ms > staleAfterMs ${prm.staleAfterMs}`;
  } else if (k.count < prm.minSamples) {
    gate = 'cold_key';
    reason = `n ${k.count} < minSamples ${prm.minSamples}`;
  } else if (censored > prm.censoredShare) {
    gate = 'censored';
    reason = `censored share ${r3(censored)} > censoredShare ${prm.censoredShare}`;
  } else if (spread > prm.spreadRatio) {
    gate = 'high_spread';
    reason = `p${r3(prm.spreadQuantile * 100)} / median ${r3(spread)} > spreadRatio ${prm.spreadRatio}`;
  } else {
    const est = prm.summary === 'median' ? median : prm.summary === 'p75' ? histogramQuantile(bins, 0, total, 0.75) : k.weightedSum / total;
    if (!(est >= 0) || est === Number.POSITIVE_INFINITY) {
      gate = 'high_spread';
      reason = `estimate ${est} is not a finite duration`;
    } else {
      estimate = est;
      routeTier = tierWithHysteresis(Float64Array.from(bounds), bounds.length, est, k.tier, prm.hysteresis);
      reason = `passes every gate: ${prm.summary} ${r3(est)} ms → tier ${routeTier}`;
    }
  }
  return {
    key, n: k.count, median_ms: median, p99_ms: high, spread_ratio: spread, censored_share: censored,
    last_activity_ms: k.lastActivityMs, idle_ms: idle, tier: k.tier < 0 ? null : k.tier, gate, reason,
    estimate_ms: estimate, route_tier: routeTier, weights: Array.from(bins, (w) => (total > 0 ? w / total : 0)),
  };
}

/** The report of the whole predictor: every held key, most raw observations first (ties by key). */
export function predictorReport(p: Predictor): PredictorReport {
  const keys = p.heldKeys().map((key) => keyReport(p, key)!);
  keys.sort((a, b) => b.n - a.n || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const prm = p.params;
  return {
    clock_ms: p.nowMs(),
    boundaries_ms: p.boundaries(),
    keys_held: p.keyCount(),
    observations: p.observationCount(),
    snapshots: p.snapshotCount(),
    pooled_weights: p.pooledWeights(),
    params: {
      minSamples: prm.minSamples, spreadRatio: prm.spreadRatio, spreadQuantile: prm.spreadQuantile,
      censoredShare: prm.censoredShare, staleAfterMs: prm.staleAfterMs, summary: prm.summary,
    },
    keys,
  };
}

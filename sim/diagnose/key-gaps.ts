// Keys of a trace as the predictor sees them: history coverage and the gaps between a key's arrivals.
import type { RowKeys } from '../row-keys.ts';

/** The keys section of `traces diagnose`. Shares are of evaluation rows, in [0, 1] (0 when there are none). */
export interface KeyGaps {
  /** Distinct predictor keys over all rows, in history, in the evaluation half. */
  count: number;
  history_count: number;
  evaluation_count: number;
  /** Share of evaluation rows whose key occurs in history. */
  in_history_share: number;
  /** Share of evaluation rows that are their key's first arrival in the whole trace. */
  first_arrival_share: number;
  /** Share whose key's previous arrival lies more than `stale_after_ms` back at the simulated time scale. */
  stale_share: number;
  /** Share whose key's previous arrival lies more than `idle_half_life_ms` back. */
  idle_share: number;
  stale_after_ms: number;
  idle_half_life_ms: number;
}

/**
 * Computes the key section. A gap is (arrival_r − arrival of the key's previous row)/compress, the time between
 * the two arrivals in the simulation at that compress factor (the warm start uses the same scale); rows of either
 * half count as previous rows. Gaps above a limit are counted strictly (> limit), as the staleness rule does. O(n).
 */
export function keyGaps(arrival: Float64Array, first: number, n: number, keys: RowKeys, compress: number, staleAfterMs: number, idleHalfLifeMs: number): KeyGaps {
  const k = keys.distinct.length;
  const rowKeyId = keys.rowKeyId;
  const last = new Float64Array(k).fill(Number.NaN);
  // Per key: bit 1 = seen in history, bit 2 = seen in the evaluation half (one array: one random access a row).
  const seen = new Uint8Array(k);
  // Counters: history keys, evaluation keys, all keys, covered, first seen, stale, idle.
  const c = new Float64Array(7);
  // Each pass is its own small function: a long loop compiled while it runs (on-stack replacement) is thrown away
  // when the code after it first runs, and this runs once per command.
  historyPass(arrival, rowKeyId, first, last, seen, c);
  evaluationPass(arrival, rowKeyId, first, n, compress, staleAfterMs, idleHalfLifeMs, last, seen, c);
  const m = n - first;
  const share = (x: number): number => (m > 0 ? x / m : 0);
  return {
    count: c[2]!, history_count: c[0]!, evaluation_count: c[1]!,
    in_history_share: share(c[3]!), first_arrival_share: share(c[4]!), stale_share: share(c[5]!), idle_share: share(c[6]!),
    stale_after_ms: staleAfterMs, idle_half_life_ms: idleHalfLifeMs,
  };
}

/** History rows [0, first): marks their keys and their last arrivals; counts history keys into c[0] and c[2]. */
function historyPass(arrival: Float64Array, rowKeyId: Int32Array, first: number, last: Float64Array, seen: Uint8Array, c: Float64Array): void {
  let historyCount = 0;
  for (let r = 0; r < first; r++) {
    const id = rowKeyId[r]!;
    if (seen[id] === 0) {
      seen[id] = 1;
      historyCount++;
    }
    last[id] = arrival[r]!;
  }
  c[0] = historyCount;
  c[2] = historyCount;
}

/** Evaluation rows [first, n): keys, coverage, first arrivals and gaps over the limits into c[1] … c[6]. */
function evaluationPass(
  arrival: Float64Array, rowKeyId: Int32Array, first: number, n: number, compress: number, staleAfterMs: number, idleHalfLifeMs: number,
  last: Float64Array, seen: Uint8Array, c: Float64Array,
): void {
  let evalCount = 0;
  let count = c[2]!;
  let covered = 0;
  let firstSeen = 0;
  let stale = 0;
  let idle = 0;
  for (let r = first; r < n; r++) {
    const id = rowKeyId[r]!;
    const flags = seen[id]!;
    if ((flags & 2) === 0) {
      seen[id] = flags | 2;
      evalCount++;
      if (flags === 0) count++;
    }
    covered += flags & 1;
    const a = arrival[r]!;
    const prev = last[id]!;
    if (Number.isNaN(prev)) firstSeen++;
    else {
      const gap = (a - prev) / compress;
      if (gap > staleAfterMs) stale++;
      if (gap > idleHalfLifeMs) idle++;
    }
    last[id] = a;
  }
  c[1] = evalCount;
  c[2] = count;
  c[3] = covered;
  c[4] = firstSeen;
  c[5] = stale;
  c[6] = idle;
}

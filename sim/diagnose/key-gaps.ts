// Keys of a trace as the predictor sees them: history coverage and the gaps between a key's arrivals (issue 13).
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
  let historyCount = 0;
  let evalCount = 0;
  let count = 0;
  for (let r = 0; r < first; r++) {
    const id = rowKeyId[r]!;
    if (seen[id] === 0) {
      seen[id] = 1;
      historyCount++;
      count++;
    }
    last[id] = arrival[r]!;
  }
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
  const m = n - first;
  const share = (x: number): number => (m > 0 ? x / m : 0);
  return {
    count, history_count: historyCount, evaluation_count: evalCount,
    in_history_share: share(covered), first_arrival_share: share(firstSeen), stale_share: share(stale), idle_share: share(idle),
    stale_after_ms: staleAfterMs, idle_half_life_ms: idleHalfLifeMs,
  };
}

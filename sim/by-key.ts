// Per-key summary of one arm run (`simulate --by-key`): count, mean wait and mean latency per trace key.

/** One key's messages in a run (ms of simulated time). */
export interface KeySummary {
  count: number;
  mean_wait_ms: number;
  mean_latency_ms: number;
}

/**
 * Count, mean wait (start − arrival) and mean latency (end − arrival) per key of evaluation messages i (trace row
 * first + i), for every key with at least one message, in key-name order (the result file sorts keys anyway).
 * Sums run in message order, so the figures are the same bits on every run. Cost O(M + K log K).
 */
export function byKey(keyId: Int32Array, keys: readonly string[], first: number, arrival: Float64Array, start: Float64Array, end: Float64Array): Record<string, KeySummary> {
  const k = keys.length;
  const count = new Int32Array(k);
  const wait = new Float64Array(k);
  const latency = new Float64Array(k);
  for (let i = 0; i < arrival.length; i++) {
    const id = keyId[first + i]!;
    const a = arrival[i]!;
    count[id]!++;
    wait[id]! += start[i]! - a;
    latency[id]! += end[i]! - a;
  }
  const ids = [...Array(k).keys()].filter((id) => count[id]! > 0).sort((x, y) => (keys[x]! < keys[y]! ? -1 : keys[x]! > keys[y]! ? 1 : 0));
  // fromEntries defines own properties, so a key named __proto__ is a key like any other.
  return Object.fromEntries(ids.map((id) => [keys[id]!, { count: count[id]!, mean_wait_ms: wait[id]! / count[id]!, mean_latency_ms: latency[id]! / count[id]! }]));
}

// A router from a fixed level per predictor key id (shared by the static routings).
import type { BuiltRouter } from './routing.ts';

/** Router that sends row r to `levelOfKey[rowKeyId[r]]` (−1 there = the default level). */
export function keyLevelRouter(levelOfKey: Int32Array, rowKeyId: Int32Array, defaultLevel: number): BuiltRouter {
  return {
    now: 0,
    cost: 0,
    outcome: -1,
    route: (row) => {
      const l = levelOfKey[rowKeyId[row]!]!;
      return l < 0 ? defaultLevel : l;
    },
    complete: () => undefined,
  };
}

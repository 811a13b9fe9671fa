// Routing `static-history`: a fixed map key → tier of the key's history median (unseen keys: default level).
import { nearestRank, tierOf } from '../../src/stats/nearest-rank.ts';
import { registerRouting } from './routing.ts';
import { keyLevelRouter } from './static-levels.ts';

registerRouting({
  name: 'static-history',
  description: "level = tier of the nearest-rank median of the key's history durations; unseen keys to the default level",
  needsHistory: true,
  needsPredictor: false,
  needsStaticMap: false,
  queues: 'levels',
  create: (ctx) => {
    const keys = ctx.keys();
    const k = keys.distinct.length;
    const perKey: number[][] = Array.from({ length: k }, () => []);
    for (let r = 0; r < ctx.first; r++) perKey[keys.rowKeyId[r]!]!.push(ctx.trace.duration[r]!);
    const levelOfKey = new Int32Array(k).fill(-1);
    for (let id = 0; id < k; id++) {
      const ds = perKey[id]!;
      if (ds.length === 0) continue;
      const median = nearestRank(Float64Array.from(ds).sort(), 0.5);
      levelOfKey[id] = tierOf(ctx.boundaries, median);
    }
    return keyLevelRouter(levelOfKey, keys.rowKeyId, ctx.defaultLevel);
  },
});

// Routing `static-map`: levels from a user file mapping key (or key/class, or class) → level.
import { registerRouting } from './routing.ts';
import { keyLevelRouter } from './static-levels.ts';

registerRouting({
  name: 'static-map',
  description: 'level from --static-map FILE (JSON: key, key/class or class → level); unmapped to the default level',
  needsHistory: false,
  needsPredictor: false,
  needsStaticMap: true,
  queues: 'levels',
  create: (ctx) => {
    const keys = ctx.keys();
    const map = ctx.staticMap ?? new Map<string, number>();
    const { trace } = ctx;
    // Resolve once per distinct (key, class) pair: the full predictor key, then the producer key, then the class.
    const levelOfKey = new Int32Array(keys.distinct.length).fill(-2);
    for (let r = 0; r < trace.n; r++) {
      const id = keys.rowKeyId[r]!;
      if (levelOfKey[id] !== -2) continue;
      const producer = trace.keys[trace.keyId[r]!]!;
      const cls = trace.classId && trace.classes ? trace.classes[trace.classId[r]!]! : undefined;
      const l = map.get(keys.distinct[id]!) ?? map.get(producer) ?? (cls === undefined ? undefined : map.get(cls));
      levelOfKey[id] = l ?? -1;
    }
    return keyLevelRouter(levelOfKey, keys.rowKeyId, ctx.defaultLevel);
  },
});

// Routing `static-random`: each history key gets a seeded random level (a plausible but misconfigured map).
import { createRng } from '../../src/rng/seeded.ts';
import { registerRouting } from './routing.ts';
import { keyLevelRouter } from './static-levels.ts';

registerRouting({
  name: 'static-random',
  description: 'each history key a seeded random level (--seed); unseen keys to the default level',
  needsHistory: true,
  needsPredictor: false,
  needsStaticMap: false,
  seeded: true,
  queues: 'levels',
  create: (ctx) => {
    const keys = ctx.keys();
    const rng = createRng(ctx.seed).fork('static-random');
    const levelOfKey = new Int32Array(keys.distinct.length).fill(-1);
    // Keys draw in order of first appearance in the history, so the map does not depend on key spelling.
    for (let r = 0; r < ctx.first; r++) {
      const id = keys.rowKeyId[r]!;
      if (levelOfKey[id] === -1) levelOfKey[id] = Math.min(ctx.levels - 1, Math.floor(rng.next() * ctx.levels));
    }
    return keyLevelRouter(levelOfKey, keys.rowKeyId, ctx.defaultLevel);
  },
});

// Example routing `random-level` (README, "Adding a policy"): each message to a seeded random level.
import { createRng } from '../../../src/rng/seeded.ts';
import { registerRouting } from '../routing.ts';

registerRouting({
  name: 'random-level',
  description: 'each message to a uniformly random level (seeded by --seed): a routing that knows nothing',
  needsHistory: false, // the engine skips nothing either way; this documents what the arm reads
  needsPredictor: false, // true would enable summary=, keys=, sizebins and predictor.* overrides
  needsStaticMap: false,
  queues: 'levels', // or 'per-key' for one queue per key
  create: (ctx) => {
    const rng = createRng(ctx.seed).fork('random-level');
    return {
      now: 0, // the engine sets the simulated time (ms) here before each call
      cost: 0, // an estimate (ms) here is charged by weighted shares; 0 = none
      outcome: -1, // a predictor outcome code, -1 = none
      route: () => Math.floor(rng.next() * ctx.levels),
      complete: () => undefined, // learn here from the row, ctx.trace.duration[row] and now
    };
  },
});

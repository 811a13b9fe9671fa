// Routing `oracle`: the level is the tier of the message's true duration against the history boundaries.
import { tierOf } from '../../src/stats/nearest-rank.ts';
import { registerRouting } from './routing.ts';

registerRouting({
  name: 'oracle',
  description: 'level = tier of the true duration against the history boundaries B (no cost estimate)',
  needsHistory: true,
  needsPredictor: false,
  needsStaticMap: false,
  queues: 'levels',
  create: (ctx) => {
    const b = ctx.boundaries;
    const d = ctx.trace.duration;
    return { now: 0, cost: 0, outcome: -1, route: (row) => tierOf(b, d[row]!), complete: () => undefined };
  },
});

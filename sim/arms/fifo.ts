// Routing `fifo`: every message to level 0, served in arrival order.
import { registerRouting } from './routing.ts';

registerRouting({
  name: 'fifo',
  description: 'everything to level 0: first in, first out',
  needsHistory: false,
  needsPredictor: false,
  needsStaticMap: false,
  singleLevel: true,
  queues: 'levels',
  create: () => ({ now: 0, cost: 0, outcome: -1, route: () => 0, complete: () => undefined }),
});

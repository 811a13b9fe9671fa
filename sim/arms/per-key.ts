// Routing `per-key`: one FIFO queue per key, weighted with equal weights, cost = the queue's EWMA.
import { registerRouting } from './routing.ts';

registerRouting({
  name: 'per-key',
  description: 'one FIFO queue per key served by the weighted rule, equal weights, cost = EWMA of the key (no prediction)',
  needsHistory: false,
  needsPredictor: false,
  needsStaticMap: false,
  queues: 'per-key',
  create: (ctx) => {
    const keys = ctx.keys();
    const ids = keys.rowKeyId;
    return { now: 0, cost: 0, outcome: -1, route: (row) => ids[row]!, complete: () => undefined };
  },
});

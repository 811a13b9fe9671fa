// Routing `sjf`: non-preemptive shortest job first by the true duration, a continuous priority (ideal-order bound).
import { runIdealEngine } from '../ideal-engine.ts';
import { checkIdealFlags } from './ideal-flags.ts';
import { registerRouting } from './routing.ts';

registerRouting({
  name: 'sjf',
  description: 'non-preemptive shortest job first by the true duration (ties by arrival); aging=<ms> serves long waiters first',
  needsHistory: false,
  needsPredictor: false,
  needsStaticMap: false,
  queues: 'levels',
  engine: runIdealEngine,
  agesByDefault: false,
  check: (flags) => checkIdealFlags('sjf', flags, true),
  create: (ctx) => {
    const d = ctx.trace.duration;
    return { now: 0, cost: 0, outcome: -1, route: (row) => d[row]!, complete: () => undefined };
  },
});

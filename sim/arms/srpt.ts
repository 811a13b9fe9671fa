// Routing `srpt`: preemptive-resume shortest remaining processing time by the true duration (a bound, not a broker).
import { runSrptEngine } from '../srpt-engine.ts';
import { checkIdealFlags } from './ideal-flags.ts';
import { registerRouting } from './routing.ts';

registerRouting({
  name: 'srpt',
  description: 'preemptive-resume shortest remaining processing time with true durations: a bound no broker can reach',
  needsHistory: false,
  needsPredictor: false,
  needsStaticMap: false,
  queues: 'levels',
  engine: runSrptEngine,
  agesByDefault: false,
  check: (flags) => checkIdealFlags('srpt', flags, false),
  create: () => ({ now: 0, cost: 0, outcome: -1, route: () => 0, complete: () => undefined }),
});

// Loads every built-in routing module (each registers itself) and re-exports the registry API.
import './fifo.ts';
import './oracle.ts';
import './static-history.ts';
import './static-map.ts';
import './static-random.ts';
import './per-key.ts';
import './predictive.ts';
import './sjf.ts';
import './sept.ts';
import './srpt.ts';

export { findRouting, registerRouting, routingNames } from './routing.ts';
export type { RoutingModule, RoutingContext, BuiltRouter } from './routing.ts';
export { parseArm, splitAssignments } from './arm-spec.ts';
export { defaultWeights, DEFAULT_WEIGHTS, DEFAULT_AGING_MS, DEFAULT_AGING_INTERVAL_MS } from '../../src/arm/arm-flags.ts';
export type { ArmSpec, ArmFlags } from './arm-spec.ts';

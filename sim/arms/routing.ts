// What a routing module declares and receives: the engine and the simulator ask these properties, never names.
import type { Trace } from '../../src/trace/trace.ts';
import type { Engine, Router } from '../engine.ts';
import type { ArmFlags } from '../../src/arm/arm-flags.ts';
import type { RowKeys } from '../row-keys.ts';
import type { WarmStateStore } from '../../src/predictor/warm-store.ts';

/** Everything a routing may use to build its router for one (load, arm) run. */
export interface RoutingContext {
  readonly trace: Trace;
  /** First evaluation row; history = rows [0, first). */
  readonly first: number;
  readonly levels: number;
  readonly defaultLevel: number;
  /** Fixed boundaries B from the history half (or all rows with split none), L − 1 values. */
  readonly boundaries: Float64Array;
  readonly compress: number;
  readonly staticMap: ReadonlyMap<string, number> | null;
  readonly seed: number;
  readonly flags: ArmFlags;
  /** Predictor keys of the rows (key/class, or per the arm's keys/sizebins flags), built on first use. */
  keys(): RowKeys;
  /** The arm's predictor parameter overrides (name → value text). */
  readonly predictorOverrides: Readonly<Record<string, string>>;
  /** A predictor snapshot to start from (`--predictor-snapshot`), or null. */
  readonly predictorSnapshot: { readonly bytes: Uint8Array; readonly source: string } | null;
  /** Where warm starts are kept between processes (the CLI's cache folder); absent or null = warmed each time. */
  readonly warmStore?: WarmStateStore | null;
}

/** A built router plus what it reports into the result file after the run. */
export interface BuiltRouter extends Router {
  /** Extra result fields (e.g. `predictor`, `outcomes`); called once after the run. */
  report?(): Record<string, unknown>;
  /** Names of the outcome codes this router emits in `outcome` (index = code), when it has a predictor. */
  readonly outcomeNames?: readonly string[];
}

/** A routing module: registered once, looked up by the arm string's first part. */
export interface RoutingModule {
  readonly name: string;
  readonly description: string;
  /** Uses the history half (boundaries, medians, warm start). */
  readonly needsHistory: boolean;
  /** Uses the shared predictor; enables the predictor flags (summary, keys, sizebins, predictor overrides). */
  readonly needsPredictor: boolean;
  /** Needs `--static-map FILE`. */
  readonly needsStaticMap: boolean;
  /** Draws from the seed (`--seed`), so repeats with other seeds differ; optional, default false. */
  readonly seeded?: boolean;
  /** Sends every message to level 0 (a broker needs no priorities for it); optional, default false. */
  readonly singleLevel?: boolean;
  /** Consults its predictor but sends every message to the default level (a shadow); optional, default false. */
  readonly routesToDefault?: boolean;
  /** `levels`: L priority levels with strict or weighted service and aging; `per-key`: one FIFO queue per key,
   *  weighted with equal weights and cost = the queue's EWMA, no aging. */
  readonly queues: 'levels' | 'per-key';
  /** The engine that runs this routing, when not the level engine `runEngine` (same input, same per-message
   *  output); its documentation says what `route()` returns for it (e.g. a continuous priority). Such a routing is
   *  simulator-only. Optional. */
  readonly engine?: Engine;
  /** Whether the arm ages by default (threshold DEFAULT_AGING_MS) when no aging flag is given; optional, default
   *  true. False: aging only with an explicit `aging=<ms>`. */
  readonly agesByDefault?: boolean;
  /** Validates the arm's flags and overrides before any work (throws InputError); optional. */
  check?(flags: ArmFlags, overrides: Readonly<Record<string, string>>, levels: number, defaultLevel: number): void;
  create(ctx: RoutingContext): BuiltRouter;
}

const registry = new Map<string, RoutingModule>();

/** Registers a routing module under its name (throws on a duplicate name). */
export function registerRouting(mod: RoutingModule): void {
  if (registry.has(mod.name)) throw new Error(`routing ${mod.name} registered twice`);
  registry.set(mod.name, mod);
}

/** The routing registered under `name`, or undefined. */
export function findRouting(name: string): RoutingModule | undefined {
  return registry.get(name);
}

/** Names of all registered routings, sorted. */
export function routingNames(): string[] {
  return [...registry.keys()].sort();
}

// Routings that use the shared predictor (SPEC §5, §6): `predictive` (warm), `predictive-cold`, `shadow`.
import { Predictor } from '../../src/predictor/predictor.ts';
import { applyPredictorOverrides, DEFAULT_PREDICTOR_PARAMS, PREDICTOR_PARAM_NAMES, type PredictorParams } from '../../src/predictor/params.ts';
import type { PredictorState } from '../../src/predictor/predictor-state.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { PREDICT_OUTCOME_NAMES } from '../../src/predictor/outcomes.ts';
import { decodePredictorSnapshot } from '../../src/predictor/snapshot.ts';
import type { ArmFlags } from '../../src/arm/arm-flags.ts';
import { registerRouting, type BuiltRouter, type RoutingContext, type RoutingModule } from './routing.ts';
import type { RowKeys } from '../row-keys.ts';
import type { WarmStateStore } from '../../src/predictor/warm-store.ts';

/** Predictor parameters of an arm: the defaults for L levels, the arm's summary flag, then its overrides. Throws InputError. */
export function predictorParamsFor(flags: ArmFlags, overrides: Readonly<Record<string, string>>, levels: number, defaultLevel: number): PredictorParams {
  const base: PredictorParams = { ...DEFAULT_PREDICTOR_PARAMS, levels, defaultLevel };
  const all: Record<string, string> = {};
  if (flags.summary !== null) all.summary = flags.summary;
  Object.assign(all, overrides);
  return applyPredictorOverrides(base, all);
}

/** A router that consults (and, unless `shadow`, obeys) a predictor, and teaches it every completion. */
export class PredictiveRouter implements BuiltRouter {
  now = 0;
  cost = 0;
  outcome = -1;
  readonly outcomeNames = PREDICT_OUTCOME_NAMES;

  constructor(
    protected readonly predictor: Predictor,
    private readonly duration: Float64Array,
    protected readonly rowKeyId: Int32Array,
    keys: readonly string[],
    private readonly shadow: boolean,
    private readonly defaultLevel: number,
  ) {
    predictor.bindKeys(keys);
  }

  route(row: number): number {
    const p = this.predictor;
    p.setClock(this.now);
    const level = p.predictId(this.rowKeyId[row]!);
    this.outcome = p.lastOutcome;
    if (this.shadow) return this.defaultLevel;
    const est = p.lastEstimate;
    this.cost = est > 0 ? est : 0;
    return level;
  }

  complete(row: number): void {
    this.predictor.setClock(this.now);
    this.predictor.observeId(this.rowKeyId[row]!, this.duration[row]!);
  }

  report(): Record<string, unknown> {
    return predictorReport(this.predictor);
  }
}

/** The `predictor` field a predictor-driven arm adds to its result (SPEC §10). */
export function predictorReport(p: Predictor): Record<string, unknown> {
  return { predictor: { keys: p.keyCount(), observations: p.observationCount(), snapshots: p.snapshotCount() } };
}

function predictiveRouting(name: string, description: string, warm: boolean, shadow: boolean): RoutingModule {
  return {
    name,
    description,
    needsHistory: warm,
    needsPredictor: true,
    needsStaticMap: false,
    routesToDefault: shadow,
    queues: 'levels',
    check: (flags, overrides, levels, defaultLevel) => void predictorParamsFor(flags, overrides, levels, defaultLevel),
    create: (ctx: RoutingContext) => {
      const keys = ctx.keys();
      return new PredictiveRouter(armPredictor(ctx, warm), ctx.trace.duration, keys.rowKeyId, keys.distinct, shadow, ctx.defaultLevel);
    },
  };
}

/**
 * The predictor of an arm: the arm's parameters, started from `--predictor-snapshot` or warmed on the history half
 * when `warm`, else empty. Throws InputError for bad parameters or a bad snapshot.
 */
export function armPredictor(ctx: RoutingContext, warm: boolean): Predictor {
  const params = predictorParamsFor(ctx.flags, ctx.predictorOverrides, ctx.levels, ctx.defaultLevel);
  if (warm && ctx.predictorSnapshot !== null) return decodePredictorSnapshot(ctx.predictorSnapshot.bytes, ctx.predictorSnapshot.source, { params });
  if (!warm) return new Predictor(params);
  const store = ctx.warmStore ? { store: ctx.warmStore, keysProducer: ctx.flags.keysProducer, sizebins: ctx.flags.sizebins } : null;
  return warmPredictor(params, ctx, ctx.keys(), store);
}

/**
 * The last warm start per trace: its inputs and the state it left. The arms of one load run one after another, so the
 * next warm arm with the same parameters starts from a copy of that state instead of observing the history again.
 */
const lastWarm = new WeakMap<Trace, { keys: RowKeys; first: number; compress: number; params: string; state: PredictorState }>();

/**
 * A predictor under `params` warmed on the history half (`warmStart`): a copy of the last one warmed on the same trace,
 * keys, split and compress factor with the same parameters when there is one (the same state bit for bit: the warm
 * start is a function of exactly these), else the one `persist` restores (keyed by the same inputs and the key
 * mapping `keys` was built with), else warmed here, remembered and handed to `persist`. Keeps one state per trace.
 */
export function warmPredictor(
  params: Readonly<PredictorParams>, ctx: Pick<RoutingContext, 'trace' | 'first' | 'compress'>, keys: RowKeys,
  persist: { store: WarmStateStore; keysProducer: boolean; sizebins: boolean } | null = null,
): Predictor {
  const id = PREDICTOR_PARAM_NAMES.map((name) => String(params[name])).join('|');
  const last = lastWarm.get(ctx.trace);
  if (last !== undefined && last.keys === keys && last.first === ctx.first && last.compress === ctx.compress && last.params === id) {
    return Predictor.fromState(params, last.state);
  }
  const identity = persist && { first: ctx.first, compress: ctx.compress, params, keysProducer: persist.keysProducer, sizebins: persist.sizebins };
  let predictor = persist && identity ? persist.store.load(ctx.trace, identity) : null;
  if (predictor === null) {
    predictor = new Predictor(params);
    warmStart(predictor, ctx, keys);
    if (persist && identity) persist.store.save(ctx.trace, identity, predictor);
  }
  lastWarm.set(ctx.trace, { keys, first: ctx.first, compress: ctx.compress, params: id, state: predictor.exportState() });
  return predictor;
}

/** Observes the history rows before t = 0 at their compressed arrival times, in history order (SPEC §5). */
export function warmStart(predictor: Predictor, ctx: Pick<RoutingContext, 'trace' | 'first' | 'compress'>, keys: RowKeys): void {
  const { trace, first, compress } = ctx;
  if (first >= trace.n) return;
  const origin = trace.arrival[first]!;
  const { rowKeyId, distinct } = keys;
  predictor.bindKeys(distinct);
  for (let r = 0; r < first; r++) {
    predictor.setClock((trace.arrival[r]! - origin) / compress);
    predictor.observeId(rowKeyId[r]!, trace.duration[r]!);
  }
}

registerRouting(predictiveRouting('predictive', 'the shared predictor, warmed on the history half, routes each message to its predicted tier', true, false));
registerRouting(predictiveRouting('predictive-cold', 'the shared predictor starting empty', false, false));
registerRouting(predictiveRouting('shadow', 'the predictor learns and its outcomes are recorded, but every message takes the default level', true, true));

// Parsing of arm strings `routing[+flag…][@param=value…]` (SPEC §5) through the one flag and parameter table.
import { didYouMean } from '../../src/text/nearest-name.ts';
import { InputError, atOption } from '../../src/errors.ts';
import * as msg from '../messages.ts';
import {
  ARM_FLAGS, DEFAULT_AGING_INTERVAL_MS, defaultFlagState, findFlag, findParam, paramNames, type ArmFlags, type ParamState,
} from '../../src/arm/arm-flags.ts';
import { findRouting, routingNames, type RoutingModule } from './routing.ts';

export type { ArmFlags, Summary } from '../../src/arm/arm-flags.ts';

/** An arm: its text as given, its routing module, its flags and its parameter overrides. */
export interface ArmSpec {
  readonly text: string;
  readonly routing: RoutingModule;
  readonly flags: ArmFlags;
  /** Predictor parameter overrides (name without the `predictor.` prefix → value text), validated by the predictor. */
  readonly predictorOverrides: Readonly<Record<string, string>>;
  /** Aging tick interval, ms. */
  readonly agingIntervalMs: number;
}

/**
 * Splits `k=v,k=v` where values may themselves hold commas (weights=4,2,1): a piece without `=` continues the
 * previous value.
 */
export function splitAssignments(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const piece of text.split(',')) {
    const eq = piece.indexOf('=');
    const last = out[out.length - 1];
    if (eq < 0 && last) last[1] += `,${piece}`;
    else out.push(eq < 0 ? [piece, ''] : [piece.slice(0, eq), piece.slice(eq + 1)]);
  }
  return out;
}

/**
 * Parses an arm string such as `predictive+weights=4,2,1+pausing` for `levels` priority levels, optionally
 * followed by per-arm overrides `@name=value[,name=value…]`; flags and parameters are those of the table in
 * src/arm/arm-flags.ts. `globalSets` are `--set` overrides for every arm; per-arm ones win.
 * Throws InputError naming the arm and the offending part.
 */
export function parseArm(text: string, levels: number, globalSets: readonly string[] = []): ArmSpec {
  const where = `--arm ${text}`;
  const at = text.indexOf('@');
  const body = at < 0 ? text : text.slice(0, at);
  const sets: [string, string, string][] = [];
  for (const g of globalSets) {
    const eq = g.indexOf('=');
    sets.push(eq < 0 ? [g, '', `option --set ${g}`] : [g.slice(0, eq), g.slice(eq + 1), `option --set ${g}`]);
  }
  if (at >= 0) for (const [k, v] of splitAssignments(text.slice(at + 1))) sets.push([k, v, `${where} → @${k}`]);
  const parts = body.split('+');
  const name = parts[0] ?? '';
  const routing = findRouting(name);
  if (!routing) {
    // `--arm pausing+predictive`: a flag written first. Suggest the same parts with the routing moved to the front.
    const flagName = name.split('=')[0] ?? '';
    if (findFlag(flagName) !== undefined) {
      const r = parts.findIndex((p) => findRouting(p) !== undefined);
      const suggestion = r < 0 ? null : [parts[r]!, ...parts.filter((_, i) => i !== r)].join('+') + (at < 0 ? '' : text.slice(at));
      throw new InputError(msg.flagAsRouting(where, flagName, suggestion, routingNames()));
    }
    // `--arm fifo,predictive` is a common slip: each arm takes its own --arm.
    const listed = name.includes(',') && body.split(',').every((p) => findRouting(p.split('+')[0] ?? '') !== undefined);
    const hint = listed ? `repeat --arm for each arm: ${body.split(',').map((p) => `--arm ${p}`).join(' ')}` : didYouMean(name, routingNames());
    throw new InputError(msg.unknownRouting(where, name, routingNames(), hint));
  }
  const flags = defaultFlagState();
  if (routing.agesByDefault === false) flags.agingMs = null; // an ideal-order arm ages only with aging=<ms>
  const seen = new Set<string>();
  for (const flag of parts.slice(1)) {
    const eq = flag.indexOf('=');
    const fname = eq < 0 ? flag : flag.slice(0, eq);
    const value = eq < 0 ? null : flag.slice(eq + 1);
    const spec = findFlag(fname);
    if (spec === undefined) throw new InputError(msg.unknownArmFlag(where, fname, ARM_FLAGS.map((f) => f.usage), didYouMean(fname, ARM_FLAGS.map((f) => f.name))));
    if (seen.has(spec.slot)) throw new InputError(msg.armFlagTwice(where, fname));
    seen.add(spec.slot);
    const problem = spec.refusedBy(routing, fname) ?? spec.apply(flags, value, levels);
    if (problem !== null) throw new InputError(atOption(where, problem.found, problem.expected));
  }
  const state: ParamState = { flags, byFlags: { ages: flags.agingMs !== null, pausing: flags.pausing }, predictorOverrides: {}, agingIntervalMs: DEFAULT_AGING_INTERVAL_MS };
  for (const [k, v, place] of sets) {
    const param = findParam(k);
    if (param === undefined || param.scope !== 'arm') {
      throw new InputError(msg.unknownArmParam(place, k, paramNames('arm')));
    }
    if (!param.appliesTo(routing, state)) continue; // a global --set applies to the arms it concerns
    const problem = param.apply(state, v, k);
    if (problem !== null) throw new InputError(msg.armParamValue(place, problem.found, problem.expected));
  }
  if (flags.weights !== null && flags.weights.length !== levels) {
    throw new InputError(msg.weightsPerLevel(where, flags.weights.length, levels));
  }
  if (flags.pausing && flags.agingMs === null) throw new InputError(msg.pausingWithoutAging(where));
  if (routing.queues === 'per-key') flags.agingMs = null;
  return { text, routing, flags: { ...flags }, predictorOverrides: state.predictorOverrides, agingIntervalMs: state.agingIntervalMs };
}

/**
 * What keeps hsim from running arm text `text` (an unknown routing or flag, a bad parameter), as the parser says it;
 * null when it parses. Judged for the default 3 levels. Routings must be registered (import `sim/arms/index.ts`).
 */
export function armProblem(text: string): string | null {
  try {
    parseArm(text, 3);
    return null;
  } catch (err) {
    if (err instanceof InputError) return err.message;
    throw err;
  }
}

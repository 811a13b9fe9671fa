// Parsing of arm strings `routing[+flag…]` (SPEC §5) into a routing module and validated flags.
import { InputError, atOption } from '../../src/errors.ts';
import { findRouting, routingNames, type RoutingModule } from './routing.ts';
import type { ArmFlags, Summary } from './arm-flags.ts';

export type { ArmFlags, Summary } from './arm-flags.ts';

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

export const DEFAULT_WEIGHTS: readonly number[] = [8, 3, 1];

/** Default weights for L levels: 8, 3, 1 for three levels (SPEC §5); otherwise 2^(L−1), …, 2, 1. */
export function defaultWeights(levels: number): number[] {
  if (levels === 3) return [...DEFAULT_WEIGHTS];
  return Array.from({ length: levels }, (_, i) => 2 ** (levels - 1 - i));
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
export const DEFAULT_AGING_MS = 5000;
export const DEFAULT_AGING_INTERVAL_MS = 500;

/**
 * Parses an arm string such as `predictive+weights=4,2,1+pausing` for `levels` priority levels, optionally
 * followed by per-arm overrides `@name=value[,name=value…]` (names: predictor.<param>, aging, weights,
 * agingInterval). `globalSets` are `--set` overrides for every arm; per-arm ones win.
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
  if (!routing) throw new InputError(atOption(where, `unknown routing "${name}"`, `one of ${routingNames().join(', ')}`));
  let weights: number[] | null = null;
  let pausing = false;
  let agingMs: number | null = routing.agesByDefault === false ? null : DEFAULT_AGING_MS;
  let summary: Summary | null = null;
  let keysProducer = false;
  let sizebins = false;
  const seen = new Set<string>();
  for (const flag of parts.slice(1)) {
    const eq = flag.indexOf('=');
    const fname = eq < 0 ? flag : flag.slice(0, eq);
    const value = eq < 0 ? null : flag.slice(eq + 1);
    const base = fname === 'no-aging' ? 'aging' : fname;
    if (seen.has(base)) throw new InputError(atOption(where, `flag "${fname}" given twice (or with its opposite)`, 'each flag at most once'));
    seen.add(base);
    const predictorOnly = fname === 'summary' || fname === 'keys' || fname === 'sizebins';
    if (predictorOnly && !routing.needsPredictor) {
      throw new InputError(atOption(where, `flag "${fname}" on routing "${name}", which has no predictor`, 'a predictive routing'));
    }
    const levelOnly = fname === 'weights' || fname === 'pausing' || fname === 'aging' || fname === 'no-aging';
    if (levelOnly && routing.queues === 'per-key') {
      throw new InputError(atOption(where, `flag "${fname}" on "${name}", which always uses one queue per key with equal weights and no aging`, 'no scheduling flags'));
    }
    switch (fname) {
      case 'weights':
        if (value === null) weights = defaultWeights(levels);
        else {
          const ws = value.split(',').map((s) => Number(s));
          if (ws.some((w) => !Number.isFinite(w) || w <= 0) || value.trim() === '') {
            throw new InputError(atOption(where, `weights "${value}"`, 'positive numbers separated by commas, e.g. weights=4,2,1'));
          }
          weights = ws;
        }
        break;
      case 'pausing':
        noValue(fname, value);
        pausing = true;
        break;
      case 'no-aging':
        noValue(fname, value);
        agingMs = null;
        break;
      case 'aging': {
        const ms = Number(value);
        if (value === null || !Number.isFinite(ms) || ms <= 0) throw new InputError(atOption(where, `aging "${value ?? ''}"`, 'aging=<ms> with a positive number of milliseconds'));
        agingMs = ms;
        break;
      }
      case 'summary':
        if (value !== 'median' && value !== 'mean' && value !== 'p75') throw new InputError(atOption(where, `summary "${value ?? ''}"`, 'summary=median|mean|p75'));
        summary = value;
        break;
      case 'keys':
        if (value !== 'producer') throw new InputError(atOption(where, `keys "${value ?? ''}"`, 'keys=producer'));
        keysProducer = true;
        break;
      case 'sizebins':
        noValue(fname, value);
        sizebins = true;
        break;
      default:
        throw new InputError(atOption(where, `unknown flag "${fname}"`, 'weights[=a,b,c], pausing, no-aging, aging=<ms>, summary=median|mean|p75, keys=producer, sizebins'));
    }
  }
  const predictorOverrides: Record<string, string> = {};
  const agesByFlags = agingMs !== null;
  const pausingByFlags = pausing;
  let agingIntervalMs = DEFAULT_AGING_INTERVAL_MS;
  for (const [k, v, place] of sets) {
    if (k.startsWith('predictor.')) {
      if (!routing.needsPredictor) continue; // a global --set applies to the arms that have a predictor
      predictorOverrides[k.slice('predictor.'.length)] = v;
    } else if (k === 'aging') {
      if (routing.queues === 'per-key' || !agesByFlags) continue; // only arms that age take the threshold
      if (v === 'off') {
        agingMs = null;
        pausing = false;
      } else {
        const ms = Number(v);
        if (!Number.isFinite(ms) || ms <= 0) throw new InputError(`${place}: aging "${v}"; expected a positive number of ms or off`);
        agingMs = ms;
        pausing = pausingByFlags;
      }
    } else if (k === 'weights') {
      if (weights === null) continue; // only arms with weighted shares take weights
      const ws = v.split(',').map((x) => Number(x));
      if (v.trim() === '' || ws.some((w) => !Number.isFinite(w) || w <= 0)) throw new InputError(`${place}: weights "${v}"; expected positive numbers separated by commas`);
      weights = ws;
    } else if (k === 'agingInterval') {
      const ms = Number(v);
      if (!Number.isFinite(ms) || ms <= 0) throw new InputError(`${place}: agingInterval "${v}"; expected a positive number of ms`);
      agingIntervalMs = ms;
    } else {
      throw new InputError(`${place}: unknown parameter "${k}"; expected predictor.<name>, aging, weights or agingInterval`);
    }
  }
  if (weights !== null && weights.length !== levels) {
    throw new InputError(atOption(where, `${weights.length} weights for ${levels} levels`, `exactly ${levels} weights (set them with weights=a,b,…)`));
  }
  if (pausing && agingMs === null) throw new InputError(atOption(where, 'pausing together with no-aging', 'pausing only with aging on'));
  if (routing.queues === 'per-key') agingMs = null;
  return { text, routing, flags: { weights, pausing, agingMs, summary, keysProducer, sizebins }, predictorOverrides, agingIntervalMs };

  function noValue(flag: string, value: string | null): void {
    if (value !== null) throw new InputError(atOption(where, `flag "${flag}=${value}"`, `"${flag}" without a value`));
  }
}

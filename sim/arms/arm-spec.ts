// Parsing of arm strings `routing[+flag…]` (SPEC §5) into a routing module and validated flags.
import { InputError, atOption } from '../../src/errors.ts';
import { findRouting, routingNames, type RoutingModule } from './routing.ts';

export type Summary = 'median' | 'mean' | 'p75';

/** Validated flags of an arm. */
export interface ArmFlags {
  /** Weighted shares with these weights; null = strict priority. */
  readonly weights: readonly number[] | null;
  readonly pausing: boolean;
  /** Aging threshold, ms; null = no aging. */
  readonly agingMs: number | null;
  readonly summary: Summary | null;
  readonly keysProducer: boolean;
  readonly sizebins: boolean;
}

/** An arm: its text as given, its routing module and its flags. */
export interface ArmSpec {
  readonly text: string;
  readonly routing: RoutingModule;
  readonly flags: ArmFlags;
}

export const DEFAULT_WEIGHTS: readonly number[] = [8, 3, 1];
export const DEFAULT_AGING_MS = 5000;
export const DEFAULT_AGING_INTERVAL_MS = 500;

/**
 * Parses an arm string such as `predictive+weights=4,2,1+pausing` for `levels` priority levels.
 * Throws InputError naming the arm and the offending part.
 */
export function parseArm(text: string, levels: number): ArmSpec {
  const where = `--arm ${text}`;
  const parts = text.split('+');
  const name = parts[0] ?? '';
  const routing = findRouting(name);
  if (!routing) throw new InputError(atOption(where, `unknown routing "${name}"`, `one of ${routingNames().join(', ')}`));
  let weights: number[] | null = null;
  let pausing = false;
  let agingMs: number | null = DEFAULT_AGING_MS;
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
        if (value === null) weights = [...DEFAULT_WEIGHTS];
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
  if (weights === null && routing.queues === 'levels' && seen.has('weights')) weights = [...DEFAULT_WEIGHTS];
  if (weights !== null && weights.length !== levels) {
    throw new InputError(atOption(where, `${weights.length} weights for ${levels} levels`, `exactly ${levels} weights (set them with weights=a,b,…)`));
  }
  if (pausing && agingMs === null) throw new InputError(atOption(where, 'pausing together with no-aging', 'pausing only with aging on'));
  if (routing.queues === 'per-key') agingMs = null;
  return { text, routing, flags: { weights, pausing, agingMs, summary, keysProducer, sizebins } };

  function noValue(flag: string, value: string | null): void {
    if (value !== null) throw new InputError(atOption(where, `flag "${flag}=${value}"`, `"${flag}" without a value`));
  }
}

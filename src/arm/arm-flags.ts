// The arm flags (`+weights`, `+pausing` …) and arm parameters (`@aging=`, `--set`, experiment overrides), declared once.
import { describe as describeJson } from '../json/json-value.ts';
import { INPUT_RANGES } from '../input-ranges.ts';
import { readPredictorParam, type ParamProblem } from '../predictor/params.ts';

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

/** What a routing declares that decides which flags and parameters it takes (a routing module has these). */
export interface RoutingTraits {
  readonly name: string;
  readonly needsPredictor: boolean;
  readonly queues: 'levels' | 'per-key';
}

export type { ParamProblem } from '../predictor/params.ts';

export const DEFAULT_WEIGHTS: readonly number[] = [8, 3, 1];
export const DEFAULT_AGING_MS = 5000;
export const DEFAULT_AGING_INTERVAL_MS = 500;

/** Default weights for L levels: 8, 3, 1 for three levels (SPEC §5); otherwise 2^(L−1), …, 2, 1. */
export function defaultWeights(levels: number): number[] {
  if (levels === 3) return [...DEFAULT_WEIGHTS];
  return Array.from({ length: levels }, (_, i) => 2 ** (levels - 1 - i));
}

/** Flags while an arm is parsed: the table's entries write here. */
export interface FlagState {
  weights: number[] | null;
  pausing: boolean;
  agingMs: number | null;
  summary: Summary | null;
  keysProducer: boolean;
  sizebins: boolean;
}

/** The flags of an arm with none given: strict priority, aging at the default threshold, no pausing. */
export function defaultFlagState(): FlagState {
  return { weights: null, pausing: false, agingMs: DEFAULT_AGING_MS, summary: null, keysProducer: false, sizebins: false };
}

/** One `+flag` of an arm string. */
export interface FlagSpec {
  readonly name: string;
  /** How the flag is listed in messages: `weights[=a,b,c]`, `aging=<ms>`. */
  readonly usage: string;
  /** Flags of one slot exclude each other (`aging` and `no-aging`). */
  readonly slot: string;
  /** Why `routing` refuses this flag (found, expected), or null when it takes it. */
  readonly refusedBy: (routing: RoutingTraits, flag: string) => ParamProblem | null;
  /** Applies the flag's value (null: written without `=`) to `state`; returns the problem or null. */
  readonly apply: (state: FlagState, value: string | null, levels: number) => ParamProblem | null;
}

const needsPredictor = (routing: RoutingTraits, flag: string): ParamProblem | null =>
  routing.needsPredictor ? null : { found: `flag "${flag}" on routing "${routing.name}", which has no predictor`, expected: 'a predictive routing' };

const needsLevels = (routing: RoutingTraits, flag: string): ParamProblem | null =>
  routing.queues === 'levels' ? null : { found: `flag "${flag}" on "${routing.name}", which always uses one queue per key with equal weights and no aging`, expected: 'no scheduling flags' };

/** A flag written without a value. */
function noValue(name: string, set: (state: FlagState) => void): FlagSpec['apply'] {
  return (state, value) => {
    if (value !== null) return { found: `flag "${name}=${value}"`, expected: `"${name}" without a value` };
    set(state);
    return null;
  };
}

/** Positive numbers separated by commas, or null. */
export function parseWeightList(text: string): number[] | null {
  const ws = text.split(',').map((s) => Number(s));
  return text.trim() === '' || ws.some((w) => !Number.isFinite(w) || w <= 0) ? null : ws;
}

/** A positive finite number of ms, or null. */
function positiveMs(text: string | null): number | null {
  const ms = Number(text);
  return text === null || text.trim() === '' || !Number.isFinite(ms) || ms <= 0 ? null : ms;
}

/** The `+flag`s of SPEC §5, in the order messages list them. */
export const ARM_FLAGS: readonly FlagSpec[] = [
  {
    name: 'weights', usage: 'weights[=a,b,c]', slot: 'weights', refusedBy: needsLevels,
    apply: (state, value, levels) => {
      const ws = value === null ? defaultWeights(levels) : parseWeightList(value);
      if (ws === null) return { found: `weights "${value}"`, expected: 'positive numbers separated by commas, e.g. weights=4,2,1' };
      state.weights = ws;
      return null;
    },
  },
  { name: 'pausing', usage: 'pausing', slot: 'pausing', refusedBy: needsLevels, apply: noValue('pausing', (s) => (s.pausing = true)) },
  { name: 'no-aging', usage: 'no-aging', slot: 'aging', refusedBy: needsLevels, apply: noValue('no-aging', (s) => (s.agingMs = null)) },
  {
    name: 'aging', usage: 'aging=<ms>', slot: 'aging', refusedBy: needsLevels,
    apply: (state, value) => {
      const ms = positiveMs(value);
      if (ms === null) return { found: `aging "${value ?? ''}"`, expected: 'aging=<ms> with a positive number of milliseconds' };
      state.agingMs = ms;
      return null;
    },
  },
  {
    name: 'summary', usage: 'summary=median|mean|p75', slot: 'summary', refusedBy: needsPredictor,
    apply: (state, value) => {
      if (value !== 'median' && value !== 'mean' && value !== 'p75') return { found: `summary "${value ?? ''}"`, expected: 'summary=median|mean|p75' };
      state.summary = value;
      return null;
    },
  },
  {
    name: 'keys', usage: 'keys=producer', slot: 'keys', refusedBy: needsPredictor,
    apply: (state, value) => {
      if (value !== 'producer') return { found: `keys "${value ?? ''}"`, expected: 'keys=producer' };
      state.keysProducer = true;
      return null;
    },
  },
  { name: 'sizebins', usage: 'sizebins', slot: 'sizebins', refusedBy: needsPredictor, apply: noValue('sizebins', (s) => (s.sizebins = true)) },
];

/** The flag named `name`, or undefined. */
export function findFlag(name: string): FlagSpec | undefined {
  return ARM_FLAGS.find((f) => f.name === name);
}

/** An arm's settings while its parameters are applied (after its flags). */
export interface ParamState {
  readonly flags: FlagState;
  /** What the flags alone set (a parameter `aging=<ms>` restores the flags' pausing after `aging=off`). */
  readonly byFlags: { readonly ages: boolean; readonly pausing: boolean };
  readonly predictorOverrides: Record<string, string>;
  agingIntervalMs: number;
}

/**
 * One parameter of an arm (`@name=value`, `--set name=value`) or of the simulate options (`levels`, `workers`),
 * as experiment and sweep files write them.
 */
export interface ParamSpec {
  /** The name, or the prefix of a family of names (`predictor.`). */
  readonly name: string;
  readonly prefix: boolean;
  /** `arm`: taken after `@` and by `--set`; `option`: a simulate option an experiment varies per cell. */
  readonly scope: 'arm' | 'option';
  /** Checks a value as an experiment file writes it (number, text or list); returns the problem or null. */
  readonly checkJson: (value: unknown, name: string) => ParamProblem | null;
  /** Applies a value given as text to an arm this parameter applies to; returns the problem or null. */
  readonly apply: (state: ParamState, text: string, name: string) => ParamProblem | null;
  /** Whether the parameter applies to an arm (a global `--set` skips the arms it does not apply to). */
  readonly appliesTo: (routing: RoutingTraits, state: ParamState) => boolean;
}

const isPositiveNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0;

function integerOption(name: 'levels' | 'workers', min: number): ParamSpec {
  const max = INPUT_RANGES[name].max;
  return {
    name, prefix: false, scope: 'option',
    checkJson: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? null : { found: describeJson(v), expected: `an integer from ${min} to ${max}` }),
    apply: () => null,
    appliesTo: () => false,
  };
}

/** The parameters of arms and cells, in the order messages list them. */
export const ARM_PARAMS: readonly ParamSpec[] = [
  {
    name: 'aging', prefix: false, scope: 'arm',
    checkJson: (v) => (v === 'off' || isPositiveNumber(v) ? null : { found: describeJson(v), expected: 'a positive number of ms or "off"' }),
    apply: (state, text) => {
      if (text === 'off') {
        state.flags.agingMs = null;
        state.flags.pausing = false;
        return null;
      }
      const ms = positiveMs(text);
      if (ms === null) return { found: `aging "${text}"`, expected: 'a positive number of ms or off' };
      state.flags.agingMs = ms;
      state.flags.pausing = state.byFlags.pausing;
      return null;
    },
    // Only arms that age take the threshold.
    appliesTo: (routing, state) => routing.queues === 'levels' && state.byFlags.ages,
  },
  {
    name: 'weights', prefix: false, scope: 'arm',
    checkJson: (v) => {
      const list = typeof v === 'string' ? v.split(',').map((s) => (s.trim() === '' ? Number.NaN : Number(s))) : v;
      return Array.isArray(list) && list.length > 0 && list.every(isPositiveNumber) ? null : { found: describeJson(v), expected: 'a list of positive numbers, e.g. [8, 3, 1]' };
    },
    apply: (state, text) => {
      const ws = parseWeightList(text);
      if (ws === null) return { found: `weights "${text}"`, expected: 'positive numbers separated by commas' };
      state.flags.weights = ws;
      return null;
    },
    // Only arms with weighted shares take weights.
    appliesTo: (_routing, state) => state.flags.weights !== null,
  },
  {
    name: 'agingInterval', prefix: false, scope: 'arm',
    checkJson: (v) => (isPositiveNumber(v) ? null : { found: describeJson(v), expected: 'a positive number of ms' }),
    apply: (state, text) => {
      const ms = positiveMs(text);
      if (ms === null) return { found: `agingInterval "${text}"`, expected: 'a positive number of ms' };
      state.agingIntervalMs = ms;
      return null;
    },
    appliesTo: () => true,
  },
  {
    name: 'predictor.', prefix: true, scope: 'arm',
    checkJson: (v, name) => {
      if (typeof v !== 'number' && typeof v !== 'string') return { found: describeJson(v), expected: 'a number or a text such as "off"' };
      const read = readPredictorParam(name.slice('predictor.'.length), v);
      return 'found' in read ? read : null;
    },
    // Validated with the whole parameter set when the predictor is built (cross-field rules).
    apply: (state, text, name) => {
      state.predictorOverrides[name.slice('predictor.'.length)] = text;
      return null;
    },
    appliesTo: (routing) => routing.needsPredictor,
  },
  integerOption('levels', 2),
  integerOption('workers', 1),
];

/** The parameter that takes `name`, or undefined. */
export function findParam(name: string): ParamSpec | undefined {
  return ARM_PARAMS.find((p) => (p.prefix ? name.startsWith(p.name) : p.name === name));
}

/** How messages list the parameters of `scope` (all when omitted): `predictor.<name>, aging, …`. */
export function paramNames(scope?: 'arm' | 'option'): string[] {
  const chosen = ARM_PARAMS.filter((p) => scope === undefined || p.scope === scope);
  return [...chosen.filter((p) => p.prefix).map((p) => `${p.name}<name>`), ...chosen.filter((p) => !p.prefix).map((p) => p.name)];
}

/** Checks one value of an experiment or sweep override; returns the problem (found, expected) or null. */
export function checkParamValue(name: string, value: unknown): ParamProblem | null {
  const param = findParam(name);
  if (param === undefined) return { found: `an unknown parameter "${name}"`, expected: paramNames().join(', ') };
  return param.checkJson(value, name);
}

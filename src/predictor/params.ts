// The predictor's parameters (SPEC §6 table): defaults, parsing of `--set predictor.<name>=<value>`, validation.
import { InputError, atOption } from '../errors.ts';
import * as msg from '../messages.ts';

/** Which statistic of a key's histogram becomes the estimate. */
export type PredictorSummary = 'median' | 'mean' | 'p75';

/** Every parameter of SPEC §6; times in ms. Build with `applyPredictorOverrides`, which validates. */
export interface PredictorParams {
  /** Number of priority levels L (L − 1 boundaries). */
  readonly levels: number;
  /** Level given by every fallback (the middle one: floor((L − 1) / 2)). */
  readonly defaultLevel: number;
  /** n_min: raw observations a key needs since creation or reset before it is predicted. */
  readonly minSamples: number;
  /** κ: high spread when p_spread > κ · max(p50, 1 ms). Infinity disables the gate. */
  readonly spreadRatio: number;
  /**
   * The upper quantile of the spread gate (p99), in (0, 1). 1 is refused: the top of a decayed histogram
   * is the highest bin ever touched since the reset, however small its remaining weight, so the gate
   * would be decided by rounding.
   */
  readonly spreadQuantile: number;
  /** Largest censored share (of decayed weight) that is still predicted. */
  readonly censoredShare: number;
  /** d: each new event of a key multiplies the key's earlier weight by d. */
  readonly decay: number;
  /** Idle decay half-life, ms. Infinity disables idle decay. */
  readonly idleHalfLifeMs: number;
  /** Idle decay applies only when the last decay is at least this long ago, ms. */
  readonly idleMinGapMs: number;
  /** τ: a key is stale when now − last activity > τ (strict), ms. Infinity (`off`) disables staleness. */
  readonly staleAfterMs: number;
  /** Decay of the pooled histogram per pooled observation. */
  readonly pooledDecay: number;
  /** Pooled observation count from which boundaries are first computed. */
  readonly firstRefreshAt: number;
  /** With boundaries published, refresh when the pooled count is a multiple of this. */
  readonly refreshEvery: number;
  /** Relative hysteresis of boundaries (keep old where |new − old| ≤ h·old) and of held tiers (0.9 / 1.1 ·β). */
  readonly hysteresis: number;
  /** Most keys held at once (over all shards); a multiple of `shards`. */
  readonly maxKeys: number;
  /** Number of shards; a key's shard is FNV-1a(UTF-8 bytes) mod shards. */
  readonly shards: number;
  /** A shard's least recently active key with ≥ n_min observations may be recycled after this idle time, ms. */
  readonly recycleProvenIdleMs: number;
  /** … and with < n_min observations after this idle time, ms. */
  readonly recycleColdIdleMs: number;
  /** Which statistic is the estimate. */
  readonly summary: PredictorSummary;
}

/** SPEC §6 defaults. */
export const DEFAULT_PREDICTOR_PARAMS: Readonly<PredictorParams> = Object.freeze({
  levels: 3,
  defaultLevel: 1,
  minSamples: 20,
  spreadRatio: 16,
  spreadQuantile: 0.99,
  censoredShare: 0.05,
  decay: 0.995,
  idleHalfLifeMs: 600_000,
  idleMinGapMs: 1000,
  staleAfterMs: 1_800_000,
  pooledDecay: 0.9999,
  firstRefreshAt: 100,
  refreshEvery: 256,
  hysteresis: 0.1,
  maxKeys: 16384,
  shards: 16,
  recycleProvenIdleMs: 600_000,
  recycleColdIdleMs: 30_000,
  summary: 'median',
});

/** The parameter names, in table order. */
export const PREDICTOR_PARAM_NAMES: readonly (keyof PredictorParams)[] = Object.freeze(
  Object.keys(DEFAULT_PREDICTOR_PARAMS) as (keyof PredictorParams)[],
);

type Rule =
  | { kind: 'int'; min: number; max: number }
  | { kind: 'num'; lo: number; loOpen: boolean; hi: number; hiOpen: boolean; off?: boolean }
  | { kind: 'summary' };

const INF = Number.POSITIVE_INFINITY;
const RULES: Readonly<Record<keyof PredictorParams, Rule>> = {
  levels: { kind: 'int', min: 2, max: 32 },
  defaultLevel: { kind: 'int', min: 0, max: 31 },
  minSamples: { kind: 'int', min: 0, max: 1e9 },
  spreadRatio: { kind: 'num', lo: 0, loOpen: true, hi: INF, hiOpen: false, off: true },
  spreadQuantile: { kind: 'num', lo: 0, loOpen: true, hi: 1, hiOpen: true },
  censoredShare: { kind: 'num', lo: 0, loOpen: false, hi: 1, hiOpen: false },
  decay: { kind: 'num', lo: 0, loOpen: true, hi: 1, hiOpen: false },
  idleHalfLifeMs: { kind: 'num', lo: 0, loOpen: true, hi: INF, hiOpen: false, off: true },
  idleMinGapMs: { kind: 'num', lo: 0, loOpen: false, hi: INF, hiOpen: true },
  staleAfterMs: { kind: 'num', lo: 0, loOpen: true, hi: INF, hiOpen: false, off: true },
  pooledDecay: { kind: 'num', lo: 0, loOpen: true, hi: 1, hiOpen: false },
  firstRefreshAt: { kind: 'int', min: 1, max: 1e12 },
  refreshEvery: { kind: 'int', min: 1, max: 1e12 },
  hysteresis: { kind: 'num', lo: 0, loOpen: false, hi: 1, hiOpen: true },
  maxKeys: { kind: 'int', min: 1, max: 1 << 22 },
  shards: { kind: 'int', min: 1, max: 4096 },
  recycleProvenIdleMs: { kind: 'num', lo: 0, loOpen: false, hi: INF, hiOpen: false, off: true },
  recycleColdIdleMs: { kind: 'num', lo: 0, loOpen: false, hi: INF, hiOpen: false, off: true },
  summary: { kind: 'summary' },
};

function optionName(name: string): string {
  return `--set predictor.${name}`;
}

function expected(rule: Rule): string {
  if (rule.kind === 'summary') return 'one of median, mean, p75';
  if (rule.kind === 'int') return `an integer in [${rule.min}, ${rule.max}]`;
  const lo = `${rule.loOpen ? '(' : '['}${rule.lo}`;
  const hi = rule.hi === INF ? (rule.hiOpen ? '∞)' : '∞]') : `${rule.hi}${rule.hiOpen ? ')' : ']'}`;
  return `a number in ${lo}, ${hi}${rule.off === true ? ' (or off)' : ''}`;
}

function isName(name: string): name is keyof PredictorParams {
  return Object.prototype.hasOwnProperty.call(RULES, name);
}

/** What was wrong with a value: what was found and what was expected (message parts, no location). */
export interface ParamProblem {
  readonly found: string;
  readonly expected: string;
}

/**
 * Reads one override `name=value` (value as text, or already a number): the typed value, or the problem.
 * `off` (or `Infinity`) is accepted where a parameter can be disabled: staleAfterMs, idleHalfLifeMs,
 * spreadRatio, recycle*IdleMs. Never throws.
 */
export function readPredictorParam(name: string, value: string | number): { name: keyof PredictorParams; value: number | PredictorSummary } | ParamProblem {
  if (!isName(name)) return { found: `an unknown predictor parameter '${name}'`, expected: `one of ${PREDICTOR_PARAM_NAMES.join(', ')}` };
  const rule = RULES[name];
  const text = String(value).trim();
  if (rule.kind === 'summary') {
    if (text === 'median' || text === 'mean' || text === 'p75') return { name, value: text };
    return { found: JSON.stringify(text), expected: expected(rule) };
  }
  let v: number;
  if (typeof value === 'number') v = value;
  else if (text === 'off' && rule.kind === 'num' && rule.off === true) v = INF;
  else v = text === '' ? Number.NaN : Number(text);
  const ok =
    rule.kind === 'int'
      ? Number.isInteger(v) && v >= rule.min && v <= rule.max
      : !Number.isNaN(v) &&
        (rule.loOpen ? v > rule.lo : v >= rule.lo) &&
        (rule.hiOpen ? v < rule.hi : v <= rule.hi) &&
        (v !== INF || rule.off === true);
  if (!ok) return { found: text, expected: expected(rule) };
  return { name, value: v };
}

/**
 * Parses one override `name=value` as readPredictorParam does. Throws InputError for an unknown name or an
 * out-of-range value, e.g. "option --set predictor.decay: found 1.5; expected a number in (0, 1]".
 */
export function parsePredictorParam(name: string, value: string | number): { name: keyof PredictorParams; value: number | PredictorSummary } {
  const read = readPredictorParam(name, value);
  if ('found' in read) throw new InputError(atOption(optionName(name), `found ${read.found}`, read.expected));
  return read;
}

/**
 * Returns `base` with the overrides applied and the whole set validated (cross-field rules:
 * defaultLevel < levels, maxKeys a multiple of shards). When `levels` is overridden and
 * `defaultLevel` is not, the default level follows as floor((levels − 1) / 2), the middle level.
 * Throws InputError listing every problem found.
 */
export function applyPredictorOverrides(
  base: Readonly<PredictorParams>,
  overrides: Readonly<Record<string, string | number>>,
): PredictorParams {
  const out: Record<string, number | string> = { ...base };
  const issues: string[] = [];
  for (const [name, value] of Object.entries(overrides)) {
    try {
      const p = parsePredictorParam(name, value);
      out[p.name] = p.value;
    } catch (err) {
      if (err instanceof InputError) issues.push(err.message);
      else throw err;
    }
  }
  if (issues.length > 0) throw new InputError(msg.invalidPredictorParams(issues), issues);
  if ('levels' in overrides && !('defaultLevel' in overrides)) out.defaultLevel = Math.floor(((out.levels as number) - 1) / 2);
  const params = out as unknown as PredictorParams;
  validatePredictorParams(params);
  return params;
}

/** Checks every field and the cross-field rules; throws InputError listing each problem. */
export function validatePredictorParams(p: Readonly<PredictorParams>): void {
  const issues: string[] = [];
  for (const name of PREDICTOR_PARAM_NAMES) {
    const v = p[name];
    try {
      parsePredictorParam(name, v);
    } catch (err) {
      if (err instanceof InputError) issues.push(err.message);
      else throw err;
    }
  }
  if (issues.length === 0) {
    if (p.defaultLevel >= p.levels) {
      issues.push(atOption(optionName('defaultLevel'), `found ${p.defaultLevel} with levels=${p.levels}`, `an integer in [0, ${p.levels - 1}]`));
    }
    if (p.maxKeys % p.shards !== 0) {
      issues.push(atOption(optionName('maxKeys'), `found ${p.maxKeys} with shards=${p.shards}`, 'a multiple of shards'));
    }
  }
  if (issues.length > 0) throw new InputError(msg.invalidPredictorParams(issues), issues);
}

// The sweep file: parameters varied one at a time around the defaults (or as a grid) and judged by one or more gates.
import { parseArms, parseCommon, type ExperimentSpec } from './experiment-file.ts';
import { IssueList } from './json-shape.ts';
import { describe, isObject, type ParseOutcome } from '../json/json-value.ts';
import { checkOverride, overridesText, valueText, type OverrideValue, type Overrides } from './overrides.ts';

export type SweepMode = 'one-at-a-time' | 'grid';

/** One variant: `base` (no overrides) or `param=value[,…]` (names sorted). */
export interface Variant {
  readonly id: string;
  readonly overrides: Overrides;
}

/** A validated sweep. `arms` null: the arms the gates' criteria name. */
export interface SweepSpec extends Omit<ExperimentSpec, 'arms' | 'overrides' | 'repeats'> {
  /** The first gate (the one of `"gate"`, or `gates[0]`). */
  readonly gate: string;
  /** Every gate the variants are judged by, in file order (`"gate"` alone: just it). */
  readonly gates: readonly string[];
  readonly gateUnfrozen: boolean;
  readonly mode: SweepMode;
  readonly parameters: readonly (readonly [string, readonly OverrideValue[]])[];
  readonly arms: readonly string[] | null;
  readonly variants: readonly Variant[];
}

export const SWEEP_FIELDS = [
  '$schema', 'id', 'description', 'gate', 'gates', 'gate_unfrozen', 'traces', 'loads', 'arms', 'split', 'fraction', 'windows', 'window_by',
  'workers', 'levels', 'seed', 'mode', 'parameters', 'out', 'ties', 'jitter', 'latency_cdf', 'cores', 'overhead_ms',
] as const;

/** Validates parsed JSON as a sweep file, every issue at once (paths such as `parameters.predictor.decay[2]`). */
export function parseSweep(input: unknown, file: string): ParseOutcome<SweepSpec> {
  const issues = new IssueList(file);
  if (!isObject(input)) return { ok: false, issues: [`${file} → (root): ${describe(input)}; expected a sweep object`] };
  issues.unknownKeys(input, '', SWEEP_FIELDS);
  const common = parseCommon(input, issues);
  if (common.ties === 'shuffle') issues.add('ties', '"shuffle" without a seed', '"shuffle:SEED" (a sweep has no replications)');
  if (common.jitter !== undefined && !common.jitter.includes(':')) issues.add('jitter', `"${common.jitter}" without a seed`, '"MS:SEED" (a sweep has no replications)');
  const gates = parseGates(input, issues);
  let gateUnfrozen = false;
  if (input['gate_unfrozen'] !== undefined) {
    if (typeof input['gate_unfrozen'] !== 'boolean') issues.add('gate_unfrozen', describe(input['gate_unfrozen']), 'true or false');
    else gateUnfrozen = input['gate_unfrozen'];
  }
  const mode = issues.choice(input, 'mode', '', ['one-at-a-time', 'grid'] as const, 'one-at-a-time');
  const arms = input['arms'] === undefined ? null : parseArms(input['arms'], 'arms', issues);
  const parameters: [string, OverrideValue[]][] = [];
  const p = input['parameters'];
  if (!isObject(p) || Object.keys(p).length === 0) issues.add('parameters', describe(p), 'an object mapping parameter → list of values, e.g. {"predictor.minSamples": [5, 20, 100]}');
  else {
    for (const [name, values] of Object.entries(p)) {
      const at = `parameters.${name}`;
      if (!Array.isArray(values) || values.length === 0) {
        issues.add(at, describe(values), 'a non-empty list of values');
        continue;
      }
      const good: OverrideValue[] = [];
      const texts: string[] = [];
      values.forEach((v: unknown, i) => {
        const problem = checkOverride(name, v);
        if (problem) return issues.add(`${at}[${i}]`, problem.found, problem.expected);
        const value = v as OverrideValue;
        const text = valueText(value);
        if (texts.includes(text)) return issues.add(`${at}[${i}]`, `value ${text} given twice`, 'distinct values');
        texts.push(text);
        good.push(value);
      });
      parameters.push([name, good]);
    }
  }
  if (issues.issues.length > 0) return { ok: false, issues: issues.issues };
  return { ok: true, value: { ...common, gate: gates[0]!, gates, gateUnfrozen, mode, arms, parameters, variants: expandVariants(mode, parameters) } };
}

/** `"gate": "g.json"` or `"gates": ["a.json", "b.json"]` (exactly one of the two; distinct non-empty strings). */
function parseGates(input: Record<string, unknown>, issues: IssueList): string[] {
  const list = input['gates'];
  if (list === undefined) return [issues.string(input, 'gate', '')];
  if (input['gate'] !== undefined) issues.add('gates', 'both "gate" and "gates"', 'one of them ("gates" for several)');
  if (!Array.isArray(list) || list.length === 0) {
    issues.add('gates', Array.isArray(list) ? 'an empty list' : describe(list), 'a non-empty list of gate files, e.g. ["gates/a.json", "gates/b.json"]');
    return [''];
  }
  const out: string[] = [];
  list.forEach((g: unknown, i) => {
    if (typeof g !== 'string' || g === '') issues.add(`gates[${i}]`, describe(g), 'a gate file path (a non-empty string)');
    else if (out.includes(g)) issues.add(`gates[${i}]`, `"${g}" given twice`, 'distinct gate files');
    else out.push(g);
  });
  return out.length > 0 ? out : [''];
}

/** The variants: `base` first, then each parameter value alone (one-at-a-time) or every combination (grid). */
export function expandVariants(mode: SweepMode, parameters: readonly (readonly [string, readonly OverrideValue[]])[]): Variant[] {
  const out: Variant[] = [{ id: 'base', overrides: {} }];
  if (mode === 'one-at-a-time') {
    for (const [name, values] of parameters) for (const v of values) out.push(variant({ [name]: v }));
    return out;
  }
  let combos: Record<string, OverrideValue>[] = [{}];
  for (const [name, values] of parameters) combos = combos.flatMap((c) => values.map((v) => ({ ...c, [name]: v })));
  for (const c of combos) out.push(variant(c));
  return out;
}

function variant(o: Overrides): Variant {
  return { id: overridesText(o), overrides: o };
}

/** The experiment a sweep runs: every arm under every variant's overrides (the baseline too: `levels` changes it). */
export function sweepExperiment(sweep: SweepSpec, arms: readonly string[]): ExperimentSpec {
  const { gate: _g, gates: _gs, gateUnfrozen: _u, mode: _m, parameters: _p, arms: _a, variants, ...common } = sweep;
  return { ...common, arms, overrides: variants.map((v) => v.overrides), repeats: 1 };
}

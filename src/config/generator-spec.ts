// A trace given in an experiment file as a generator spec (`{"generate": {"kind": …, options}}`): parsed, canonical, hashed.
import { createHash } from 'node:crypto';
import { stableStringify } from '../json/stable-json.ts';
import { MMC_DEFAULTS, PRIORITY_DEFAULTS, PRODFLOW_DEFAULTS, SERVERLESS_DEFAULTS } from './generator-defaults.ts';
import { IssueList } from './json-shape.ts';
import { describe, isObject } from '../json/json-value.ts';
import { INPUT_RANGES, rangeText } from '../input-ranges.ts';

/** A generator's options by name, defaults filled in. */
export type GeneratorOptions = Readonly<Record<string, number | string>>;
type Options = GeneratorOptions;

/** One generator kind as a spec states it: its options with their defaults, and whether its rows carry a class. */
interface GeneratorKind {
  readonly defaults: Options;
  /** Options given as strings (the others are numbers); each with its allowed values, or null for any text. */
  readonly text: Readonly<Record<string, readonly string[] | null>>;
  readonly withClass: boolean;
}

/** The shape of each kind's spec; the rows each kind produces are traces/generators/generator-rows.ts's. */
const KINDS: Readonly<Record<string, GeneratorKind>> = {
  mmc: { defaults: MMC_DEFAULTS, text: { service: ['exp', 'lognormal'] }, withClass: false },
  priority: { defaults: PRIORITY_DEFAULTS, text: { classes: null }, withClass: true },
  serverless: { defaults: SERVERLESS_DEFAULTS, text: {}, withClass: false },
  prodflow: { defaults: PRODFLOW_DEFAULTS, text: {}, withClass: true },
};

/** The generator kinds a spec may name. */
export const GENERATOR_KINDS = Object.keys(KINDS);

/** A validated generator spec: its kind and every option (defaults filled in, so equal specs hash equally). */
export interface GeneratorSpec {
  readonly kind: string;
  readonly options: Options;
}

/**
 * Validates `{"kind": …, <option>: value, …}` at `path` (e.g. `traces[0].generate`): a known kind, known options of
 * the right type (the seed is not one: it comes from the replication, or the experiment's `seed`). Adds issues and
 * returns null when it is not valid. The row count `n` is checked against INPUT_RANGES.generatedRows here; the other
 * ranges by the generator when it runs.
 */
export function parseGeneratorSpec(input: unknown, path: string, issues: IssueList): GeneratorSpec | null {
  if (!isObject(input)) {
    issues.add(path, describe(input), `an object {"kind": ${GENERATOR_KINDS.map((k) => `"${k}"`).join(' | ')}, <generator options>}`);
    return null;
  }
  const kind = input['kind'];
  const gen = typeof kind === 'string' ? KINDS[kind] : undefined;
  if (gen === undefined) {
    issues.add(`${path}.kind`, describe(kind), `one of ${GENERATOR_KINDS.join(', ')}`);
    return null;
  }
  const before = issues.issues.length;
  const names = Object.keys(gen.defaults);
  if (input['seed'] !== undefined) issues.add(`${path}.seed`, 'a seed in the generator spec', 'no seed: each replication\'s seed (or the experiment\'s "seed") is the generator\'s');
  issues.unknownKeys(input, path, ['kind', 'seed', ...names]);
  const options: Record<string, number | string> = { ...gen.defaults };
  for (const name of names) {
    const v = input[name];
    if (v === undefined) continue;
    const allowed = gen.text[name];
    if (allowed !== undefined) {
      if (typeof v !== 'string' || (allowed !== null && !allowed.includes(v))) issues.add(`${path}.${name}`, describe(v), allowed === null ? 'a string' : allowed.map((a) => `"${a}"`).join(' or '));
      else options[name] = v;
    } else if (typeof v !== 'number' || !Number.isFinite(v)) issues.add(`${path}.${name}`, describe(v), 'a number');
    // Only the upper bound here: the generator names its own lower bounds (--n ≥ 1) when it runs.
    else if (name === 'n' && v > INPUT_RANGES.generatedRows.max) issues.add(`${path}.n`, describe(v), rangeText(INPUT_RANGES.generatedRows));
    else options[name] = v;
  }
  return issues.issues.length === before ? { kind: kind as string, options } : null;
}

/** SHA-256 (hex) of the canonical spec and, when given, the seed it is generated with: names and caches the trace. */
export function generatorSpecHash(spec: GeneratorSpec, seed?: number): string {
  const canonical = stableStringify(seed === undefined ? { kind: spec.kind, options: spec.options } : { kind: spec.kind, options: spec.options, seed });
  return createHash('sha256').update(canonical).digest('hex');
}

/** Whether the rows of a spec's kind carry a class. */
export function generatorHasClass(spec: GeneratorSpec): boolean {
  return KINDS[spec.kind]!.withClass;
}

// A trace given in an experiment file as a generator spec (`{"generate": {"kind": …, options}}`): parsed, canonical, hashed.
import { createHash } from 'node:crypto';
import { stableStringify } from '../json/stable-json.ts';
import type { Rng } from '../rng/seeded.ts';
import type { RowRun, RowSink } from '../../traces/row-sink.ts';
import { MMC_DEFAULTS, PRIORITY_DEFAULTS, PRODFLOW_DEFAULTS, SERVERLESS_DEFAULTS } from '../../traces/generators/generator-defaults.ts';
import { mmcRows, type MmcOptions } from '../../traces/generators/mmc.ts';
import { parsePriorityClasses, priorityRows } from '../../traces/generators/priority.ts';
import { serverlessRows, type ServerlessOptions } from '../../traces/generators/serverless.ts';
import { prodflowRows } from '../../traces/generators/prodflow.ts';
import { IssueList } from './json-shape.ts';
import { describe, isObject } from '../json/json-value.ts';
import { INPUT_RANGES, rangeText } from '../input-ranges.ts';

type Options = Readonly<Record<string, number | string>>;

/** One generator kind: its options with their defaults, whether its rows carry a class, and its row producer. */
interface GeneratorKind {
  readonly defaults: Options;
  /** Options given as strings (the others are numbers); each with its allowed values, or null for any text. */
  readonly text: Readonly<Record<string, readonly string[] | null>>;
  readonly withClass: boolean;
  /** The rows for `options` (defaults filled in). Throws InputError (naming the CLI flag) for an out-of-range option. */
  readonly produce: (options: Options, rng: Rng, sink: RowSink) => RowRun;
}

const KINDS: Readonly<Record<string, GeneratorKind>> = {
  mmc: { defaults: MMC_DEFAULTS, text: { service: ['exp', 'lognormal'] }, withClass: false, produce: (o, rng, sink) => mmcRows(o as unknown as MmcOptions, rng, sink) },
  priority: {
    defaults: PRIORITY_DEFAULTS, text: { classes: null }, withClass: true,
    produce: (o, rng, sink) => priorityRows({ n: o['n'] as number, c: o['c'] as number, rho: o['rho'] as number, classes: parsePriorityClasses(o['classes'] as string) }, rng, sink),
  },
  serverless: { defaults: SERVERLESS_DEFAULTS, text: {}, withClass: false, produce: (o, rng, sink) => serverlessRows(o as unknown as ServerlessOptions, rng, sink) },
  prodflow: { defaults: PRODFLOW_DEFAULTS, text: {}, withClass: true, produce: (o, rng, sink) => prodflowRows({ workers: o['workers'] as number }, rng, sink) },
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

/** The rows of a spec generated with `rng` and whether they carry a class. Throws InputError for an out-of-range option. */
export function generatorRows(spec: GeneratorSpec): { withClass: boolean; produce: (rng: Rng, sink: RowSink) => RowRun } {
  const gen = KINDS[spec.kind]!;
  return { withClass: gen.withClass, produce: (rng, sink) => gen.produce(spec.options, rng, sink) };
}

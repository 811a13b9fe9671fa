// The experiment file (SPEC §12): traces × loads × arms × overrides × repeats, validated with every issue at once.
import { IssueList } from './json-shape.ts';
import { describe, isObject, type ParseOutcome } from '../json/json-value.ts';
import { parseOverrideList, type Overrides } from './overrides.ts';
import { INPUT_RANGES, inRange, rangeText } from '../input-ranges.ts';
import { isProblem, parseJitter, parseTies } from '../trace/perturb.ts';
import { generatorSpecHash, parseGeneratorSpec, type GeneratorSpec } from './generator-spec.ts';
import { parseContentionFields } from './contention-fields.ts';
import { SIMULATION_DEFAULTS } from './simulation-defaults.ts';

/**
 * A trace of an experiment: its path as written (relative to the file's folder) and its expected SHA-256; or a
 * generator spec (`path` then is `generate:<kind>` and `sha256` the hash of the canonical spec, and each cell runs
 * on the trace generated with its seed).
 */
export interface ExperimentTrace {
  readonly path: string;
  readonly sha256: string;
  /** File name without .csv[.gz] (or the generated trace's `name`, default its kind): names its merged result file and its cells. */
  readonly name: string;
  readonly generate?: GeneratorSpec;
}

/** A validated experiment. Paths are as written in the file (the I/O side resolves them). */
export interface ExperimentSpec {
  readonly id: string;
  readonly traces: readonly ExperimentTrace[];
  /** Load labels as they appear in result files: "0.5", "as-is". */
  readonly loads: readonly string[];
  readonly arms: readonly string[];
  readonly split: 'time' | 'count' | 'none';
  readonly fraction: number;
  readonly windows: number;
  readonly windowBy: 'time' | 'count';
  readonly workers: number;
  readonly levels: number;
  readonly seed: number;
  readonly overrides: readonly Overrides[];
  readonly repeats: number;
  readonly out: string;
  /** `shuffle:SEED` (tie order before the split); absent: as in the file. With replications also `shuffle`. */
  readonly ties?: string;
  /** `MS:SEED` (arrival jitter before the split); absent: none. With replications also `MS`: each replication's seed. */
  readonly jitter?: string;
  /** Replication seeds: every cell once per seed (key `arm#sSEED`), the seed applying to seeded arms and to a
   *  seedless `"ties": "shuffle"` or `"jitter": "MS"`. Absent: no replications. */
  readonly replications?: readonly number[];
  /** `"latency_cdf": true`: every cell stores its latency CDF (sim/latency-cdf.ts). Absent (or false): none. */
  readonly latencyCdf?: true;
  /** Handlers compute on this many cores (`"cores"`); absent: a core per worker. */
  readonly cores?: number;
  /** A fixed broker cost per message before its handler starts, ms (`"overhead_ms"`); absent: none. */
  readonly overheadMs?: number;
}

export const EXPERIMENT_FIELDS = [
  '$schema', 'id', 'description', 'traces', 'loads', 'arms', 'split', 'fraction', 'windows', 'window_by', 'workers', 'levels', 'seed',
  'overrides', 'repeats', 'out', 'ties', 'jitter', 'replications', 'latency_cdf', 'cores', 'overhead_ms',
] as const;

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The trace name used in file names: the base name without `.gz` and `.csv`; `trace` when nothing is left (a file
 * named `.csv`), since an empty name would start every result file name with a dot.
 */
export function traceName(path: string): string {
  const base = path.split(/[\\/]/).pop() ?? path;
  return base.replace(/\.gz$/i, '').replace(/\.csv$/i, '') || 'trace';
}

/**
 * Validates parsed JSON as an experiment file; `file` names it in messages (`x.json → traces[1].sha256: …`).
 * Never throws: returns the spec or every issue found. Arms are checked for shape here and parsed by the caller.
 */
export function parseExperiment(input: unknown, file: string, allowed: readonly string[] = EXPERIMENT_FIELDS): ParseOutcome<ExperimentSpec> {
  const issues = new IssueList(file);
  if (!isObject(input)) return { ok: false, issues: [`${file} → (root): ${describe(input)}; expected an experiment object`] };
  issues.unknownKeys(input, '', allowed);
  const common = parseCommon(input, issues);
  const arms = parseArms(input['arms'], 'arms', issues);
  const overrides = parseOverrideList(input['overrides'], 'overrides', issues);
  const repeats = issues.integer(input, 'repeats', '', 1, 1, INPUT_RANGES.repeats.max);
  const replications = parseReplications(input['replications'], issues);
  if (replications !== null && repeats > 1) issues.add('repeats', String(repeats), '1 with "replications" (each replication seed is a repeat)');
  if (replications === null) {
    if (common.ties === 'shuffle') issues.add('ties', '"shuffle" without a seed', '"shuffle:SEED", or a "replications" seed list to draw the seeds from');
    if (common.jitter !== undefined && !common.jitter.includes(':')) issues.add('jitter', `"${common.jitter}" without a seed`, '"MS:SEED", or a "replications" seed list to draw the seeds from');
  }
  if (issues.issues.length > 0) return { ok: false, issues: issues.issues };
  return { ok: true, value: { ...common, arms, overrides, repeats, ...(replications !== null ? { replications } : {}) } };
}

/** The fields experiments and sweeps share (id, traces, loads, split, windows, workers, levels, seed, out). */
export function parseCommon(input: Record<string, unknown>, issues: IssueList): Omit<ExperimentSpec, 'arms' | 'overrides' | 'repeats'> {
  const id = issues.string(input, 'id', '');
  if (id !== '' && !ID.test(id)) issues.add('id', describe(id), 'letters, digits, ".", "_" or "-" (it names files)');
  const traces = parseTraces(input['traces'], issues);
  const loads = parseLoadList(input['loads'], issues);
  const split = issues.choice(input, 'split', '', ['time', 'count', 'none'] as const, SIMULATION_DEFAULTS.split);
  let fraction: number = SIMULATION_DEFAULTS.fraction;
  if (input['fraction'] !== undefined) {
    const f = input['fraction'];
    if (typeof f !== 'number' || !(f > 0 && f < 1)) issues.add('fraction', describe(f), 'a number in (0, 1)');
    else fraction = f;
  }
  const windows = issues.integer(input, 'windows', '', 1, SIMULATION_DEFAULTS.windows, INPUT_RANGES.windows.max);
  const windowBy = issues.choice(input, 'window_by', '', ['time', 'count'] as const, SIMULATION_DEFAULTS.windowBy);
  const workers = issues.integer(input, 'workers', '', 1, SIMULATION_DEFAULTS.workers, INPUT_RANGES.workers.max);
  const levels = issues.integer(input, 'levels', '', 2, SIMULATION_DEFAULTS.levels, INPUT_RANGES.levels.max);
  const seed = issues.integer(input, 'seed', '', 0, SIMULATION_DEFAULTS.seed, INPUT_RANGES.seed.max);
  const out = issues.string(input, 'out', '');
  return { id, traces, loads, split, fraction, windows, windowBy, workers, levels, seed, out, ...parsePerturbationFields(input, issues), ...parseLatencyCdfField(input, issues), ...parseContentionFields(input, issues) };
}

/** The optional `latency_cdf` switch (true or false); present in the result only when true, so other files keep their hash. */
function parseLatencyCdfField(input: Record<string, unknown>, issues: IssueList): { latencyCdf?: true } {
  const v = input['latency_cdf'];
  if (v === undefined || v === false) return {};
  if (v !== true) {
    issues.add('latency_cdf', describe(v), 'true or false (true stores each cell\'s latency CDF)');
    return {};
  }
  return { latencyCdf: true };
}

/**
 * The optional `ties` ("file" or "shuffle:SEED") and `jitter` ("MS:SEED") fields; present in the result only when
 * they perturb something, so a file without them (or with "ties": "file") keeps its hash.
 */
export function parsePerturbationFields(input: Record<string, unknown>, issues: IssueList): { ties?: string; jitter?: string } {
  const out: { ties?: string; jitter?: string } = {};
  const ties = input['ties'];
  if (ties === 'shuffle') out.ties = ties; // seeds from the replications (checked by the experiment's parser)
  else if (ties !== undefined) {
    const t = typeof ties === 'string' ? parseTies(ties) : { found: describe(ties), expected: '"file" or "shuffle:SEED"' };
    if (isProblem(t)) issues.add('ties', t.found, t.expected);
    else if (t !== null) out.ties = ties as string;
  }
  const jitter = input['jitter'];
  if (typeof jitter === 'string' && !jitter.includes(':')) {
    const j = parseJitter(`${jitter}:0`); // seeds from the replications (checked by the experiment's parser)
    if (isProblem(j)) issues.add('jitter', `"${jitter}"`, 'MS:SEED, or MS (≥ 0 ms) with a "replications" seed list');
    else out.jitter = jitter;
  } else if (jitter !== undefined) {
    const j = typeof jitter === 'string' ? parseJitter(jitter) : { found: describe(jitter), expected: '"MS:SEED"' };
    if (isProblem(j)) issues.add('jitter', j.found, j.expected);
    else if (j !== null) out.jitter = jitter as string;
  }
  return out;
}

function parseTraces(input: unknown, issues: IssueList): ExperimentTrace[] {
  if (!Array.isArray(input) || input.length === 0) {
    issues.add('traces', describe(input), 'a non-empty array of {"path", "sha256"} or {"generate": {"kind", …}}');
    return [];
  }
  const out: ExperimentTrace[] = [];
  const names = new Map<string, number>();
  input.forEach((t, i) => {
    const at = `traces[${i}]`;
    if (!isObject(t)) {
      issues.add(at, describe(t), 'an object {"path", "sha256"} or {"generate": {"kind", …}}');
      return;
    }
    if (t['generate'] !== undefined) {
      const generated = parseGeneratedTrace(t, at, issues);
      if (generated === null) return;
      const prior = names.get(generated.name);
      if (prior !== undefined) issues.add(`${at}.name`, `trace name "${generated.name}", also used by traces[${prior}]`, 'distinct names (they name the result files), e.g. "name": "faas-small"');
      else names.set(generated.name, i);
      out.push(generated);
      return;
    }
    issues.unknownKeys(t, at, ['path', 'sha256']);
    const path = issues.string(t, 'path', at);
    const sha = t['sha256'];
    if (typeof sha !== 'string' || !/^[0-9a-f]{64}$/.test(sha)) {
      issues.add(`${at}.sha256`, describe(sha), 'the 64 lowercase hex digits of the trace\'s SHA-256 (its .meta.json "sha256")');
    }
    const name = traceName(path);
    const prior = names.get(name);
    if (prior !== undefined) issues.add(`${at}.path`, `trace name "${name}", also used by traces[${prior}]`, 'distinct file names (they name the result files)');
    else names.set(name, i);
    out.push({ path, sha256: typeof sha === 'string' ? sha : '', name });
  });
  return out;
}

/** `{"generate": {…}, "name"?: …}`: a generated trace (null when invalid, with its issues added). */
function parseGeneratedTrace(t: Record<string, unknown>, at: string, issues: IssueList): ExperimentTrace | null {
  issues.unknownKeys(t, at, ['generate', 'name']);
  const spec = parseGeneratorSpec(t['generate'], `${at}.generate`, issues);
  const name = t['name'] === undefined ? spec?.kind : t['name'];
  if (t['name'] !== undefined && (typeof name !== 'string' || !ID.test(name))) {
    issues.add(`${at}.name`, describe(name), 'letters, digits, ".", "_" or "-" (it names files)');
    return null;
  }
  if (spec === null) return null;
  return { path: `generate:${spec.kind}`, sha256: generatorSpecHash(spec), name: name as string, generate: spec };
}

function parseLoadList(input: unknown, issues: IssueList): string[] {
  if (input === 'as-is') return ['as-is'];
  if (!Array.isArray(input) || input.length === 0) {
    issues.add('loads', describe(input), 'a non-empty array of loads such as [0.5, 0.8], or "as-is"');
    return [];
  }
  const out: string[] = [];
  input.forEach((l, i) => {
    let label: string | null = null;
    if (l === 'as-is') label = 'as-is';
    else if (typeof l === 'number' && inRange(INPUT_RANGES.load, l)) label = String(l);
    else issues.add(`loads[${i}]`, describe(l), `${rangeText(INPUT_RANGES.load)} or "as-is"`);
    if (label === null) return;
    if (out.includes(label)) issues.add(`loads[${i}]`, `load ${label} given twice`, 'distinct loads');
    else out.push(label);
  });
  return out;
}

/** Validates the arm list's shape: distinct non-empty strings without `@` or `#` (overrides go in `overrides`). */
export function parseArms(input: unknown, path: string, issues: IssueList): string[] {
  if (!Array.isArray(input) || input.length === 0) {
    issues.add(path, describe(input), 'a non-empty array of arm strings such as ["fifo", "oracle+weights+pausing"]');
    return [];
  }
  const out: string[] = [];
  input.forEach((a, i) => {
    const at = `${path}[${i}]`;
    if (typeof a !== 'string' || a === '') issues.add(at, describe(a), 'an arm string such as "oracle+weights+pausing"');
    else if (a.includes('@') || a.includes('#')) issues.add(at, describe(a), 'an arm without "@…" or "#…" (put parameter overrides in "overrides")');
    else if (out.includes(a)) issues.add(at, `arm "${a}" given twice`, 'distinct arms');
    else out.push(a);
  });
  return out;
}

/** The optional `replications` seed list: a non-empty array of distinct integers ≥ 0, or null when absent. */
function parseReplications(input: unknown, issues: IssueList): number[] | null {
  if (input === undefined) return null;
  if (!Array.isArray(input) || input.length === 0) {
    issues.add('replications', describe(input), 'a non-empty array of distinct integer seeds ≥ 0, e.g. [1, 2, 3]');
    return null;
  }
  const out: number[] = [];
  input.forEach((s, i) => {
    if (typeof s !== 'number' || !Number.isInteger(s) || s < 0) issues.add(`replications[${i}]`, describe(s), 'an integer seed ≥ 0');
    else if (out.includes(s)) issues.add(`replications[${i}]`, `seed ${s} given twice`, 'distinct seeds');
    else out.push(s);
  });
  return out;
}

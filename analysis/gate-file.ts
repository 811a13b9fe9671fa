// Gate files (pre-registrations, SPEC §7): parsed JSON validated into a typed gate, with every issue reported at once.
import { atPath } from '../src/errors.ts';
import { BOOTSTRAP_METHODS, type BootstrapMethod, type BootstrapOptions } from './bootstrap.ts';
import type { CriterionKind, CriterionRole } from './criterion.ts';
import { describe, isObject, type ParseOutcome } from '../src/json/json-value.ts';
import { isMetricName, METRIC_NAMES } from '../src/result/metric-names.ts';

/** One criterion of a gate file: arm against baseline on a metric, its kind, limit and role. */
export interface GateCriterion {
  readonly arm: string;
  readonly baseline: string;
  readonly metric: string;
  readonly kind: CriterionKind;
  readonly limit: number;
  readonly role: CriterionRole;
  /** With replicated results (arms `arm#sSEED`): `window` (default) judges each replication on its windows and calls
   *  a disagreement unstable; `seed` pairs whole-run values by seed; `pooled` pools the windows of every
   *  replication. Under every pairing replications that disagree on their own verdicts (windows; under `seed` the
   *  whole-run change against the limit) make the criterion unstable, a failure. Absent in old gate files, which
   *  keep their meaning. */
  readonly pair?: CriterionPairing;
}

/** How a criterion pairs replicated results (see GateCriterion.pair). */
export type CriterionPairing = 'window' | 'seed' | 'pooled';

/** A validated gate file. */
export interface GateFile {
  readonly id: string;
  readonly description?: string;
  readonly traceSha256?: string;
  /** The experiment config this gate judges (path relative to the gate file): `freeze` locks its hash too. */
  readonly experiment?: string;
  readonly bootstrap: BootstrapOptions;
  readonly roundSigDigits?: number;
  /** The window count the results must have (pre-registered), when given. */
  readonly windows?: number;
  /** The loads to evaluate (each must be present), when given; else every load in the results. */
  readonly loads?: readonly string[];
  readonly criteria: Readonly<Record<string, GateCriterion>>;
  readonly gate: readonly string[];
}

/** The default block length of the block bootstraps (SPEC §7). */
export const DEFAULT_BLOCK = 4;
/** The smallest number of resamples a gate may ask for. */
export const MIN_SAMPLES = 100;

const TOP_KEYS = ['$schema', 'id', 'description', 'trace_sha256', 'experiment', 'bootstrap', 'round_sig_digits', 'windows', 'loads', 'criteria', 'gate'];
const BOOTSTRAP_KEYS = ['method', 'block', 'samples', 'seed', 'confidence'];
const CRITERION_KEYS = ['arm', 'baseline', 'metric', 'kind', 'limit', 'role', 'pair'];
const PAIRINGS: readonly CriterionPairing[] = ['window', 'seed', 'pooled'];
const KINDS: readonly CriterionKind[] = ['relative_delta', 'ratio', 'equivalence'];
const ROLES: readonly CriterionRole[] = ['primary', 'guardrail', 'secondary'];

/**
 * Validates parsed JSON as a gate file; `file` names it in messages (`gate.json → criteria.mean.limit: …`).
 * Checks types, enums, B ≥ 100, confidence in (0, 1), block 1.. for block methods, limit signs (ratio > 0;
 * relative_delta > −1, and ≥ 0 for a guardrail) and that the gate lists known criteria. Never throws.
 */
export function parseGateFile(input: unknown, file: string): ParseOutcome<GateFile> {
  const issues: string[] = [];
  const at = (path: string, found: unknown, expected: string, foundText?: string): void => {
    issues.push(atPath(file, path, foundText ?? describe(found), expected));
  };
  if (!isObject(input)) return { ok: false, issues: [atPath(file, '', describe(input), 'a gate object')] };
  unknownKeys(input, TOP_KEYS, '', at);

  const id = input['id'];
  if (typeof id !== 'string' || id.trim() === '') at('id', id, 'a non-empty string naming the experiment');
  const schema = input['$schema'];
  if (schema !== undefined && typeof schema !== 'string') at('$schema', schema, 'the path or URL of the JSON Schema (for editors; docs/schemas/gate.schema.json)');
  const description = input['description'];
  if (description !== undefined && typeof description !== 'string') at('description', description, 'a string');
  const trace = input['trace_sha256'];
  if (trace !== undefined && (typeof trace !== 'string' || !/^[0-9a-f]{64}$/.test(trace))) at('trace_sha256', trace, '64 lowercase hex digits (the trace SHA-256)');

  const experiment = input['experiment'];
  if (experiment !== undefined && (typeof experiment !== 'string' || experiment.trim() === '')) at('experiment', experiment, 'the path of the experiment config (JSON) this gate judges, relative to the gate file');

  const bootstrap = parseBootstrap(input['bootstrap'], at);

  const round = input['round_sig_digits'];
  if (round !== undefined && !(Number.isInteger(round) && (round as number) >= 1 && (round as number) <= 17)) at('round_sig_digits', round, 'an integer 1..17');
  const windows = input['windows'];
  if (windows !== undefined && !(Number.isInteger(windows) && (windows as number) >= 1)) at('windows', windows, 'a positive integer (the pre-registered window count)');
  const loads = input['loads'];
  if (loads !== undefined && !(Array.isArray(loads) && loads.length > 0 && loads.every((l) => typeof l === 'string'))) at('loads', loads, 'a non-empty array of load keys such as "0.5"');

  const criteria: Record<string, GateCriterion> = {};
  const rawCriteria = input['criteria'];
  if (!isObject(rawCriteria) || Object.keys(rawCriteria).length === 0) at('criteria', rawCriteria, 'an object of named criteria');
  else {
    for (const [name, raw] of Object.entries(rawCriteria)) {
      const c = parseCriterion(raw, `criteria.${name}`, at);
      if (c !== null) criteria[name] = c;
    }
  }

  const gate = input['gate'];
  if (!Array.isArray(gate) || gate.length === 0) at('gate', gate, 'a non-empty array of criterion names');
  else {
    const seen = new Set<string>();
    gate.forEach((g, i) => {
      if (typeof g !== 'string') at(`gate[${i}]`, g, 'a criterion name');
      else if (isObject(rawCriteria) && !(g in rawCriteria)) at(`gate[${i}]`, g, `one of the criteria (${Object.keys(rawCriteria).join(', ')})`);
      else if (seen.has(g)) at(`gate[${i}]`, g, 'each criterion listed once');
      seen.add(String(g));
    });
  }

  if (issues.length > 0 || bootstrap === null) return { ok: false, issues };
  return {
    ok: true,
    value: {
      id: id as string,
      ...(typeof description === 'string' ? { description } : {}),
      ...(typeof trace === 'string' ? { traceSha256: trace } : {}),
      ...(typeof experiment === 'string' ? { experiment } : {}),
      bootstrap,
      ...(round !== undefined ? { roundSigDigits: round as number } : {}),
      ...(windows !== undefined ? { windows: windows as number } : {}),
      ...(loads !== undefined ? { loads: loads as string[] } : {}),
      criteria,
      gate: gate as string[],
    },
  };
}

type At = (path: string, found: unknown, expected: string, foundText?: string) => void;

function parseBootstrap(raw: unknown, at: At): BootstrapOptions | null {
  if (!isObject(raw)) {
    at('bootstrap', raw, 'an object {method, samples, seed, confidence, block?}');
    return null;
  }
  unknownKeys(raw, BOOTSTRAP_KEYS, 'bootstrap.', at);
  let ok = true;
  const method = raw['method'];
  if (typeof method !== 'string' || !(BOOTSTRAP_METHODS as readonly string[]).includes(method)) {
    at('bootstrap.method', method, `one of ${BOOTSTRAP_METHODS.join(', ')}`);
    ok = false;
  }
  const block = raw['block'];
  if (block !== undefined) {
    if (method === 'iid') {
      at('bootstrap.block', block, 'no block length for the iid method (block applies to moving-block and circular-block)');
      ok = false;
    } else if (!(Number.isInteger(block) && (block as number) >= 1)) {
      at('bootstrap.block', block, 'a positive integer block length');
      ok = false;
    }
  }
  const samples = raw['samples'];
  if (!(Number.isInteger(samples) && (samples as number) >= MIN_SAMPLES && (samples as number) <= 10_000_000)) {
    at('bootstrap.samples', samples, `an integer B ≥ ${MIN_SAMPLES} (10000 is usual)`);
    ok = false;
  }
  const seed = raw['seed'];
  if (!(Number.isSafeInteger(seed) && (seed as number) >= 0)) {
    at('bootstrap.seed', seed, 'a non-negative integer seed');
    ok = false;
  }
  const confidence = raw['confidence'];
  if (!(typeof confidence === 'number' && confidence > 0 && confidence < 1)) {
    at('bootstrap.confidence', confidence, 'a number strictly between 0 and 1, e.g. 0.95');
    ok = false;
  }
  if (!ok) return null;
  return {
    method: method as BootstrapMethod,
    block: (block as number | undefined) ?? DEFAULT_BLOCK,
    samples: samples as number,
    seed: seed as number,
    confidence: confidence as number,
  };
}

function parseCriterion(raw: unknown, path: string, at: At): GateCriterion | null {
  if (!isObject(raw)) {
    at(path, raw, 'an object {arm, baseline, metric, kind, limit, role}');
    return null;
  }
  unknownKeys(raw, CRITERION_KEYS, `${path}.`, at);
  let ok = true;
  const str = (key: string, expected: string): string | null => {
    const v = raw[key];
    if (typeof v !== 'string' || v === '') {
      at(`${path}.${key}`, v, expected);
      ok = false;
      return null;
    }
    return v;
  };
  const arm = str('arm', 'an arm name such as "predictive"');
  const baseline = str('baseline', 'an arm name such as "fifo"');
  const metric = str('metric', `a metric name (${METRIC_NAMES.join(', ')})`);
  if (metric !== null && !isMetricName(metric)) {
    at(`${path}.metric`, metric, `a metric name (${METRIC_NAMES.join(', ')})`);
    ok = false;
  }
  if (arm !== null && arm === baseline) {
    at(`${path}.baseline`, baseline, 'an arm different from the criterion arm');
    ok = false;
  }
  const kind = raw['kind'];
  if (typeof kind !== 'string' || !(KINDS as readonly string[]).includes(kind)) {
    at(`${path}.kind`, kind, `one of ${KINDS.join(', ')}`);
    ok = false;
  }
  const role = raw['role'];
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
    at(`${path}.role`, role, `one of ${ROLES.join(', ')}`);
    ok = false;
  }
  const limit = raw['limit'];
  if (typeof limit !== 'number' || !Number.isFinite(limit)) {
    at(`${path}.limit`, limit, 'a finite number');
    ok = false;
  } else if (kind === 'equivalence' && limit <= 0) {
    at(`${path}.limit`, limit, 'an equivalence margin > 0 (e.g. 0.05 for "within ±5 %")');
    ok = false;
  } else if (kind === 'ratio' && limit <= 0) {
    at(`${path}.limit`, limit, 'a ratio limit > 0 (e.g. 2 for "at most twice the baseline")');
    ok = false;
  } else if (kind === 'relative_delta' && limit <= -1) {
    at(`${path}.limit`, limit, 'a relative delta limit > −1 (e.g. −0.15 for "15 % lower")');
    ok = false;
  } else if (kind === 'relative_delta' && role === 'guardrail' && limit < 0) {
    at(`${path}.limit`, limit, 'a guardrail (non-inferiority) limit ≥ 0 for relative_delta (e.g. 0.05)');
    ok = false;
  }
  const pair = raw['pair'];
  if (pair !== undefined && (typeof pair !== 'string' || !(PAIRINGS as readonly string[]).includes(pair))) {
    at(`${path}.pair`, pair, `one of ${PAIRINGS.join(', ')}`);
    ok = false;
  }
  if (!ok) return null;
  const c = { arm: arm!, baseline: baseline!, metric: metric!, kind: kind as CriterionKind, limit: limit as number, role: role as CriterionRole };
  return pair === undefined ? c : { ...c, pair: pair as CriterionPairing };
}

function unknownKeys(obj: Record<string, unknown>, allowed: readonly string[], prefix: string, at: At): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) at(`${prefix}${key}`, obj[key], `only the fields ${allowed.join(', ')}`, 'an unknown field');
  }
}

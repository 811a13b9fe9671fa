// The one reader of result files (SPEC §10): parsed JSON → typed loads, arms, windows, labels, outcomes, or issues.
import { atPath } from '../errors.ts';
import { describe, isObject, type ParseOutcome } from '../json/json-value.ts';
import { PREDICT_OUTCOME_NAMES, type PredictOutcomeName } from '../predictor/outcomes.ts';
import { METRIC_NAMES } from './metric-names.ts';
import { parseLatencyCdf, type LatencyCdf } from './latency-cdf.ts';
import { parseByKey, parseSeries, type KeyRead, type SeriesRead } from './probe-results-read.ts';

/**
 * A metric object as read: every name of METRIC_NAMES was in the file; one written as null (a non-finite value) is
 * absent here, and analysis reports it as not available.
 */
export type Metrics = Readonly<Record<string, number>>;

/** One arm at one load: whole-run metrics and one metric object per window, in window order. */
export interface ArmResultRead {
  readonly all: Metrics;
  readonly windows: readonly Metrics[];
}

/** One load: its compress factor and arms. */
export interface LoadResultRead {
  readonly compress: number | null;
  readonly arms: Readonly<Record<string, ArmResultRead>>;
}

/** The parts of a result file that analysis uses. */
export interface ResultFileRead {
  readonly tool: string | null;
  readonly version: string | null;
  readonly commit: string | null;
  /**
   * The commit of the researcher's repository that held the experiment file, when it was not hsim's checkout
   * (`experiment_commit`); null otherwise. Pre-registration is proven against it when present.
   */
  readonly experimentCommit: string | null;
  readonly configHash: string | null;
  readonly traceSha256: string | null;
  /** Present for replay results: whether the replay run was valid (SPEC §11). */
  readonly replayValid: boolean | null;
  readonly results: Readonly<Record<string, LoadResultRead>>;
}

/** Whether parsed JSON has the shape of a result file (an object with a `results` object), not e.g. a gate file. */
export function looksLikeResultFile(input: unknown): boolean {
  return isObject(input) && isObject(input['results']);
}

/**
 * Validates parsed JSON as a result file; `file` names it in messages (`file → results.0.5.arms.fifo.windows[3]`).
 * Never throws: returns every issue found.
 */
export function parseResultFile(input: unknown, file: string): ParseOutcome<ResultFileRead> {
  const issues: string[] = [];
  if (!isObject(input)) return { ok: false, issues: [atPath(file, '', describe(input), 'a result file object (docs/result-file.md)')] };
  const trace = input['trace'];
  let traceSha256: string | null = null;
  if (trace !== undefined) {
    if (!isObject(trace)) issues.push(atPath(file, 'trace', describe(trace), 'an object'));
    else if (trace['sha256'] !== undefined) {
      if (typeof trace['sha256'] === 'string') traceSha256 = trace['sha256'];
      else issues.push(atPath(file, 'trace.sha256', describe(trace['sha256']), 'a string'));
    }
  }
  let replayValid: boolean | null = null;
  const replay = input['replay'];
  if (replay !== undefined) {
    if (!isObject(replay) || typeof replay['valid'] !== 'boolean') issues.push(atPath(file, 'replay.valid', describe(isObject(replay) ? replay['valid'] : replay), 'true or false'));
    else replayValid = replay['valid'];
  }
  const results: Record<string, LoadResultRead> = {};
  const rawResults = input['results'];
  if (!isObject(rawResults)) issues.push(atPath(file, 'results', describe(rawResults), 'an object of loads'));
  else {
    for (const [load, rawLoad] of Object.entries(rawResults)) {
      const loadPath = `results.${load}`;
      if (!isObject(rawLoad)) {
        issues.push(atPath(file, loadPath, describe(rawLoad), 'an object with compress and arms'));
        continue;
      }
      const compress = typeof rawLoad['compress'] === 'number' ? rawLoad['compress'] : null;
      const rawArms = rawLoad['arms'];
      if (!isObject(rawArms)) {
        issues.push(atPath(file, `${loadPath}.arms`, describe(rawArms), 'an object of arms'));
        continue;
      }
      const arms: Record<string, ArmResultRead> = {};
      for (const [arm, rawArm] of Object.entries(rawArms)) {
        const armPath = `${loadPath}.arms.${arm}`;
        if (!isObject(rawArm)) {
          issues.push(atPath(file, armPath, describe(rawArm), 'an object with all and windows'));
          continue;
        }
        const all = parseMetrics(rawArm['all'], file, `${armPath}.all`, issues);
        const rawWindows = rawArm['windows'];
        const windows: Metrics[] = [];
        if (!Array.isArray(rawWindows)) issues.push(atPath(file, `${armPath}.windows`, describe(rawWindows), 'an array of metric objects'));
        else rawWindows.forEach((w, i) => windows.push(parseMetrics(w, file, `${armPath}.windows[${i}]`, issues)));
        arms[arm] = { all, windows };
      }
      results[load] = { compress, arms };
    }
  }
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    value: {
      tool: stringOrNull(input['tool']),
      version: stringOrNull(input['version']),
      commit: stringOrNull(input['commit']),
      experimentCommit: stringOrNull(input['experiment_commit']),
      configHash: stringOrNull(input['config_hash']),
      traceSha256,
      replayValid,
      results,
    },
  };
}

/**
 * Reads a metric object at `path`: every metric name must be there, as a finite number or null (null is left out
 * of the value); other numeric fields are kept. Pushes one issue per problem.
 */
function parseMetrics(raw: unknown, file: string, path: string, issues: string[]): Metrics {
  const out: Record<string, number> = {};
  if (!isObject(raw)) {
    issues.push(atPath(file, path, describe(raw), 'a metric object'));
    return out;
  }
  for (const name of METRIC_NAMES) {
    if (!(name in raw)) issues.push(atPath(file, `${path}.${name}`, 'nothing', 'a finite number or null (every metric of docs/result-file.md)'));
  }
  for (const [name, v] of Object.entries(raw)) {
    if (v === null) continue;
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      issues.push(atPath(file, `${path}.${name}`, describe(v), 'a finite number or null'));
      continue;
    }
    out[name] = v;
  }
  return out;
}

function stringOrNull(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

/** The predictor outcome names of SPEC §10, in code order: declared once, in src/predictor/outcomes.ts. */
export const OUTCOME_NAMES: readonly PredictOutcomeName[] = PREDICT_OUTCOME_NAMES;

/** One of the predictor outcome names. */
export type OutcomeName = PredictOutcomeName;

/** Outcome counts; an outcome the file lacks counts 0. */
export type OutcomeCounts = Readonly<Record<OutcomeName, number>>;

/** What one arm at one load carries beyond `all` and `windows` (read by reports). */
export interface ArmExtras {
  readonly byLabel: Readonly<Record<string, Metrics>> | null;
  readonly outcomes: OutcomeCounts | null;
  readonly outcomeWindows: readonly OutcomeCounts[] | null;
  /** The arm's latency CDF (results of `--latency-cdf`), or null when the file has none. */
  readonly latencyCdf: LatencyCdf | null;
  /** `by_key` (simulate --by-key), or null. */
  readonly byKey: Readonly<Record<string, KeyRead>> | null;
  /** `series` (simulate --series N), or null. */
  readonly series: SeriesRead | null;
}

/** Provenance and options of one result file, and the extras of every load and arm. */
export interface ResultExtras {
  readonly file: string;
  readonly tool: string | null;
  readonly version: string | null;
  readonly commit: string | null;
  readonly configHash: string | null;
  readonly seed: number | null;
  readonly tracePath: string | null;
  readonly traceSha256: string | null;
  readonly traceRows: number | null;
  readonly evaluationRows: number | null;
  readonly windowBy: string | null;
  readonly workers: number | null;
  readonly replay: { readonly broker: string | null; readonly timeScale: number | null; readonly valid: boolean | null } | null;
  readonly loads: Readonly<Record<string, Readonly<Record<string, ArmExtras>>>>;
}

/**
 * Reads the report extras of a result file already accepted by `parseResultFile`. Malformed optional parts
 * (`by_label`, `outcomes`, `outcome_windows`, `latency_cdf`) are dropped and described in `issues`; never throws.
 */
export function parseResultExtras(input: Record<string, unknown>, file: string): { value: ResultExtras; issues: string[] } {
  const issues: string[] = [];
  const trace = isObject(input['trace']) ? input['trace'] : {};
  const options = isObject(input['options']) ? input['options'] : {};
  const replay = isObject(input['replay']) ? input['replay'] : null;
  const loads: Record<string, Record<string, ArmExtras>> = {};
  const results = isObject(input['results']) ? input['results'] : {};
  for (const [load, rawLoad] of Object.entries(results)) {
    if (!isObject(rawLoad) || !isObject(rawLoad['arms'])) continue;
    const arms: Record<string, ArmExtras> = {};
    for (const [arm, rawArm] of Object.entries(rawLoad['arms'])) {
      if (!isObject(rawArm)) continue;
      const path = `results.${load}.arms.${arm}`;
      arms[arm] = {
        byLabel: parseByLabel(rawArm['by_label'], file, `${path}.by_label`, issues),
        outcomes: rawArm['outcomes'] === undefined ? null : parseOutcomes(rawArm['outcomes'], `${file} → ${path}.outcomes`, issues),
        outcomeWindows: parseOutcomeWindows(rawArm['outcome_windows'], `${file} → ${path}.outcome_windows`, issues),
        latencyCdf: rawArm['latency_cdf'] === undefined ? null : parseLatencyCdf(rawArm['latency_cdf'], `${file} → ${path}.latency_cdf`, issues),
        byKey: parseByKey(rawArm['by_key'], `${file} → ${path}.by_key`, issues),
        series: parseSeries(rawArm['series'], `${file} → ${path}.series`, issues),
      };
    }
    loads[load] = arms;
  }
  return {
    value: {
      file,
      tool: stringOrNull(input['tool']),
      version: stringOrNull(input['version']),
      commit: stringOrNull(input['commit']),
      configHash: stringOrNull(input['config_hash']),
      seed: num(input['seed']),
      tracePath: stringOrNull(trace['path']),
      traceSha256: stringOrNull(trace['sha256']),
      traceRows: num(trace['rows']),
      evaluationRows: num(trace['evaluation_rows']),
      windowBy: stringOrNull(options['window_by']),
      workers: num(options['workers']),
      replay: replay === null ? null : { broker: stringOrNull(replay['broker']), timeScale: num(replay['time_scale']), valid: typeof replay['valid'] === 'boolean' ? replay['valid'] : null },
      loads,
    },
    issues,
  };
}

function parseByLabel(raw: unknown, file: string, path: string, issues: string[]): Record<string, Metrics> | null {
  const where = `${file} → ${path}`;
  if (raw === undefined || raw === null) return null;
  if (!isObject(raw)) {
    issues.push(`${where}: found ${describe(raw)}; expected an object of label → metric object (ignored)`);
    return null;
  }
  const out: Record<string, Metrics> = {};
  for (const [label, m] of Object.entries(raw)) {
    if (!isObject(m)) {
      issues.push(`${where}.${label}: found ${describe(m)}; expected a metric object (label ignored)`);
      continue;
    }
    const problems: string[] = [];
    const metrics = parseMetrics(m, file, `${path}.${label}`, problems);
    if (problems.length > 0) {
      for (const p of problems) issues.push(`${p} (label ignored)`);
      continue;
    }
    out[label] = metrics;
  }
  return out;
}

function parseOutcomes(raw: unknown, where: string, issues: string[]): OutcomeCounts | null {
  if (!isObject(raw)) {
    issues.push(`${where}: found ${describe(raw)}; expected an object of outcome counts (ignored)`);
    return null;
  }
  const out = {} as Record<OutcomeName, number>;
  for (const name of OUTCOME_NAMES) {
    const v = raw[name];
    if (v === undefined || v === null) out[name] = 0;
    else if (typeof v === 'number' && Number.isFinite(v) && v >= 0) out[name] = v;
    else {
      issues.push(`${where}.${name}: found ${describe(v)}; expected a count ≥ 0 (outcomes ignored)`);
      return null;
    }
  }
  return out;
}

function parseOutcomeWindows(raw: unknown, where: string, issues: string[]): OutcomeCounts[] | null {
  if (raw === undefined || raw === null) return null;
  if (!Array.isArray(raw)) {
    issues.push(`${where}: found ${describe(raw)}; expected an array of outcome counts per window (ignored)`);
    return null;
  }
  const out: OutcomeCounts[] = [];
  for (let w = 0; w < raw.length; w++) {
    const c = parseOutcomes(raw[w], `${where}[${w}]`, issues);
    if (c === null) return null;
    out.push(c);
  }
  return out;
}


function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

// Reading a result file (SPEC §10) from parsed JSON: validated into typed loads, arms and window metrics, or issues.
import { atPath } from '../src/errors.ts';

/** The metric names of SPEC §10, present in `all`, every window and every label. */
export const METRIC_NAMES = [
  'count', 'mean_latency_ms', 'p50_latency_ms', 'p95_latency_ms', 'p99_latency_ms', 'mean_wait_ms', 'slowdown_p50',
  'slowdown_p99', 'long_max_wait_ms', 'short_mean_ms', 'short_p50_ms', 'medium_mean_ms', 'medium_p50_ms',
  'long_mean_ms', 'long_p50_ms',
] as const;

/** One of the metric names of SPEC §10. */
export type MetricName = (typeof METRIC_NAMES)[number];

/** A metric object; a metric the file lacks (or writes as null) is absent here. */
export type Metrics = Readonly<Record<string, number>>;

/** One arm at one load: whole-run metrics and one metric object per window, in window order. */
export interface ArmResult {
  readonly all: Metrics;
  readonly windows: readonly Metrics[];
}

/** One load: its compress factor and arms. */
export interface LoadResult {
  readonly compress: number | null;
  readonly arms: Readonly<Record<string, ArmResult>>;
}

/** The parts of a result file that analysis uses. */
export interface ResultFile {
  readonly tool: string | null;
  readonly version: string | null;
  readonly commit: string | null;
  readonly configHash: string | null;
  readonly traceSha256: string | null;
  /** Present for replay results: whether the replay run was valid (SPEC §11). */
  readonly replayValid: boolean | null;
  readonly results: Readonly<Record<string, LoadResult>>;
}

/** Parsed result file or the list of problems found (all of them). */
export type ParseOutcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issues: readonly string[] };

/** Whether parsed JSON has the shape of a result file (an object with a `results` object), not e.g. a gate file. */
export function looksLikeResultFile(input: unknown): boolean {
  return isObject(input) && isObject(input['results']);
}

/**
 * Validates parsed JSON as a result file; `file` names it in messages (`file → results.0.5.arms.fifo.windows[3]`).
 * Never throws: returns every issue found.
 */
export function parseResultFile(input: unknown, file: string): ParseOutcome<ResultFile> {
  const issues: string[] = [];
  if (!isObject(input)) return { ok: false, issues: [atPath(file, '', describe(input), 'a result file object (SPEC §10)')] };
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
  const results: Record<string, LoadResult> = {};
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
      const arms: Record<string, ArmResult> = {};
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
      configHash: stringOrNull(input['config_hash']),
      traceSha256,
      replayValid,
      results,
    },
  };
}

function parseMetrics(raw: unknown, file: string, path: string, issues: string[]): Metrics {
  const out: Record<string, number> = {};
  if (!isObject(raw)) {
    issues.push(atPath(file, path, describe(raw), 'a metric object'));
    return out;
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

/** Whether a value is a plain (non-array) object. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A short description of a JSON value for messages: `"abc"`, `12`, `an array`, `nothing`. */
export function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v);
  return String(v);
}

function stringOrNull(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

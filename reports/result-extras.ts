// The parts of a result file that reports need beyond analysis/result-file.ts: labels, predictor outcomes, provenance.
import { describe, isObject, type Metrics } from '../analysis/result-file.ts';

/** The predictor outcome names of SPEC §10, in display order. */
export const OUTCOME_NAMES = ['predicted', 'cold_key', 'unready', 'stale_key', 'high_spread', 'censored', 'invalid_key'] as const;

/** One of the predictor outcome names. */
export type OutcomeName = (typeof OUTCOME_NAMES)[number];

/** Outcome counts; an outcome the file lacks counts 0. */
export type OutcomeCounts = Readonly<Record<OutcomeName, number>>;

/** What one arm at one load carries beyond `all` and `windows`. */
export interface ArmExtras {
  readonly byLabel: Readonly<Record<string, Metrics>> | null;
  readonly outcomes: OutcomeCounts | null;
  readonly outcomeWindows: readonly OutcomeCounts[] | null;
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
 * (`by_label`, `outcomes`, `outcome_windows`) are dropped and described in `issues`; never throws.
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
        byLabel: parseByLabel(rawArm['by_label'], `${file} → ${path}.by_label`, issues),
        outcomes: rawArm['outcomes'] === undefined ? null : parseOutcomes(rawArm['outcomes'], `${file} → ${path}.outcomes`, issues),
        outcomeWindows: parseOutcomeWindows(rawArm['outcome_windows'], `${file} → ${path}.outcome_windows`, issues),
      };
    }
    loads[load] = arms;
  }
  return {
    value: {
      file,
      tool: str(input['tool']),
      version: str(input['version']),
      commit: str(input['commit']),
      configHash: str(input['config_hash']),
      seed: num(input['seed']),
      tracePath: str(trace['path']),
      traceSha256: str(trace['sha256']),
      traceRows: num(trace['rows']),
      evaluationRows: num(trace['evaluation_rows']),
      windowBy: str(options['window_by']),
      workers: num(options['workers']),
      replay: replay === null ? null : { broker: str(replay['broker']), timeScale: num(replay['time_scale']), valid: typeof replay['valid'] === 'boolean' ? replay['valid'] : null },
      loads,
    },
    issues,
  };
}

function parseByLabel(raw: unknown, where: string, issues: string[]): Record<string, Metrics> | null {
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
    const metrics: Record<string, number> = {};
    for (const [name, v] of Object.entries(m)) if (typeof v === 'number' && Number.isFinite(v)) metrics[name] = v;
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

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

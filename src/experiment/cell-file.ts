// A cell's result file: the SPEC §10 result of one simulation plus a `cell` block naming its place in the experiment.
import { describeJson, isRecord, type Parsed } from './json-shape.ts';
import type { Overrides } from './overrides.ts';

/** Where a cell sits in its experiment; written into the cell's file. */
export interface CellBlock {
  readonly id: string;
  readonly index: number;
  readonly experiment: string;
  readonly experiment_hash: string;
  readonly cells_total: number;
  readonly trace_name: string;
  readonly load: string;
  readonly arm: string;
  readonly overrides: Overrides;
  readonly repeat: number;
  readonly key: string;
  /** The experiment's own levels, workers and seed (merged results record these as the base options). */
  readonly base: { readonly levels: number; readonly workers: number; readonly seed: number };
}

/** The parts of an arm's result that merging moves around (the rest is carried as is). */
export interface ArmResultJson {
  readonly [field: string]: unknown;
}

/** A cell file as read back. */
export interface CellFile {
  readonly tool: string;
  readonly version: string;
  readonly commit: string;
  readonly config_hash: string;
  readonly seed: number;
  readonly trace: { readonly path: string; readonly sha256: string; readonly rows: number; readonly history_rows: number; readonly evaluation_rows: number; readonly boundaries_ms: readonly number[] };
  readonly options: Readonly<Record<string, unknown>>;
  readonly results: Readonly<Record<string, { readonly compress: number; readonly arms: Readonly<Record<string, ArmResultJson>> }>>;
  readonly cell: CellBlock;
}

/**
 * Checks that parsed JSON is a cell file (the fields merging relies on); `file` names it in messages.
 * Never throws.
 */
export function parseCellFile(input: unknown, file: string): Parsed<CellFile> {
  const issues: string[] = [];
  const need = (cond: boolean, path: string, v: unknown, expected: string): void => {
    if (!cond) issues.push(`${file} → ${path}: ${describeJson(v)}; expected ${expected}`);
  };
  if (!isRecord(input)) return { ok: false, issues: [`${file} → (root): ${describeJson(input)}; expected a cell result file written by hsim run`] };
  const trace = input['trace'];
  const cell = input['cell'];
  const results = input['results'];
  need(typeof input['config_hash'] === 'string', 'config_hash', input['config_hash'], 'a hash');
  need(isRecord(trace) && typeof trace['sha256'] === 'string' && Array.isArray(trace['boundaries_ms']), 'trace', trace, 'the trace block of a result file');
  need(isRecord(input['options']), 'options', input['options'], 'an object');
  need(isRecord(cell) && typeof cell['id'] === 'string' && typeof cell['key'] === 'string' && typeof cell['load'] === 'string' && isRecord(cell['base']), 'cell', cell, 'the cell block written by hsim run');
  if (isRecord(results) && isRecord(cell)) {
    const load = results[String(cell['load'])];
    need(isRecord(load) && isRecord(load['arms']) && Object.keys(load['arms']).length === 1 && isRecord(load['arms'][String(cell['key'])]),
      `results.${String(cell['load'])}.arms`, isRecord(load) ? load['arms'] : load, `exactly the arm "${String(cell['key'])}"`);
  } else need(false, 'results', results, 'an object');
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: input as unknown as CellFile };
}

/** The one arm result a cell holds. */
export function cellArm(c: CellFile): { compress: number; arm: ArmResultJson } {
  const load = c.results[c.cell.load]!;
  return { compress: load.compress, arm: load.arms[c.cell.key]! };
}

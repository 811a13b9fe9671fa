// A cell's result file: the SPEC §10 result of one simulation plus a `cell` block naming its place in the experiment.
import type { ArmResult, ResultFile } from '../src/result/result-file.ts';
import { parseResultFile } from '../src/result/result-reader.ts';
import { describe, isObject, type ParseOutcome } from '../src/json/json-value.ts';
import type { Overrides } from '../src/config/overrides.ts';

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
  /** The commit of the experiment file's repository when it is not hsim's checkout (absent otherwise). */
  readonly experiment_commit?: string;
  /** For a generated trace: the hash of its spec (without the seed), the trace's identity across replications. */
  readonly trace_spec_sha256?: string;
}

/** A cell file: the result file of one simulation (one load, one arm) with its `cell` block. */
export interface CellFile extends ResultFile {
  readonly cell: CellBlock;
}

/**
 * Checks that parsed JSON is a cell file: a valid result file (the one reader, every metric present) with the
 * fields merging relies on; `file` names it in messages. Never throws.
 */
export function parseCellFile(input: unknown, file: string): ParseOutcome<CellFile> {
  const issues: string[] = [];
  const need = (cond: boolean, path: string, v: unknown, expected: string): void => {
    if (!cond) issues.push(`${file} → ${path}: ${describe(v)}; expected ${expected}`);
  };
  if (!isObject(input)) return { ok: false, issues: [`${file} → (root): ${describe(input)}; expected a cell result file written by hsim run`] };
  const trace = input['trace'];
  const cell = input['cell'];
  const results = input['results'];
  need(typeof input['config_hash'] === 'string', 'config_hash', input['config_hash'], 'a hash');
  need(isObject(trace) && typeof trace['sha256'] === 'string' && Array.isArray(trace['boundaries_ms']), 'trace', trace, 'the trace block of a result file');
  need(isObject(input['options']), 'options', input['options'], 'an object');
  need(isObject(cell) && typeof cell['id'] === 'string' && typeof cell['key'] === 'string' && typeof cell['load'] === 'string' && isObject(cell['base']), 'cell', cell, 'the cell block written by hsim run');
  if (isObject(results) && isObject(cell)) {
    const load = results[String(cell['load'])];
    need(isObject(load) && isObject(load['arms']) && Object.keys(load['arms']).length === 1 && isObject(load['arms'][String(cell['key'])]),
      `results.${String(cell['load'])}.arms`, isObject(load) ? load['arms'] : load, `exactly the arm "${String(cell['key'])}"`);
  } else need(false, 'results', results, 'an object');
  if (issues.length === 0) {
    const read = parseResultFile(input, file);
    if (!read.ok) issues.push(...read.issues);
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: input as unknown as CellFile };
}

/** The one arm result a cell holds. */
export function cellArm(c: CellFile): { compress: number; arm: ArmResult } {
  const load = c.results[c.cell.load]!;
  return { compress: load.compress, arm: load.arms[c.cell.key]! };
}

// Merging the cells of one trace into the SPEC §10 result shape (loads → arms), refusing conflicts.
import { stableStringify } from '../src/json/stable-json.ts';
import * as msg from './messages.ts';
import type { LoadResult, ResultTrace } from '../src/result/result-file.ts';
import { cellArm, type CellFile } from './cell-file.ts';

/** The merged content of one trace; the I/O side adds tool, version, commit and config hash. */
export interface MergedTrace {
  readonly tracePath: string;
  readonly traceSha256: string;
  readonly trace: ResultTrace;
  readonly options: Record<string, unknown>;
  readonly results: Record<string, LoadResult>;
}

/** The experiment a merge belongs to and its own levels, workers and seed. */
export interface MergeBase {
  readonly experiment: string;
  readonly experiment_hash: string;
  readonly levels: number;
  readonly workers: number;
  readonly seed: number;
  /** The commit of the experiment file's repository when it is not hsim's checkout (absent otherwise). */
  readonly experiment_commit?: string;
}

/**
 * Merges cells of one trace, given in cell order, into loads → arms. `keyOf` names each cell's arm (default:
 * its key). Options are the experiment's base options; an arm run with other levels, workers or seed is listed
 * under `options.arm_options[key]` (with its boundaries), and an arm whose compress factor differs from its
 * load's carries its own `compress`. Returns issues (never throws) for cells of different traces and for two
 * cells with the same load and arm.
 */
export function mergeTraceCells(sorted: readonly CellFile[], base: MergeBase, keyOf: (c: CellFile) => string = (c) => c.cell.key): { merged: MergedTrace | null; issues: string[] } {
  const issues: string[] = [];
  const first = sorted[0];
  if (first === undefined) return { merged: null, issues: ['no cells to merge'] };
  const isBase = (c: CellFile): boolean => c.options['levels'] === base.levels && c.options['workers'] === base.workers;
  const baseCell = sorted.find(isBase) ?? first;
  const results: MergedTrace['results'] = {};
  const armOptions: Record<string, unknown> = {};
  const keys: string[] = [];
  const loads: string[] = [];
  // A generated trace is one trace per seed: its cells agree on the spec's hash, and each seed's SHA-256 is recorded.
  const identity = (c: CellFile): string => c.cell.trace_spec_sha256 ?? c.trace.sha256;
  const generated: Record<string, string> = {};
  for (const c of sorted) {
    if (identity(c) !== identity(first)) issues.push(msg.cellOfOtherTrace(c.cell.id, identity(c), identity(first), first.cell.id));
    if (c.cell.trace_spec_sha256 !== undefined) {
      const seed = String(c.options['seed']);
      if (generated[seed] !== undefined && generated[seed] !== c.trace.sha256) issues.push(`cell ${c.cell.id}: generated trace sha256 ${c.trace.sha256} for seed ${seed}; expected ${generated[seed]} as in an earlier cell`);
      generated[seed] = c.trace.sha256;
    }
    const key = keyOf(c);
    const { compress, arm } = cellArm(c);
    let load = results[c.cell.load];
    if (load === undefined) {
      const ref = sorted.find((o) => o.cell.load === c.cell.load && isBase(o)) ?? c;
      load = { compress: cellArm(ref).compress, arms: {} };
      results[c.cell.load] = load;
      loads.push(c.cell.load);
    }
    if (load.arms[key] !== undefined) {
      issues.push(msg.cellTwice(c.cell.load, key, c.cell.id));
      continue;
    }
    load.arms[key] = compress === load.compress ? arm : { ...arm, compress };
    if (!keys.includes(key)) keys.push(key);
    const differs = c.options['levels'] !== base.levels || c.options['workers'] !== base.workers || c.options['seed'] !== base.seed;
    if (differs) armOptions[key] = { levels: c.options['levels'], workers: c.options['workers'], seed: c.options['seed'], boundaries_ms: c.trace.boundaries_ms };
  }
  const options: Record<string, unknown> = {
    ...baseCell.options,
    experiment: base.experiment,
    experiment_hash: base.experiment_hash,
    arms: keys,
    loads,
    levels: base.levels,
    workers: base.workers,
    seed: base.seed,
  };
  if (Object.keys(armOptions).length > 0) options['arm_options'] = armOptions;
  if (Object.keys(generated).length > 0) options['generated_trace_sha256'] = generated;
  const { rows, history_rows, evaluation_rows, boundaries_ms } = baseCell.trace;
  return {
    merged: {
      tracePath: first.trace.path,
      traceSha256: identity(first),
      trace: { rows, history_rows, evaluation_rows, boundaries_ms: [...boundaries_ms] },
      options,
      results,
    },
    issues,
  };
}

/** Whether two cell files hold the same result (ignoring the timing field `sim_seconds` and provenance). */
export function sameCellResult(a: CellFile, b: CellFile): boolean {
  const strip = (c: CellFile): string => {
    const { arm, compress } = cellArm(c);
    const { sim_seconds: _s, ...rest } = arm;
    return stableStringify({ config_hash: c.config_hash, trace: c.trace, cell: c.cell, compress, arm: rest });
  };
  return strip(a) === strip(b);
}

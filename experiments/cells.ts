// Cells of an experiment: the product trace × load × arm × override × repeat, in one stable order, with ids.
import { createHash } from 'node:crypto';
import { stableStringify } from '../src/json/stable-json.ts';
import type { ExperimentSpec, ExperimentTrace } from '../src/config/experiment-file.ts';
import { applyOverrides, armKey, type Overrides } from '../src/config/overrides.ts';

/** One simulation run: a trace, a load, an arm under one override set (and repeat). */
export interface Cell {
  /** Position in the stable cell order (shards take every n-th). */
  readonly index: number;
  /** File name stem of the cell's result: readable part + 10 hex digits of its identity. */
  readonly id: string;
  readonly trace: ExperimentTrace;
  readonly load: string;
  readonly arm: string;
  readonly overrides: Overrides;
  readonly repeat: number;
  /** The arm's key in merged results: `arm`, `arm@p=v[,…]`, plus `#r` when the experiment repeats. */
  readonly key: string;
  /** The arm string handed to the arm parser (`arm@p=v,…` with the arm parameters only). */
  readonly armText: string;
  readonly levels: number;
  readonly workers: number;
  readonly seed: number;
  /** The cell's tie order and jitter (`shuffle:SEED`, `MS:SEED`), with a replication's seed filled in; absent: none. */
  readonly ties?: string;
  readonly jitter?: string;
}

/**
 * Expands an experiment into its cells, ordered by trace, load, arm, override, repeat (file order each).
 * Repeat r runs with seed `spec.seed + r`; with replications, repeat r is replication seed s = replications[r]
 * (key `arm#sS`, seed S, and S as the seed of a seedless tie shuffle or jitter).
 */
export function expandCells(spec: ExperimentSpec): Cell[] {
  const cells: Cell[] = [];
  const reps = spec.replications;
  const count = reps?.length ?? spec.repeats;
  for (const trace of spec.traces) {
    for (const load of spec.loads) {
      for (const arm of spec.arms) {
        for (const overrides of spec.overrides) {
          for (let r = 0; r < count; r++) {
            const applied = applyOverrides(arm, overrides);
            const seed = reps ? reps[r]! : spec.seed + r;
            const key = armKey(arm, overrides) + (reps ? `#s${seed}` : spec.repeats > 1 ? `#${r}` : '');
            const ties = spec.ties === 'shuffle' ? `shuffle:${seed}` : spec.ties;
            const jitter = spec.jitter !== undefined && !spec.jitter.includes(':') ? `${spec.jitter}:${seed}` : spec.jitter;
            cells.push({
              index: cells.length,
              id: cellId(trace, load, key),
              trace, load, arm, overrides, repeat: r, key,
              armText: applied.armText,
              levels: applied.levels ?? spec.levels,
              workers: applied.workers ?? spec.workers,
              seed,
              ...(ties !== undefined ? { ties } : {}),
              ...(jitter !== undefined ? { jitter } : {}),
            });
          }
        }
      }
    }
  }
  return cells;
}

/** `<trace>.<load>.<arm key, file-safe, ≤ 60 chars>.<10 hex of sha256(trace sha, load, key)>`. */
export function cellId(trace: ExperimentTrace, load: string, key: string): string {
  const slug = key.replace(/[^A-Za-z0-9.=_-]+/g, '_').slice(0, 60);
  const hash = createHash('sha256').update(`${trace.sha256}\n${load}\n${key}`).digest('hex').slice(0, 10);
  return `${trace.name}.${load}.${slug}.${hash}`;
}

/** SHA-256 of the experiment's content apart from `out` (shards of one experiment agree on it). */
export function experimentHash(spec: ExperimentSpec): string {
  const { out: _out, ...rest } = spec;
  return createHash('sha256').update(stableStringify(rest)).digest('hex');
}

export { configHash } from '../src/json/config-hash.ts';
